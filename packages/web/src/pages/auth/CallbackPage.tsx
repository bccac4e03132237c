import { errorMessage } from '@printloom/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client.js';
import { startSession } from '../../api/hooks/useAuth.js';
import { PATHS } from '../../constants.js';
import { isSafeInternalPath, isSameOriginUrl } from '../../routes/redirects.js';

/**
 * Arrival from another Printloom domain (spec §2): `token` becomes this host's session, then the
 * `redirect` path opens.
 */
export function CallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    const target = params.get('redirect') || PATHS.home;
    if (!token) {
      setFailure('The sign-in link has no token.');
      return;
    }
    // The token becomes this host's HttpOnly session cookie, set by the server.
    api.auth
      .callbackSession({ body: { token } })
      .then(() => startSession(token))
      .then(() => {
        if (isSafeInternalPath(target)) navigate(target, { replace: true });
        else if (isSameOriginUrl(target, window.location.origin)) window.location.assign(target);
        else navigate(PATHS.home, { replace: true });
      })
      .catch((error: unknown) => setFailure(errorMessage(error)));
  }, [params, navigate]);
  if (failure) {
    return (
      <div role="alert">
        <p className="text-danger">{failure}</p>
        <Link to={PATHS.login}>Login</Link>
      </div>
    );
  }
  return <p role="status">Signing you in…</p>;
}

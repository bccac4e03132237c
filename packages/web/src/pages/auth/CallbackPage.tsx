import { type CallbackAccountAnswer, errorMessage } from '@printloom/core';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client.js';
import { startSession } from '../../api/hooks/useAuth.js';
import { PATHS } from '../../constants.js';
import { isSafeInternalPath, isSameOriginUrl } from '../../routes/redirects.js';

type Step =
  | { kind: 'checking' }
  | { kind: 'confirm'; account: CallbackAccountAnswer }
  | { kind: 'signing-in' }
  | { kind: 'failed'; message: string };

/**
 * Arrival from another Printloom domain (spec §2): `token` becomes this host's session, then the
 * `redirect` path opens. The link is anyone's to make, so the page first names the account it
 * carries and waits for "Continue": a link someone else sent cannot sign the user into the
 * sender's account unnoticed (login CSRF).
 */
export function CallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const started = useRef(false);
  const token = params.get('token');
  const target = params.get('redirect') || PATHS.home;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      setStep({ kind: 'failed', message: 'The sign-in link has no token.' });
      return;
    }
    api.auth
      .callbackAccount({ body: { token } })
      .then((account) => setStep({ kind: 'confirm', account }))
      .catch((error: unknown) => setStep({ kind: 'failed', message: errorMessage(error) }));
  }, [token]);

  const signIn = () => {
    if (!token) return;
    setStep({ kind: 'signing-in' });
    // The token becomes this host's HttpOnly session cookie, set by the server.
    api.auth
      .callbackSession({ body: { token } })
      .then(() => startSession(token))
      .then(() => {
        if (isSafeInternalPath(target)) navigate(target, { replace: true });
        else if (isSameOriginUrl(target, window.location.origin)) window.location.assign(target);
        else navigate(PATHS.home, { replace: true });
      })
      .catch((error: unknown) => setStep({ kind: 'failed', message: errorMessage(error) }));
  };

  if (step.kind === 'failed') {
    return (
      <div role="alert">
        <p className="text-danger">{step.message}</p>
        <Link to={PATHS.login}>Login</Link>
      </div>
    );
  }
  if (step.kind === 'confirm') {
    const { email, name } = step.account;
    return (
      <section aria-labelledby="callback-title">
        <h1 id="callback-title" className="h5">
          Continue as {name ? `${name} (${email})` : email}?
        </h1>
        <p className="text-body-secondary">
          This link signs you in to that account here. If it is not yours, do not continue.
        </p>
        <div className="d-flex gap-2">
          <Button onClick={signIn}>Continue</Button>
          <Link to={PATHS.login} className="btn btn-outline-secondary">
            Not my account
          </Link>
        </div>
      </section>
    );
  }
  return <p role="status">{step.kind === 'checking' ? 'Checking the link…' : 'Signing you in…'}</p>;
}

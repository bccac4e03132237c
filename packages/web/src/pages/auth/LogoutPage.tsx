import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '../../api/hooks/useAuth.js';
import { PATHS } from '../../constants.js';

/** Ends the session on the server and here, then goes to /auth/login (spec §2). */
export function LogoutPage() {
  const logout = useLogout();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout.mutate(undefined, { onSettled: () => navigate(PATHS.login, { replace: true }) });
  }, [logout, navigate]);
  return <p role="status">Signing you out…</p>;
}

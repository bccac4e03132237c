import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { afterLoginTarget } from './afterLogin.js';

export function useGoAfterLogin(): () => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(() => {
    const target = afterLoginTarget(search, window.location.origin);
    if (target.internal) navigate(target.to, { replace: true });
    else window.location.assign(target.to);
  }, [navigate, search]);
}

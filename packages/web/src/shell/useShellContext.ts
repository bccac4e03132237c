import { roleOf, type User } from '@printloom/core';
import { useMemo } from 'react';
import { domainInfo, pageContext } from '../env/domain.js';

/** What the shell reads about the user and the host, computed once per render. */
export function useShellContext(user: User) {
  return useMemo(() => {
    const domain = domainInfo(window.location.host);
    const menuContext = pageContext(domain);
    return { domain, menuContext, role: roleOf(user) };
  }, [user]);
}

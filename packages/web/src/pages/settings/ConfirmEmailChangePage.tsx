import { pagePath } from '@printloom/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useConfirmEmailChange } from '../../api/hooks/useAccountSettings.js';
import { FormError } from '../auth/FormError.js';

/** The link sent to a new email address: opening it changes the account's email. */
export function ConfirmEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirm = useConfirmEmailChange();
  const asked = useRef(false);
  useEffect(() => {
    if (token && !asked.current) {
      asked.current = true;
      confirm.mutate(token);
    }
  }, [token, confirm]);

  if (confirm.isSuccess) {
    return (
      <div role="status">
        <h1 className="h4 mb-3">Email changed</h1>
        <p>Use your new address from now on to sign in.</p>
        <Link to={pagePath('overview')} className="btn btn-primary w-100">
          Go to the dashboard
        </Link>
      </div>
    );
  }
  return (
    <div>
      <h1 className="h4 mb-3">Confirm your new email</h1>
      <FormError error={confirm.error} />
      {!token ? <p>This link has no token. Open the link from the mail again.</p> : null}
      {token && confirm.isPending ? <p role="status">Checking your link…</p> : null}
    </div>
  );
}

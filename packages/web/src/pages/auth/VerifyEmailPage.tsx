import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useSearchParams } from 'react-router';
import { useMe, useResendVerification, useVerifyEmail } from '../../api/hooks/useAuth.js';
import { DemoOutboxLink } from '../dev/OutboxPage.js';
import { FormError } from './FormError.js';

/**
 * Email verification (spec §2, §5): a link's `token` is checked at once; without one the page
 * offers to send the link again.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const me = useMe();
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const asked = useRef(false);
  useEffect(() => {
    if (token && !asked.current) {
      asked.current = true;
      verify.mutate(token);
    }
  }, [token, verify]);

  if (verify.isSuccess) {
    return (
      <div role="status">
        <h1 className="h4 mb-3">Email verified</h1>
        <Link to="/" className="btn btn-primary w-100">
          Go to the dashboard
        </Link>
      </div>
    );
  }
  return (
    <div>
      <h1 className="h4 mb-3">Verify your email</h1>
      <FormError error={verify.error ?? resend.error} />
      {token && verify.isPending ? <p>Checking your link…</p> : null}
      {me ? (
        <p>
          We sent a verification link to <strong>{me.email}</strong>. Open it to keep using the
          dashboard.
        </p>
      ) : (
        <p>Open the link we sent to your email, or login to send it again.</p>
      )}
      {resend.isSuccess ? (
        <div className="alert alert-success py-2" role="status">
          A new link is on its way.
        </div>
      ) : null}
      {me ? (
        <Button className="w-100" onClick={() => resend.mutate()} disabled={resend.isPending}>
          Send the link again
        </Button>
      ) : (
        <Link to="/auth/login" className="btn btn-primary w-100">
          Login
        </Link>
      )}
      {token ? null : <DemoOutboxLink />}
      {me ? (
        <p className="mt-3 mb-0 small text-center">
          <Link to="/auth/logout">Logout</Link>
        </p>
      ) : null}
    </div>
  );
}

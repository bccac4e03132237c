import { roleOf } from '@printloom/core';
import { Link } from 'react-router';
import { useMe } from '../api/hooks/useAuth.js';
import { PATHS } from '../constants.js';
import { usePageTitle } from './usePageTitle.js';

/** The signed-in account as the platform knows it; editing comes with the settings pages. */
export function AccountPage() {
  const user = useMe();
  const title = usePageTitle();
  if (!user) return null;
  const rows: [string, string][] = [
    ['Name', user.name],
    ['Email', user.email],
    ['Email verified', user.email_verified_at ? 'Yes' : 'No'],
    ['Role', roleOf(user)],
    ['Phone', user.phone ?? '—'],
    ['Facebook', user.facebook ?? '—'],
    ['Two-factor authentication', user.tfa_enable ? 'On' : 'Off'],
  ];
  return (
    <>
      <h1 className="h3 mb-4">{title}</h1>
      <div className="card" style={{ maxWidth: 640 }}>
        <dl className="row card-body mb-0">
          {rows.map(([label, value]) => (
            <div className="d-contents" key={label}>
              <dt className="col-sm-5">{label}</dt>
              <dd className="col-sm-7">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {user.email_verified_at ? null : (
        <Link to={PATHS.verifyEmail} className="btn btn-outline-primary mt-3">
          Verify my email
        </Link>
      )}
    </>
  );
}

import { EMAIL_BANNER_MESSAGE, showEmailBanner, type User } from '@printloom/core';
import { Link } from 'react-router';
import { PATHS } from '../constants.js';

/** 'You need to verify your email, click to verify!' for unverified non-designers (spec §2, §5). */
export function EmailBanner({ user }: { user: User }) {
  if (!showEmailBanner(user)) return null;
  return (
    <div className="alert alert-warning rounded-0 mb-0 py-2 text-center" role="status">
      <Link to={PATHS.verifyEmail} className="alert-link" data-testid="email-banner">
        {EMAIL_BANNER_MESSAGE}
      </Link>
    </div>
  );
}

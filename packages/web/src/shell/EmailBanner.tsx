import {
  EMAIL_BANNER_MESSAGE,
  EMAIL_VERIFY_PATH,
  showEmailBanner,
  type User,
} from '@printloom/core';
import { Link } from 'react-router';

/** 'You need to verify your email, click to verify!' for unverified non-designers (spec §2, §5). */
export function EmailBanner({ user }: { user: User }) {
  if (!showEmailBanner(user)) return null;
  return (
    <div className="alert alert-warning rounded-0 mb-0 py-2 text-center" role="status">
      <Link to={EMAIL_VERIFY_PATH} className="alert-link" data-testid="email-banner">
        {EMAIL_BANNER_MESSAGE}
      </Link>
    </div>
  );
}

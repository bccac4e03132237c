import { Link } from 'react-router';
import { PATHS, SMS_CREDITS_LABEL } from '../constants.js';

/** SMS credits with a link to top up (spec §2 sidebar balance widget). */
export function BalanceWidget({ smsCredit }: { smsCredit: number }) {
  return (
    <Link
      to={PATHS.smsTopup}
      className="dropdown-item d-flex justify-content-between"
      data-testid="sms-credits"
    >
      <span>{SMS_CREDITS_LABEL}</span>
      <strong>{smsCredit.toLocaleString('en-US')}</strong>
    </Link>
  );
}

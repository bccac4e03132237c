import { formatCurrency, imageLink, type User } from '@printloom/core';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { useBalance } from '../api/hooks/useBalance.js';
import { AVATAR_SIZE_PX, PATHS } from '../constants.js';
import { BalanceWidget } from './BalanceWidget.js';
import { userMenu } from './userMenu.js';

const CURRENCY = 'USD';

/** The user dropdown (spec §2 Top bar). */
export function UserDropdown({
  user,
  onSwitchAccount,
  onSwitchBack,
}: {
  user: User;
  onSwitchAccount: () => void;
  onSwitchBack: () => void;
}) {
  const base = userMenu(user, 0);
  // A team account without get_payments is refused the balance call, so it is not made.
  const balance = useBalance(base.showBalance);
  const balance2 = balance.data?.user_info.balance_2 ?? 0;
  const menu = userMenu(user, balance2);
  const avatar = user.avatar
    ? imageLink('', user.avatar, { w: AVATAR_SIZE_PX, h: AVATAR_SIZE_PX })
    : null;
  return (
    <Dropdown align="end" data-testid="user-dropdown">
      <Dropdown.Toggle variant="link" className="nav-link d-flex align-items-center gap-2">
        {avatar ? (
          <img
            src={avatar}
            alt=""
            width={AVATAR_SIZE_PX}
            height={AVATAR_SIZE_PX}
            className="rounded-circle"
          />
        ) : (
          <span
            className="rounded-circle bg-primary text-white d-inline-flex align-items-center justify-content-center"
            style={{ width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX }}
            aria-hidden="true"
          >
            {user.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        {/* Hidden from sight below md (avatar only), never from screen readers: it names the button. */}
        <span className="user-menu-label text-start lh-sm">
          <span className="d-block fw-semibold">{user.name}</span>
          <small className="text-body-secondary" data-testid="role-label">
            {menu.roleLabel}
          </small>
        </span>
      </Dropdown.Toggle>
      <Dropdown.Menu style={{ minWidth: 240 }}>
        {menu.showBalance ? (
          <Dropdown.Item as={Link} to={PATHS.payouts} className="d-flex justify-content-between">
            <span>Balance</span>
            <strong>
              {formatCurrency(balance.data?.user_info.balance ?? user.balance, CURRENCY)}
            </strong>
          </Dropdown.Item>
        ) : null}
        {menu.showBalance2 ? (
          <Dropdown.Item as={Link} to={PATHS.payouts} className="d-flex justify-content-between">
            <span>Balance 2</span>
            <strong>{formatCurrency(balance2, CURRENCY)}</strong>
          </Dropdown.Item>
        ) : null}
        {menu.showSmsWidget ? (
          <BalanceWidget smsCredit={balance.data?.user_info.sms_credit ?? user.sms_credit} />
        ) : null}
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to={menu.accountPath}>
          My Account
        </Dropdown.Item>
        {menu.showBackToMyAccount ? (
          <Dropdown.Item as="button" onClick={onSwitchBack}>
            Back To My Account
          </Dropdown.Item>
        ) : null}
        {menu.showSwitchAccount ? (
          <Dropdown.Item as="button" onClick={onSwitchAccount}>
            Switch Account
          </Dropdown.Item>
        ) : null}
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to="/auth/logout">
          Logout
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

import {
  BALANCE_PERMISSION,
  can,
  isAdmin,
  isAuthorizedAccount,
  isDesigner,
  ROLE_LABELS,
  type UserLike,
} from '@printloom/core';
import { PATHS } from '../constants.js';

/** What the user dropdown holds for a user (spec §2 Top bar, §6). */
export function userMenu(user: UserLike, balance2: number) {
  const designer = isDesigner(user);
  const authorized = isAuthorizedAccount(user);
  const seesBalance = !authorized || can(user, BALANCE_PERMISSION);
  return {
    roleLabel: designer ? ROLE_LABELS.designer : ROLE_LABELS.seller,
    showBalance: seesBalance,
    showBalance2: seesBalance && balance2 > 0,
    showSmsWidget: !designer,
    accountPath: designer ? PATHS.accountDesigner : PATHS.accountSeller,
    showBackToMyAccount: authorized && !isAdmin(user) && !designer,
    showSwitchAccount: !authorized,
  };
}

import { describe, expect, it } from 'vitest';
import type { KnownPermission } from '../user/User.js';
import {
  can,
  EMAIL_BANNER_MESSAGE,
  EMAIL_VERIFICATION_START_DATE,
  emailVerificationRequired,
  isAuthorizedAccount,
  isDesignerLogin,
  isTrusted,
  roleOf,
  showEmailBanner,
} from './index.js';

const seller = { roles: [], permissions: [] };
const team = { roles: ['manager'], permissions: ['get_orders', 'get_payments'] };

describe('can (spec §6)', () => {
  it('lets a seller do everything', () => {
    for (const permission of ['get_payments', 'update_payments', 'get_users', 'anything_else']) {
      expect(can(seller, permission as KnownPermission)).toBe(true);
    }
    expect(can({ roles: ['seller'], permissions: [] }, 'get_users')).toBe(true);
    expect(can({ roles: ['seller', 'launcher_lite'] }, 'get_users')).toBe(true);
  });

  it('lets an authorized account act only on listed permissions', () => {
    expect(can(team, 'get_orders')).toBe(true);
    expect(can(team, 'get_payments')).toBe(true);
    expect(can(team, 'update_payments')).toBe(false);
    expect(can(team, 'get_users')).toBe(false);
  });

  it('keeps a team account limited when an admin is signed in as it', () => {
    expect(can({ ...team, access_user: 7 }, 'get_users')).toBe(false);
  });

  it('gives a designer only what the list holds', () => {
    expect(can({ roles: ['designer'], permissions: [] }, 'get_orders')).toBe(false);
    expect(can({ roles: ['designer'], permissions: ['get_orders'] }, 'get_orders')).toBe(true);
  });

  it('refuses an empty permission name', () => {
    expect(() => can(seller, '' as KnownPermission)).toThrow(/empty/);
  });
});

describe('roleOf precedence', () => {
  it('is admin for any account with access_user', () => {
    expect(roleOf({ roles: ['designer'], access_user: 1 })).toBe('admin');
    expect(roleOf({ roles: ['manager'], access_user: 1 })).toBe('admin');
    expect(roleOf({ roles: [], access_user: 1 })).toBe('admin');
  });

  it('puts designer before team and seller roles', () => {
    expect(roleOf({ roles: ['designer'] })).toBe('designer');
    expect(roleOf({ roles: ['designer', 'seller'] })).toBe('designer');
  });

  it('is authorized for roles without seller', () => {
    expect(roleOf({ roles: ['manager'] })).toBe('authorized');
    expect(roleOf({ roles: ['manager', 'launcher_lite'] })).toBe('authorized');
    expect(isAuthorizedAccount({ roles: ['manager', 'seller'] })).toBe(false);
  });

  it('is launcher_lite, then seller', () => {
    expect(roleOf({ roles: ['launcher_lite'] })).toBe('launcher_lite');
    expect(roleOf({ roles: ['seller', 'launcher_lite'] })).toBe('launcher_lite');
    expect(roleOf({ roles: ['seller'] })).toBe('seller');
    expect(roleOf({})).toBe('seller');
    expect(roleOf({ access_user: null })).toBe('seller');
  });

  it('knows a trusted seller by status', () => {
    expect(isTrusted({ status: 'trusted' })).toBe(true);
    expect(isTrusted({ status: 'verified' })).toBe(false);
  });
});

describe('emailVerificationRequired (spec §5)', () => {
  const start = '2024-07-29';
  const oldAccount = { roles: [], created_at: '2023-01-10 08:00:00', email_verified_at: null };

  it('uses 2024-07-29 as the default start date', () => {
    expect(EMAIL_VERIFICATION_START_DATE.startsWith('2024-07-29')).toBe(true);
  });

  it('gives an older account 30 days from the start date', () => {
    expect(emailVerificationRequired(oldAccount, '2024-08-27T23:59:59Z', start)).toBe(false);
    expect(emailVerificationRequired(oldAccount, '2024-08-28T00:00:00Z', start)).toBe(true);
    expect(emailVerificationRequired(oldAccount, new Date('2025-01-01T00:00:00Z'))).toBe(true);
  });

  it('requires it at once for an account created on or after the start date', () => {
    const fresh = { roles: [], created_at: '2024-07-29 00:00:00', email_verified_at: null };
    expect(emailVerificationRequired(fresh, '2024-07-29T10:00:00Z', start)).toBe(true);
    const dayBefore = { ...fresh, created_at: '2024-07-28T23:59:59Z' };
    expect(emailVerificationRequired(dayBefore, '2024-07-29T10:00:00Z', start)).toBe(false);
  });

  it('exempts designers, access users and verified accounts', () => {
    const now = '2025-06-01T00:00:00Z';
    expect(emailVerificationRequired({ ...oldAccount, roles: ['designer'] }, now)).toBe(false);
    expect(emailVerificationRequired({ ...oldAccount, access_user: 3 }, now)).toBe(false);
    expect(
      emailVerificationRequired({ ...oldAccount, email_verified_at: '2024-01-01 00:00:00' }, now),
    ).toBe(false);
  });

  it("reads the seller's own start date when none is passed", () => {
    const moved = { ...oldAccount, email_need_verify_date: '2025-01-01' };
    expect(emailVerificationRequired(moved, '2025-01-20T00:00:00Z')).toBe(false);
    expect(emailVerificationRequired(moved, '2025-01-31T00:00:00Z')).toBe(true);
  });

  it('rejects a date it cannot read', () => {
    expect(() => emailVerificationRequired(oldAccount, 'soon', start)).toThrow(
      "Invalid current time: 'soon'",
    );
  });
});

describe('showEmailBanner (spec §5)', () => {
  it('shows for an unverified seller and hides for designers or verified accounts', () => {
    expect(EMAIL_BANNER_MESSAGE).toBe('You need to verify your email, click to verify!');
    expect(showEmailBanner({ roles: [], email_verified_at: null })).toBe(true);
    expect(showEmailBanner({ roles: ['designer'], email_verified_at: null })).toBe(false);
    expect(showEmailBanner({ roles: [], email_verified_at: '2024-01-01 00:00:00' })).toBe(false);
  });
});

describe('isDesignerLogin (spec §2)', () => {
  it('is on for a designer host or a designer query parameter', () => {
    expect(isDesignerLogin('designer.printloom.test')).toBe(true);
    expect(isDesignerLogin('seller.printloom.test', new URLSearchParams('designer'))).toBe(true);
    expect(isDesignerLogin('seller.printloom.test', { designer: '1' })).toBe(true);
    expect(isDesignerLogin('seller.printloom.test', new URLSearchParams('x=1'))).toBe(false);
  });
});

describe('user shapes', () => {
  it('reads a user whose lists are null or read-only', () => {
    const frozen = { roles: Object.freeze(['manager']), permissions: null, tags: null };
    expect(roleOf(frozen)).toBe('authorized');
    expect(can(frozen, 'get_orders')).toBe(false);
  });
});

/** Roles `roleOf` tells apart, highest precedence first (see roleOf). */
export const ROLES = ['admin', 'designer', 'authorized', 'launcher_lite', 'seller'] as const;
/** Role names of spec §3 User.roles that are not team roles. */
export const DESIGNER_ROLE = 'designer';
export const SELLER_ROLE = 'seller';
export const LAUNCHER_LITE_ROLE = 'launcher_lite';
/** Account status that marks a trusted seller (spec §6). */
export const TRUSTED_STATUS = 'trusted';
export const VERIFIED_STATUS = 'verified';
/** Label under the name in the user dropdown (spec §2). */
export const ROLE_LABELS = { designer: 'Designer', seller: 'Seller' } as const;
/** First day email verification applies (spec §9 date constant 2024-07-29), UTC midnight. */
export const EMAIL_VERIFICATION_START_DATE = '2024-07-29T00:00:00.000Z';
/** Days an account older than the start date may stay unverified (spec §5, §9). */
export const EMAIL_VERIFICATION_GRACE_DAYS = 30;
/** The email banner (spec §2 Other shell UI). */
export const EMAIL_BANNER_MESSAGE = 'You need to verify your email, click to verify!';
/** Permission an authorized account needs to see balances (spec §6). */
export const BALANCE_PERMISSION = 'get_payments';
/** Designer login applies when the host name contains this or the `designer` query is present. */
export const DESIGNER_HOST_MARK = 'designer';

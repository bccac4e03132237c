/**
 * Every HTTP path of the Printloom API, shared by the server (route registration) and the
 * client (requests). Paths named by the spec (§7) keep its shape; paths the spec leaves
 * "not shown" are chosen here once. Parameters are written `:name` (Fastify style); use
 * `pathWith` to fill them.
 *
 * Envelope: every answer is `{ success: true, data, message? }`; every error
 * `{ success: false, message, errors? }` where `errors` maps a field name to its messages.
 *
 * Login with two-factor: `POST /auth/seller/login` answers `data.tfa_required = true` and a
 * short-lived `data.tfa_token` instead of `access_token`; `POST /auth/tfa/verify`
 * `{ tfa_token, code }` then answers `data.access_token`.
 *
 * Bulk leases: `GET bulkV3Pending` claims rows; each returned row carries `lease_token`, which
 * `save-processed-row` and `mark-row-invalid` must send back (`leaseToken`). A stale or
 * foreign token gets 409 and changes nothing.
 */
export const API_PATHS = {
  // auth (spec §2 auth routes, §4 Login)
  sellerLogin: '/auth/seller/login',
  adminLogin: '/auth/admin/login',
  tfaVerify: '/auth/tfa/verify',
  logout: '/auth/logout',
  register: '/auth/register',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  verifyEmail: '/auth/verify-email',
  resendVerification: '/auth/verify-email/resend',
  loginAsSeller: '/auth/login-as-seller',
  me: '/me',
  tfaEnable: '/seller/tfa/enable',
  tfaConfirm: '/seller/tfa/confirm',
  tfaDisable: '/seller/tfa/disable',

  // team (spec §4 Switch account, §6)
  authorizedAccounts: '/seller/authorized-accounts',
  switchAccount: '/seller/switch-account',
  switchBackAccount: '/seller/switch-back-account',

  // shell data
  notifications: '/seller/notifications',
  notification: '/seller/notifications/:id',
  notificationsMarkAllRead: '/seller/notifications/mark_all_as_read',
  notificationsReadStatus: '/seller/notifications/read-status',
  version: '/api3/version',
  featuredInfo: '/public/featured-info',
  survey: '/seller/survey',
  balance: '/seller/balance',
  pbToken: '/seller/get-pb-token',
  utmTrack: '/utm-campaign/track',
  sellerUtmTrack: '/seller/utm-campaign/track',

  // uploads and images
  preSignedUrl: '/pre-signed-url',
  publicPreSignedUrl: '/public/pre-signed-url',
  upload: '/upload',
  imageProxy: '/img',
  // the visitor's address as the own host sees it (spec §7 client info; Cloudflare's format)
  cdnTrace: '/cdn-cgi/trace',

  // catalog and campaigns
  productTemplates: '/seller/product-templates',
  productTemplate: '/seller/product-templates/:id',
  mockups: '/seller/mockups',
  campaigns: '/seller/campaign',
  campaign: '/seller/campaign/:id',
  stores: '/seller/stores',
  siteConfig: '/public/site-config',

  // bulk, multi-space (spec §3, §4, §7)
  bulkV3Jobs: '/seller/campaign/bulk-v3/jobs',
  bulkV3Job: '/seller/campaign/bulk-v3/jobs/:id',
  bulkV3Campaigns: '/seller/campaign/bulk-v3/campaigns',
  bulkV3Pending: '/seller/campaign/bulk-v3/pending',
  bulkV3Origin: '/seller/campaign/bulk-v3/origin/:id',
  bulkV3SaveProcessedRow: '/seller/campaign/bulk-v3/save-processed-row',
  bulkV3MarkRowInvalid: '/seller/campaign/bulk-v3/mark-row-invalid',
  bulkV3Retry: '/seller/campaign/bulk-v3/retry',
  bulkV3Remove: '/seller/campaign/bulk-v3/remove',
  bulkV3Start: '/seller/campaign/bulk-v3/start',
  bulkV3Stop: '/seller/campaign/bulk-v3/stop',
  bulkV3StartAll: '/seller/campaign/bulk-v3/start-all',
  bulkV3StopAll: '/seller/campaign/bulk-v3/stop-all',

  // bulk, regular (spec §4, §7, §8)
  bulkNextJob: '/seller/campaign/bulk/next-job',
  bulkCreateCampaign: '/seller/campaign/bulk/create-campaign',
  bulkLog: '/seller/campaign/bulk/log',
  bulkSaveDesigns: '/seller/campaign/bulk/save-designs',
  bulkJobs: '/seller/campaign/bulk/jobs',
  bulkRetry: '/seller/campaign/bulk/retry',
  bulkRemove: '/seller/campaign/bulk/remove',
  bulkStart: '/seller/campaign/bulk/start',
  bulkStop: '/seller/campaign/bulk/stop',
  bulkStartAll: '/seller/campaign/bulk/start-all',
  bulkStopAll: '/seller/campaign/bulk/stop-all',

  // store-level settings (spec §7: paths not shown, chosen here)
  klaviyoSettings: '/seller/stores/:storeId/klaviyo',
  klaviyoSyncProfiles: '/seller/stores/:storeId/klaviyo/sync-profiles',
  coupons: '/seller/coupons',
  couponConfig: '/seller/stores/:storeId/coupon-config',
  calcExtraPrintCost: '/seller/campaign/calc-extra-print-cost-products',
  emailSenders: '/seller/email-marketing/senders',
  emailSender: '/seller/email-marketing/senders/:id',
  emailSenderStatus: '/seller/email-marketing/senders/:id/status',
  subscribers: '/seller/email-marketing/subscribers',
  subscriber: '/seller/email-marketing/subscribers/:id',

  // API documentation
  docs: '/api/docs',
} as const;

export type ApiPathName = keyof typeof API_PATHS;

/** Fills `:name` parameters of a path, encoding each value. */
export function pathWith(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

import { z } from 'zod';
import { AuthorizedAccount } from '../account/AuthorizedAccount.js';

const email = z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email'));
/** Minimum length of a new password (checked on register and reset only). */
export const PASSWORD_MIN_LENGTH = 8;
const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256);
const totpCode = z.string().regex(/^\d{6}$/, 'The code has 6 digits');

/** `POST /auth/seller/login` and `/auth/admin/login`. */
export const LoginCredentials = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(256),
  remember: z.boolean().optional(),
});
export type LoginCredentials = z.infer<typeof LoginCredentials>;
export type LoginCredentialsInput = z.input<typeof LoginCredentials>;

/** A session token and how long it lives (7 days, spec §4 Login). */
export const AccessTokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.literal('Bearer').optional(),
  expires_in: z.number().int().positive().optional(),
});
export type AccessTokenAnswer = z.infer<typeof AccessTokenAnswer>;

/** A login of a two-factor user: a short-lived token for `POST /auth/tfa/verify`. */
export const TfaChallengeAnswer = z.object({
  tfa_required: z.literal(true),
  tfa_token: z.string().min(1),
});
export type TfaChallengeAnswer = z.infer<typeof TfaChallengeAnswer>;

export const LoginAnswer = z.union([AccessTokenAnswer, TfaChallengeAnswer]);
export type LoginAnswer = z.infer<typeof LoginAnswer>;

/** Recovery codes given when two-factor is confirmed; each signs in once without the app. */
export const TFA_RECOVERY_CODE_COUNT = 10;
/** A recovery code as shown: two groups of five lowercase letters and digits. */
export const TFA_RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
/** A login's second step: the app's 6-digit code or one unused recovery code. */
const loginCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/, 'Enter the 6-digit code or a recovery code');
export const TfaVerifyBody = z.object({ tfa_token: z.string().min(1), code: loginCode });
export type TfaVerifyBody = z.infer<typeof TfaVerifyBody>;

export const RegisterBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(255),
  email,
  password: newPassword,
  /** The referral code of the link the seller came by (`/auth/register?ref=CODE`). */
  ref: z.string().trim().max(64).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const ForgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z.object({
  token: z.string().min(1, 'The reset link is invalid'),
  password: newPassword,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const VerifyEmailBody = z.object({ token: z.string().min(1, 'The link is invalid') });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;
/**
 * `POST /auth/callback`: the single-use hand-over token a seller-center sign-in link brought
 * (spec §2). It is exchanged only in the browser holding the nonce it was minted for.
 */
export const CallbackSessionBody = z.object({
  token: z.string().min(1, 'The sign-in link has no token.').max(512),
});
export type CallbackSessionBody = z.infer<typeof CallbackSessionBody>;

/** The SHA-256 of a hand-over nonce, in hex. */
export const NonceHash = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'The sign-in link is invalid. Please log in.');

/**
 * `POST /auth/callback/nonce`: the receiving dashboard starts a hand-over; `redirect` is the
 * page to open once signed in.
 */
export const CallbackNonceBody = z.object({ redirect: z.string().max(2048).optional() });
export type CallbackNonceBody = z.infer<typeof CallbackNonceBody>;

/**
 * Where the browser goes next: the sending dashboard's `/auth/callback?nonce=…`, which mints a
 * token bound to the nonce this answer set as an HttpOnly cookie.
 */
export const CallbackNonceAnswer = z.object({ handover_url: z.url() });
export type CallbackNonceAnswer = z.infer<typeof CallbackNonceAnswer>;

/** `POST /auth/callback/handover`: the sending dashboard mints a token for the nonce's hash. */
export const CallbackHandoverBody = z.object({ nonce_hash: NonceHash });
export type CallbackHandoverBody = z.infer<typeof CallbackHandoverBody>;

/** A single-use hand-over token, good for a few minutes, only with its nonce. */
export const CallbackHandoverAnswer = z.object({
  token: z.string().min(1),
  expires_in: z.number().int().positive(),
});
export type CallbackHandoverAnswer = z.infer<typeof CallbackHandoverAnswer>;

/**
 * Whose session a sign-in link carries, shown before it becomes this host's session: a link
 * made by someone else (login CSRF) names an account that is not the user's own.
 */
export const CallbackAccountAnswer = z.object({ email: z.string(), name: z.string().nullable() });
export type CallbackAccountAnswer = z.infer<typeof CallbackAccountAnswer>;

/** Admin signs in as a seller; the session then carries `access_user` (spec §6). */
/**
 * `POST /auth/login-as-seller`. `store_ids` limits the session to those of the seller's stores
 * (spec §6: users with access_user and store ids are limited to stores in their own list).
 */
export const LoginAsSellerBody = z.object({
  seller_id: z.number().int().positive(),
  store_ids: z.array(z.number().int().positive()).min(1).max(100).optional(),
});
export type LoginAsSellerBody = z.infer<typeof LoginAsSellerBody>;

/** `POST /seller/tfa/enable`: the secret to put in an authenticator app. */
export const TfaEnableAnswer = z.object({
  secret: z.string().min(1),
  otpauth_url: z.string().startsWith('otpauth://'),
});
export type TfaEnableAnswer = z.infer<typeof TfaEnableAnswer>;

export const TfaCodeBody = z.object({ code: totpCode });

/** `POST /seller/tfa/confirm`: the recovery codes, shown this once and never again. */
export const TfaConfirmAnswer = z.object({
  recovery_codes: z.array(z.string()).length(TFA_RECOVERY_CODE_COUNT),
});
export type TfaConfirmAnswer = z.infer<typeof TfaConfirmAnswer>;
export type TfaCodeBody = z.infer<typeof TfaCodeBody>;

/** Answer of calls that change state and return nothing else. */
export const DoneAnswer = z.looseObject({}).nullable().optional();
export type DoneAnswer = z.infer<typeof DoneAnswer>;

export const AuthorizedAccountList = z.array(AuthorizedAccount);
export type AuthorizedAccountList = z.infer<typeof AuthorizedAccountList>;

export const SwitchAccountBody = z.object({ seller_id: z.number().int().positive() });
export type SwitchAccountBody = z.infer<typeof SwitchAccountBody>;

/**
 * `customPayload` of a switch-account answer, beside `data` at the top of the envelope
 * (spec §7): `fta_diff` says the target account's two-factor setting differs, and the user is
 * sent to /settings/general?current_tab=2fa (spec §4).
 */
export const SwitchAccountCustomPayload = z.object({ fta_diff: z.boolean().default(false) });
export type SwitchAccountCustomPayload = z.infer<typeof SwitchAccountCustomPayload>;

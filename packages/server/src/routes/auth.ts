import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  API,
  BOT_CHECK_FIELD,
  BOT_CHECK_MESSAGES,
  type LoginCredentials,
  normaliseReferralCode,
  TFA_RECOVERY_CODE_COUNT,
  TFA_RECOVERY_CODE_PATTERN,
  toMajor,
} from '@printloom/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as OTPAuth from 'otpauth';
import { requireBotCheck } from '../auth/botCheck.js';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../auth/commonPasswords.js';
import {
  accountFailed,
  accountSucceeded,
  checkAccountDelay,
  LoginAddressAllowance,
} from '../auth/loginLimits.js';
import { sendMail } from '../auth/mailer.js';
import {
  RESET_TOKEN_TTL_SECONDS,
  SESSION_TTL_SECONDS,
  TFA_TOKEN_TTL_SECONDS,
  VERIFY_TOKEN_TTL_SECONDS,
} from '../config.js';
import type { Queryable } from '../db/Db.js';
import {
  type AuthContext,
  hashToken,
  newToken,
  SESSION_COOKIE,
  SESSION_MARKER_COOKIE,
  sessionMarkerOf,
} from '../http/authContext.js';
import {
  conflict,
  forbidden,
  httpError,
  notFound,
  unauthenticated,
  unprocessable,
} from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { withinScope } from '../http/storeScope.js';
import { ledgerNow } from '../money/ledgerClock.js';
import { botCheckFailures, clearBotCheckFailures, recordBotCheckFailure } from '../sql/botCheck.js';
import { ledgerBalances } from '../sql/ledger.js';
import {
  deleteRecoveryCodes,
  replaceRecoveryCodes,
  spendRecoveryCode,
} from '../sql/recoveryCodes.js';
import { referrerByCode, setReferrer } from '../sql/referral.js';
import {
  endUserTokens,
  failTfaChallenge,
  findHandoverToken,
  findLiveSession,
  insertAudit,
  insertHandoverToken,
  insertSession,
  insertUserToken,
  previousSignIn,
  revokeSession,
  revokeUserSessions,
  type SessionRow,
  useHandoverToken,
  useUserToken,
} from '../sql/sessions.js';
import { listStores, sellerStoreIds } from '../sql/stores.js';
import {
  acceptTfaStep,
  getUserByEmail,
  getUserById,
  insertUser,
  markEmailVerified,
  setPasswordHash,
  setTfa,
  type UserRow,
} from '../sql/users.js';

export const AUTH_MESSAGES = {
  badCredentials: 'These credentials do not match our records.',
  notDesigner: 'This login is for designers and admins.',
  emailTaken: 'The email has already been taken.',
  tfaInvalid: 'The two-factor code is invalid.',
  tfaExpired: 'The two-factor session has expired, please log in again.',
  tfaNotEnabled: 'Two-factor authentication is not enabled.',
  tfaAlreadyOn:
    'Two-factor authentication is already on. Turn it off with a current code before setting it up again.',
  tfaReplayed: 'This code has already been used. Wait for the next code in your authenticator app.',
  tfaTooManyCodes: 'Too many wrong codes. Please log in again.',
  resetSent: 'If the address has an account, a reset link has been sent.',
  resetInvalid: 'The reset link is invalid or has expired.',
  passwordReset: 'Your password has been reset.',
  verifyInvalid: 'The verification link is invalid or has expired.',
  callbackInvalid: 'The sign-in link is invalid or has expired. Please log in.',
  callbackOtherBrowser:
    'This sign-in link was not started in this browser, so it cannot sign you in. Please log in.',
  callbackNoSession: 'Only a signed-in session can be handed over.',
  verified: 'Your email has been verified.',
  verificationSent: 'A verification link has been sent.',
  loggedOut: 'Logged out.',
  notAdmin: 'Only admins may log in as a seller.',
  noSellerStores: 'None of these stores belong to this seller.',
  switchBackFailed: 'Cannot switch to main account. Please try again!',
} as const;

const TOTP_ISSUER = 'Printloom';

function totpOf(user: UserRow, secret: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label: user.email,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** Wrong codes a two-factor login challenge takes before it ends. */
export const TFA_MAX_WRONG_CODES = 5;

/** The time-step of a valid code (one step of drift either way), or null for a wrong code. */
function matchingStep(user: UserRow, code: string): number | null {
  if (!user.tfa_secret) return null;
  const totp = totpOf(user, user.tfa_secret);
  const delta = totp.validate({ token: code, window: 1 });
  return delta === null ? null : totp.counter() + delta;
}

type CodeCheck = 'ok' | 'wrong' | 'replayed';

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Fresh recovery codes (`xxxxx-xxxxx`, about 49 bits each), as shown to the user once. */
function newRecoveryCodes(): string[] {
  const group = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
      '',
    );
  return Array.from({ length: TFA_RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
}

/**
 * A login's second step: a recovery code is spent (once); anything else is an app code, whose
 * time-step is spent.
 */
async function spendLoginCode(db: Queryable, user: UserRow, code: string): Promise<CodeCheck> {
  if (TFA_RECOVERY_CODE_PATTERN.test(code)) {
    return (await spendRecoveryCode(db, user.id, hashToken(code))) ? 'ok' : 'wrong';
  }
  return spendCode(db, user, code);
}

/** Checks a code and, when right, spends its time-step: each step's code is accepted once. */
export async function spendCode(db: Queryable, user: UserRow, code: string): Promise<CodeCheck> {
  const step = matchingStep(user, code);
  if (step === null) return 'wrong';
  return (await acceptTfaStep(db, user.id, step)) ? 'ok' : 'replayed';
}

/** A signed-in user's code (confirm, disable): 422 keeps the session, a login would answer 401. */
async function requireCode(db: Queryable, user: UserRow, code: string): Promise<void> {
  const check = await spendCode(db, user, code);
  if (check === 'ok') return;
  const message = check === 'replayed' ? AUTH_MESSAGES.tfaReplayed : AUTH_MESSAGES.tfaInvalid;
  throw unprocessable(message, { code: [message] });
}

/** The HttpOnly session cookie and its readable marker (see README, Security). */
function setSessionCookies(reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
  reply.setCookie(SESSION_MARKER_COOKIE, sessionMarkerOf(token), {
    sameSite: 'lax',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
}

/** The HttpOnly cookie holding the nonce of a seller-center hand-over this browser started. */
export const HANDOVER_NONCE_COOKIE = 'auth_handover_nonce';
/** How long a started hand-over and its minted token stay good. */
export const HANDOVER_TTL_SECONDS = 300;

/** The session a hand-over moves, for the remaining time of the session it came from. */
function handedOverSession(source: SessionRow) {
  const remaining = Math.floor((source.expires_at.getTime() - Date.now()) / 1000);
  return {
    userId: source.user_id,
    actingSellerId: source.acting_seller_id,
    accessUser: source.access_user,
    storeIds: source.store_ids,
    ttlSeconds: Math.max(1, Math.min(SESSION_TTL_SECONDS, remaining)),
  };
}

export async function issueSession(
  db: Queryable,
  reply: FastifyReply,
  session: {
    userId: number;
    actingSellerId?: number | null;
    accessUser?: number | null;
    storeIds?: number[] | null;
    ttlSeconds?: number;
  },
): Promise<{ access_token: string; token_type: 'Bearer'; expires_in: number }> {
  const token = newToken();
  const ttlSeconds = session.ttlSeconds ?? SESSION_TTL_SECONDS;
  await insertSession(db, {
    tokenHash: hashToken(token),
    kind: 'access',
    ...session,
    ttlSeconds,
  });
  setSessionCookies(reply, token);
  return { access_token: token, token_type: 'Bearer', expires_in: ttlSeconds };
}

export async function checkNewPassword(password: string): Promise<void> {
  if (isCommonPassword(password)) {
    throw unprocessable(COMMON_PASSWORD_MESSAGE, { password: [COMMON_PASSWORD_MESSAGE] });
  }
}

/** The user as GET /me shows it: the tenant's account seen through the session's grant. */
export async function userView(db: Queryable, auth: AuthContext, now: Date = new Date()) {
  const seller = auth.seller;
  const stores = withinScope(auth, await listStores(db, seller.id), (s) => s.id);
  // The money that can be paid out now, from the ledger (issue 14).
  const balances = await ledgerBalances(db, seller.id, now);
  return {
    id: seller.id,
    name: seller.name,
    avatar: seller.avatar,
    email: seller.email,
    email_verified_at: seller.email_verified_at?.toISOString() ?? null,
    email_need_verify_date: seller.email_need_verify_date?.toISOString() ?? null,
    created_at: seller.created_at.toISOString(),
    last_login_at: (await previousSignIn(db, auth.userId, auth.sessionId))?.toISOString() ?? null,
    phone: seller.phone,
    facebook: seller.facebook,
    roles: auth.roles,
    tags: seller.tags,
    price_tag: seller.price_tag,
    sale_volume: seller.sale_volume,
    balance: toMajor(balances.default.available),
    account_balance: [
      { type: 'default', balance: toMajor(balances.default.available) },
      { type: 'balance_2', balance: toMajor(balances.balance_2.available) },
    ],
    custom_payment: seller.custom_payment,
    status: seller.status,
    permissions: auth.permissions,
    access_user: auth.accessUser,
    utc_offset: seller.utc_offset,
    store_ids: stores.map((s) => s.id),
    // The team member's own store limit as the owner granted it; empty for every store.
    team_store_ids: auth.grant?.store_ids?.map(Number) ?? [],
    tfa_enable: seller.tfa_enable,
    tfa_confirm: seller.tfa_confirm,
    sms_credit: seller.sms_credit,
    is_ref: seller.ref_id !== null,
    ref_id: seller.ref_id === null ? null : Number(seller.ref_id),
  };
}

export async function registerAuthRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  // Seller, admin and two-factor login share one allowance per client address.
  const loginAllowance = new LoginAddressAllowance(app.config.authRateLimit);

  async function login(
    credentials: LoginCredentials,
    request: FastifyRequest,
    reply: FastifyReply,
    designerLogin: boolean,
  ) {
    loginAllowance.take(request.ip, reply);
    // Counted per address as typed, known or not, so the answers do not reveal accounts.
    await checkAccountDelay(db, credentials.email, reply);
    await checkLoginBotCheck(credentials.email, request);
    const user = await getUserByEmail(db, credentials.email);
    // Verify against a real hash even for unknown emails so timing does not reveal accounts.
    const ok = user
      ? await verify(user.password_hash, credentials.password)
      : await verify(await dummyHash(), credentials.password).then(() => false);
    if (!user || !ok) {
      await accountFailed(db, credentials.email);
      throw await loginFailed(credentials.email, request);
    }
    await clearBotCheckFailures(db, accountKey(credentials.email));
    if (designerLogin && !user.roles.includes('designer') && !user.is_admin) {
      throw forbidden(AUTH_MESSAGES.notDesigner);
    }
    if (user.tfa_enable && user.tfa_confirm) {
      const tfaToken = newToken();
      await insertSession(db, {
        tokenHash: hashToken(tfaToken),
        kind: 'tfa',
        userId: user.id,
        ttlSeconds: TFA_TOKEN_TTL_SECONDS,
      });
      // The account's failures are forgotten only once the second step passes too.
      return { data: { tfa_required: true as const, tfa_token: tfaToken } };
    }
    await accountSucceeded(db, user.email);
    await insertAudit(db, { actorId: user.id, sellerId: user.id, action: 'login' });
    return { data: await issueSession(db, reply, { userId: user.id }) };
  }

  // Bot check of logins (spec §7): needed once the address or the account has failed
  // `loginFailuresBeforeCheck` times within the window; the failing answer says so first.
  const botSettings = app.config.botCheck;
  const accountKey = (email: string) => `account:${email.toLowerCase()}`;
  const failureKeys = (email: string, request: FastifyRequest) => [
    `address:${request.ip}`,
    accountKey(email),
  ];
  async function loginNeedsBotCheck(email: string, request: FastifyRequest): Promise<boolean> {
    if (app.botCheck.provider === 'off') return false;
    const failures = await botCheckFailures(
      db,
      failureKeys(email, request),
      botSettings.loginFailureWindowSeconds,
    );
    return failures >= botSettings.loginFailuresBeforeCheck;
  }
  async function checkLoginBotCheck(email: string, request: FastifyRequest): Promise<void> {
    if (await loginNeedsBotCheck(email, request)) await requireBotCheck(app.botCheck, request);
  }
  async function loginFailed(email: string, request: FastifyRequest) {
    await recordBotCheckFailure(
      db,
      failureKeys(email, request),
      botSettings.loginFailureWindowSeconds,
    );
    const errors = (await loginNeedsBotCheck(email, request))
      ? { [BOT_CHECK_FIELD]: [BOT_CHECK_MESSAGES.required] }
      : undefined;
    return httpError(401, AUTH_MESSAGES.badCredentials, errors);
  }

  /** An absolute link for a mail, on the public URL (never on the request's Host header). */
  function mailLink(path: string, token: string): string {
    const base = app.config.publicUrl.replace(/\/+$/, '');
    return `${base}${path}?token=${encodeURIComponent(token)}`;
  }

  async function sendVerification(user: UserRow, log: FastifyInstance['log']) {
    const token = newToken();
    await insertUserToken(db, {
      tokenHash: hashToken(token),
      purpose: 'verify',
      userId: user.id,
      ttlSeconds: VERIFY_TOKEN_TTL_SECONDS,
    });
    await sendMail(db, log, app.config.smtpUrl, {
      to: user.email,
      subject: 'Verify your email',
      body: `Open ${mailLink('/auth/verify-email', token)} to verify your email.`,
    });
  }

  // Two-factor setup on the signed-in person's own account (not a switched-to seller's).
  async function ownAccount(auth: AuthContext): Promise<UserRow> {
    if (auth.grant || auth.accessUser !== null) throw forbidden();
    const user = await getUserById(db, auth.userId);
    if (!user) throw unauthenticated();
    return user;
  }

  /** The hash of the hand-over nonce this browser holds, or null. */
  function browserNonceHash(request: FastifyRequest): string | null {
    const nonce = request.cookies[HANDOVER_NONCE_COOKIE];
    return nonce ? hashToken(nonce) : null;
  }

  registerGroup(app, API.auth, {
    sellerLogin: async ({ body, request, reply }) => login(body, request, reply, false),
    adminLogin: async ({ body, request, reply }) => login(body, request, reply, true),
    botCheckChallenge: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return { data: await app.botCheck.challenge() };
    },
    tfaVerify: async ({ body, request, reply }) => {
      loginAllowance.take(request.ip, reply);
      const challenge = await findLiveSession(db, hashToken(body.tfa_token), 'tfa');
      if (!challenge) throw unauthenticated(AUTH_MESSAGES.tfaExpired);
      const user = await getUserById(db, challenge.user_id);
      if (!user) throw unauthenticated(AUTH_MESSAGES.tfaExpired);
      await checkAccountDelay(db, user.email, reply);
      const check = await spendLoginCode(db, user, body.code);
      if (check === 'replayed') throw unauthenticated(AUTH_MESSAGES.tfaReplayed);
      if (check === 'wrong') {
        // A wrong second factor counts against the account like a wrong password.
        await accountFailed(db, user.email);
        // The challenge ends at the fifth wrong code: the password must be given again.
        if (!(await failTfaChallenge(db, challenge.id, TFA_MAX_WRONG_CODES))) {
          throw unauthenticated(AUTH_MESSAGES.tfaTooManyCodes);
        }
        throw unprocessable(AUTH_MESSAGES.tfaInvalid, { code: [AUTH_MESSAGES.tfaInvalid] });
      }
      await revokeSession(db, challenge.id);
      await accountSucceeded(db, user.email);
      await insertAudit(db, { actorId: user.id, sellerId: user.id, action: 'login' });
      return { data: await issueSession(db, reply, { userId: user.id }) };
    },
    register: async ({ body, reply, request }) => {
      await requireBotCheck(app.botCheck, request);
      await checkNewPassword(body.password);
      if (await getUserByEmail(db, body.email)) {
        throw unprocessable(AUTH_MESSAGES.emailTaken, { email: [AUTH_MESSAGES.emailTaken] });
      }
      const passwordHash = await hash(body.password);
      // A code that matches no one (a stale or mistyped link) signs up without a referrer.
      const code = normaliseReferralCode(body.ref);
      const user = await db.transaction(async (tx) => {
        const created = await insertUser(tx, { name: body.name, email: body.email, passwordHash });
        const referrerId = code ? await referrerByCode(tx, code) : null;
        if (referrerId !== null) await setReferrer(tx, created.id, referrerId);
        return created;
      });
      await sendVerification(user, request.log);
      return { data: await issueSession(db, reply, { userId: user.id }) };
    },
    forgotPassword: async ({ body, request }) => {
      await requireBotCheck(app.botCheck, request);
      const user = await getUserByEmail(db, body.email);
      if (user) {
        const token = newToken();
        await insertUserToken(db, {
          tokenHash: hashToken(token),
          purpose: 'reset',
          userId: user.id,
          ttlSeconds: RESET_TOKEN_TTL_SECONDS,
        });
        await sendMail(db, request.log, app.config.smtpUrl, {
          to: user.email,
          subject: 'Reset your password',
          body: `Open ${mailLink('/auth/reset-password', token)} to choose a new password.`,
        });
      }
      // Same answer for unknown addresses: the form must not reveal who has an account.
      return { data: null, message: AUTH_MESSAGES.resetSent };
    },
    resetPassword: async ({ body }) => {
      await checkNewPassword(body.password);
      const userId = await useUserToken(db, hashToken(body.token), 'reset');
      if (userId === undefined) {
        throw unprocessable(AUTH_MESSAGES.resetInvalid, { token: [AUTH_MESSAGES.resetInvalid] });
      }
      await setPasswordHash(db, userId, await hash(body.password));
      // Every other reset link of the user ends with this reset, as do the user's sessions.
      await endUserTokens(db, userId, 'reset');
      await revokeUserSessions(db, userId);
      // A reset unlocks an account locked by failed logins.
      const user = await getUserById(db, userId);
      if (user) await accountSucceeded(db, user.email);
      await insertAudit(db, { actorId: userId, sellerId: userId, action: 'password_reset' });
      return { data: null, message: AUTH_MESSAGES.passwordReset };
    },
    callbackNonce: async ({ body, reply }) => {
      // The nonce stays in this browser (HttpOnly); only its hash travels to the sending
      // dashboard, which binds the token it mints to it.
      const nonce = newToken();
      reply.setCookie(HANDOVER_NONCE_COOKIE, nonce, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        maxAge: HANDOVER_TTL_SECONDS,
      });
      reply.header('cache-control', 'no-store');
      const url = new URL('/auth/callback', app.config.publicUrl);
      url.searchParams.set('nonce_hash', hashToken(nonce));
      if (body.redirect) url.searchParams.set('redirect', body.redirect);
      return { data: { handover_url: url.toString() } };
    },
    callbackHandover: async ({ auth, body, reply }) => {
      // An API key has no session to hand over.
      if (auth.sessionId === null) throw forbidden(AUTH_MESSAGES.callbackNoSession);
      const token = newToken();
      await insertHandoverToken(db, {
        tokenHash: hashToken(token),
        nonceHash: body.nonce_hash,
        userId: auth.userId,
        sessionId: auth.sessionId,
        ttlSeconds: HANDOVER_TTL_SECONDS,
      });
      reply.header('cache-control', 'no-store');
      return { data: { token, expires_in: HANDOVER_TTL_SECONDS } };
    },
    callbackAccount: async ({ body, request, reply }) => {
      loginAllowance.take(request.ip, reply);
      const found = await findHandoverToken(db, hashToken(body.token));
      if (!found) throw unauthenticated(AUTH_MESSAGES.callbackInvalid);
      if (found.nonce_hash === null || found.nonce_hash !== browserNonceHash(request)) {
        throw unauthenticated(AUTH_MESSAGES.callbackOtherBrowser);
      }
      const user = await getUserById(db, found.user_id);
      if (!user) throw unauthenticated(AUTH_MESSAGES.callbackInvalid);
      return { data: { email: user.email, name: user.name ?? null } };
    },
    callbackSession: async ({ body, request, reply }) => {
      loginAllowance.take(request.ip, reply);
      const tokenHash = hashToken(body.token);
      const nonceHash = browserNonceHash(request);
      const source = nonceHash ? await useHandoverToken(db, tokenHash, nonceHash) : undefined;
      if (!source) {
        // Say why: a token someone else's browser started is refused as such.
        const found = await findHandoverToken(db, tokenHash);
        throw unauthenticated(
          found ? AUTH_MESSAGES.callbackOtherBrowser : AUTH_MESSAGES.callbackInvalid,
        );
      }
      reply.clearCookie(HANDOVER_NONCE_COOKIE, { path: '/' });
      const answer = await db.transaction(async (tx) => {
        // The session moves: the sending dashboard's one ends.
        await revokeSession(tx, source.id);
        return issueSession(tx, reply, handedOverSession(source));
      });
      return { data: answer };
    },
    verifyEmail: async ({ body }) => {
      const userId = await useUserToken(db, hashToken(body.token), 'verify');
      if (userId === undefined) {
        throw unprocessable(AUTH_MESSAGES.verifyInvalid, { token: [AUTH_MESSAGES.verifyInvalid] });
      }
      await markEmailVerified(db, userId);
      return { data: null, message: AUTH_MESSAGES.verified };
    },
    resendVerification: async ({ auth, request }) => {
      await sendVerification(auth.seller, request.log);
      return { data: null, message: AUTH_MESSAGES.verificationSent };
    },
    logout: async ({ auth, reply }) => {
      // An API key has no session to end: it is revoked from the key list.
      if (auth.sessionId !== null) await revokeSession(db, auth.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.clearCookie(SESSION_MARKER_COOKIE, { path: '/' });
      return { data: null, message: AUTH_MESSAGES.loggedOut };
    },
    me: async ({ auth }) => ({ data: await userView(db, auth, ledgerNow(app.config)) }),
    loginAsSeller: async ({ auth, body, reply }) => {
      if (!auth.isAdmin) throw forbidden(AUTH_MESSAGES.notAdmin);
      const seller = await getUserById(db, body.seller_id);
      if (!seller) throw notFound();
      // Spec §6: limited to the listed stores, intersected with the seller's own.
      let storeIds: number[] | null = null;
      if (body.store_ids) {
        const owned = await sellerStoreIds(db, seller.id, body.store_ids);
        if (owned.length === 0) {
          throw unprocessable(AUTH_MESSAGES.noSellerStores, {
            store_ids: [AUTH_MESSAGES.noSellerStores],
          });
        }
        storeIds = owned;
      }
      await insertAudit(db, {
        actorId: auth.actorId,
        sellerId: seller.id,
        action: 'login_as_seller',
        ...(storeIds ? { detail: { store_ids: storeIds } } : {}),
      });
      return {
        data: await issueSession(db, reply, {
          userId: seller.id,
          accessUser: auth.actorId,
          storeIds,
        }),
      };
    },
    tfaEnable: async ({ auth }) => {
      const user = await ownAccount(auth);
      // A fresh secret would turn confirmed two-factor off until confirmed again: refused; the
      // owner turns it off with a current code first (tfa/disable).
      if (user.tfa_enable && user.tfa_confirm) throw conflict(AUTH_MESSAGES.tfaAlreadyOn);
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      await setTfa(db, user.id, { secret, enable: true, confirm: false });
      return { data: { secret, otpauth_url: totpOf(user, secret).toString() } };
    },
    tfaConfirm: async ({ auth, body }) => {
      const user = await ownAccount(auth);
      if (!user.tfa_enable || !user.tfa_secret) throw unprocessable(AUTH_MESSAGES.tfaNotEnabled);
      await requireCode(db, user, body.code);
      const secret = user.tfa_secret;
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await setTfa(tx, user.id, { secret, enable: true, confirm: true });
        await replaceRecoveryCodes(tx, user.id, codes.map(hashToken));
        await insertAudit(tx, { actorId: auth.actorId, sellerId: user.id, action: 'tfa_confirm' });
      });
      return { data: { recovery_codes: codes } };
    },
    tfaDisable: async ({ auth, body }) => {
      const user = await ownAccount(auth);
      await requireCode(db, user, body.code);
      await setTfa(db, user.id, { secret: null, enable: false, confirm: false });
      await deleteRecoveryCodes(db, user.id);
      await insertAudit(db, { actorId: auth.actorId, sellerId: user.id, action: 'tfa_disable' });
      return { data: null };
    },
  });
}

let cachedDummyHash: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  cachedDummyHash ??= hash('printloom-timing-equaliser');
  return cachedDummyHash;
}

/**
 * Social sign-in (issue 15, spec §6): Google (OpenID Connect) and Facebook (OAuth 2.0) through
 * openid-client (auth/socialProviders.ts).
 *
 * `start` keeps the sign-in's state (hashed), PKCE verifier and nonce for ten minutes and puts
 * the state in an HttpOnly cookie of this browser; `callback` takes the state once and only when
 * the cookie matches, so a callback address made in another browser (login CSRF) is refused.
 * A provider account already linked signs its user in; a new email signs up; an email that
 * already has an account is linked only after that account's password or a mailed link.
 * Accounts with two-factor continue on /auth/tfa in every case.
 */
import { timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  API,
  type LoginAnswer,
  SOCIAL_ERRORS,
  SOCIAL_MESSAGES,
  SOCIAL_PROVIDER_NAMES,
  type SocialErrorCode,
  type SocialIntent,
  type SocialProvider,
} from '@printloom/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  accountFailed,
  accountSucceeded,
  checkAccountDelay,
  LoginAddressAllowance,
} from '../auth/loginLimits.js';
import { sendMail } from '../auth/mailer.js';
import { type SocialChecks, type SocialProfile, socialClients } from '../auth/socialProviders.js';
import { TFA_TOKEN_TTL_SECONDS, VERIFY_TOKEN_TTL_SECONDS } from '../config.js';
import { type AuthContext, hashToken, newToken } from '../http/authContext.js';
import { forbidden, httpError, notFound, unauthenticated, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { insertAudit, insertSession, insertUserToken } from '../sql/sessions.js';
import {
  deleteIdentityUnlessLast,
  deleteLinkRequest,
  findLinkRequest,
  identityBySubject,
  insertIdentity,
  insertLinkRequest,
  insertSocialState,
  type LinkRequestRow,
  markNoPassword,
  setLinkMailToken,
  takeSocialState,
  userIdentities,
} from '../sql/socialIdentities.js';
import {
  getUserByEmail,
  getUserById,
  insertUser,
  markEmailVerified,
  type UserRow,
} from '../sql/users.js';
import { AUTH_MESSAGES, issueSession } from './auth.js';
import { facebookDeletionHandlers } from './facebookDeletion.js';

/** The cookie holding a started sign-in's state, sent back only to the callback. */
export const SOCIAL_STATE_COOKIE = 'pl_social_state';
const SOCIAL_COOKIE_PATH = '/auth/social';
/** How long a sign-in at the provider may take. */
export const SOCIAL_STATE_TTL_SECONDS = 600;
/** How long an existing account has to confirm a link (password or mailed link). */
export const SOCIAL_LINK_TTL_SECONDS = 3600;

const LOGIN_PAGE = '/auth/login';
const ACCOUNT_PAGE = '/settings/account';
const LINK_PAGE = '/auth/social/confirm';

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A session acting as the person themself: not an API key, a team grant or an admin's visit. */
function isOwnSession(auth: AuthContext | null): auth is AuthContext {
  return auth !== null && auth.apiKey === null && !auth.grant && auth.accessUser === null;
}

export async function registerSocialRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const clients = socialClients(config.socialLogin);
  const configured = (Object.keys(SOCIAL_PROVIDER_NAMES) as SocialProvider[]).filter(
    (provider) => clients[provider] !== undefined,
  );
  const base = config.publicUrl.replace(/\/+$/, '');
  const callbackAddress = (provider: SocialProvider) => `${base}/auth/social/${provider}/callback`;
  const loginAllowance = new LoginAddressAllowance(config.authRateLimit);

  function redirect(reply: FastifyReply, target: string) {
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  }

  function failure(reply: FastifyReply, intent: SocialIntent, code: SocialErrorCode) {
    const page = intent === 'link' ? ACCOUNT_PAGE : LOGIN_PAGE;
    return redirect(reply, `${page}?social_error=${code}`);
  }

  /** Signs a user in, or starts the two-factor step: what the JSON routes answer. */
  async function signIn(
    user: UserRow,
    reply: FastifyReply,
    provider: SocialProvider,
  ): Promise<LoginAnswer> {
    if (user.tfa_enable && user.tfa_confirm) {
      const tfaToken = newToken();
      await insertSession(db, {
        tokenHash: hashToken(tfaToken),
        kind: 'tfa',
        userId: user.id,
        ttlSeconds: TFA_TOKEN_TTL_SECONDS,
      });
      return { tfa_required: true, tfa_token: tfaToken };
    }
    await accountSucceeded(db, user.email);
    await insertAudit(db, {
      actorId: user.id,
      sellerId: user.id,
      action: 'login',
      detail: { provider },
    });
    return issueSession(db, reply, { userId: user.id });
  }

  /** Signs in from the callback: the browser goes home, or to the two-factor step. */
  async function signInAndRedirect(user: UserRow, reply: FastifyReply, provider: SocialProvider) {
    const answer = await signIn(user, reply, provider);
    // The challenge travels in the fragment: it never reaches a server log or a Referer.
    if ('tfa_required' in answer) {
      return redirect(reply, `/auth/tfa#tfa_token=${encodeURIComponent(answer.tfa_token)}`);
    }
    return redirect(reply, '/?ref=login');
  }

  async function mailVerification(user: UserRow, log: FastifyRequest['log']): Promise<void> {
    const token = newToken();
    await insertUserToken(db, {
      tokenHash: hashToken(token),
      purpose: 'verify',
      userId: user.id,
      ttlSeconds: VERIFY_TOKEN_TTL_SECONDS,
    });
    await sendMail(db, log, config.smtpUrl, {
      to: user.email,
      subject: 'Verify your email',
      body: `Open ${base}/auth/verify-email?token=${encodeURIComponent(token)} to verify your email.`,
    });
  }

  /** A new account for a provider account whose email has none: signed in at once. */
  async function signUp(
    provider: SocialProvider,
    profile: SocialProfile & { email: string },
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    // No password of its own: an unguessable hash, and has_password false (forgot password
    // sets one).
    const passwordHash = await hash(newToken());
    const user = await db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        name: profile.name?.trim() || (profile.email.split('@')[0] ?? profile.email),
        email: profile.email,
        passwordHash,
        emailVerified: profile.emailVerified,
      });
      await markNoPassword(tx, created.id);
      await insertIdentity(tx, {
        userId: created.id,
        provider,
        subject: profile.subject,
        email: profile.email,
      });
      await insertAudit(tx, {
        actorId: created.id,
        sellerId: created.id,
        action: 'social_sign_up',
        detail: { provider },
      });
      return created;
    });
    if (!profile.emailVerified) await mailVerification(user, request.log);
    return signInAndRedirect(user, reply, provider);
  }

  /** Links the provider of a confirmed link request and signs its account in. */
  async function completeLink(
    pending: LinkRequestRow,
    user: UserRow,
    reply: FastifyReply,
  ): Promise<LoginAnswer> {
    const linked = await db.transaction(async (tx) => {
      if (!(await deleteLinkRequest(tx, pending.id))) return 'gone' as const;
      const taken = await identityBySubject(tx, pending.provider, pending.subject);
      if (taken && taken.user_id !== user.id) return 'taken' as const;
      if (!taken) {
        const inserted = await insertIdentity(tx, {
          userId: user.id,
          provider: pending.provider,
          subject: pending.subject,
          email: pending.email,
        });
        if (!inserted) return 'already' as const;
        await insertAudit(tx, {
          actorId: user.id,
          sellerId: user.id,
          action: 'social_link',
          detail: { provider: pending.provider },
        });
      }
      return 'linked' as const;
    });
    if (linked === 'gone') throw linkInvalid();
    if (linked !== 'linked') throw unprocessable(SOCIAL_ERRORS[linked]);
    return signIn(user, reply, pending.provider);
  }

  function linkInvalid() {
    return unprocessable(SOCIAL_MESSAGES.linkInvalid, { token: [SOCIAL_MESSAGES.linkInvalid] });
  }

  async function pendingByToken(token: string, by: 'browser' | 'mail') {
    const pending = await findLinkRequest(db, hashToken(token), by);
    const user = pending ? await getUserById(db, pending.user_id) : undefined;
    if (!pending || !user) throw linkInvalid();
    return { pending, user };
  }

  registerGroup(app, API.social, {
    ...facebookDeletionHandlers(app),
    providers: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return { data: { providers: configured } };
    },
    start: async ({ params, query, request, reply }) => {
      const { provider } = params;
      const { intent } = query;
      const client = clients[provider];
      if (!client) return failure(reply, intent, 'not_configured');
      let userId: number | null = null;
      if (intent === 'link') {
        if (!request.auth) return redirect(reply, `${LOGIN_PAGE}?social_error=signed_out`);
        if (!isOwnSession(request.auth)) return failure(reply, intent, 'not_own_account');
        userId = request.auth.userId;
      }
      const checks: SocialChecks = {
        state: newToken(),
        nonce: newToken(),
        codeVerifier: newToken(),
      };
      let target: URL;
      try {
        target = await client.authorizationUrl(callbackAddress(provider), checks);
      } catch (error) {
        request.log.warn({ err: error, provider }, 'social sign-in could not start');
        return failure(reply, intent, 'failed');
      }
      await insertSocialState(db, {
        stateHash: hashToken(checks.state),
        provider,
        intent,
        userId,
        codeVerifier: checks.codeVerifier,
        nonce: checks.nonce,
        ttlSeconds: SOCIAL_STATE_TTL_SECONDS,
      });
      reply.setCookie(SOCIAL_STATE_COOKIE, checks.state, {
        httpOnly: true,
        sameSite: 'lax',
        secure: base.startsWith('https:'),
        path: SOCIAL_COOKIE_PATH,
        maxAge: SOCIAL_STATE_TTL_SECONDS,
      });
      return redirect(reply, target.href);
    },
    callback: async ({ params, query, request, reply }) => {
      const { provider } = params;
      const cookie = request.cookies[SOCIAL_STATE_COOKIE];
      reply.clearCookie(SOCIAL_STATE_COOKIE, { path: SOCIAL_COOKIE_PATH });
      const fallbackIntent: SocialIntent = request.auth ? 'link' : 'login';
      const client = clients[provider];
      if (!client) return failure(reply, fallbackIntent, 'not_configured');
      // The state must be the one this browser started with, and is used once.
      if (!query.state || !cookie || !sameText(query.state, cookie)) {
        return failure(reply, fallbackIntent, 'state');
      }
      const started = await takeSocialState(db, hashToken(query.state));
      if (!started || started.provider !== provider) {
        return failure(reply, fallbackIntent, 'state');
      }
      const intent = started.intent;
      if (query.error) return failure(reply, intent, 'denied');
      let profile: SocialProfile;
      try {
        const returned = new URL(callbackAddress(provider));
        for (const [key, value] of Object.entries(query)) {
          if (typeof value === 'string') returned.searchParams.set(key, value);
        }
        profile = await client.finish(returned, {
          state: query.state,
          nonce: started.nonce,
          codeVerifier: started.code_verifier,
        });
      } catch (error) {
        request.log.warn({ err: error, provider }, 'social sign-in refused');
        return failure(reply, intent, 'failed');
      }
      const identity = await identityBySubject(db, provider, profile.subject);

      if (intent === 'link') {
        // Still the person who started it, in this browser.
        const auth = request.auth;
        if (!isOwnSession(auth) || auth.userId !== started.user_id) {
          return redirect(reply, `${LOGIN_PAGE}?social_error=signed_out`);
        }
        if (identity && identity.user_id !== auth.userId) return failure(reply, intent, 'taken');
        if (!identity) {
          const linked = await insertIdentity(db, {
            userId: auth.userId,
            provider,
            subject: profile.subject,
            email: profile.email,
          });
          if (!linked) return failure(reply, intent, 'already');
          await insertAudit(db, {
            actorId: auth.userId,
            sellerId: auth.userId,
            action: 'social_link',
            detail: { provider },
          });
        }
        return redirect(reply, `${ACCOUNT_PAGE}?social_linked=${provider}`);
      }

      if (identity) {
        const user = await getUserById(db, identity.user_id);
        if (user) return signInAndRedirect(user, reply, provider);
      }
      if (!profile.email) return failure(reply, intent, 'no_email');
      const existing = await getUserByEmail(db, profile.email);
      if (existing) {
        // Never signed in on the provider's word alone: the account confirms the link first.
        const token = newToken();
        await insertLinkRequest(db, {
          tokenHash: hashToken(token),
          userId: existing.id,
          provider,
          subject: profile.subject,
          email: profile.email,
          ttlSeconds: SOCIAL_LINK_TTL_SECONDS,
        });
        return redirect(reply, `${LINK_PAGE}#token=${encodeURIComponent(token)}`);
      }
      try {
        return await signUp(provider, { ...profile, email: profile.email }, request, reply);
      } catch (error) {
        // Another sign-up took the address or the provider account meanwhile.
        request.log.warn({ err: error, provider }, 'social sign-up failed');
        return failure(reply, intent, 'failed');
      }
    },
    pendingLink: async ({ body }) => {
      const { pending, user } = await pendingByToken(body.token, 'browser');
      return {
        data: { provider: pending.provider, email: user.email, has_password: user.has_password },
      };
    },
    confirmLinkPassword: async ({ body, request, reply }) => {
      loginAllowance.take(request.ip, reply);
      const { pending, user } = await pendingByToken(body.token, 'browser');
      await checkAccountDelay(db, user.email, reply);
      const ok = user.has_password && (await verify(user.password_hash, body.password));
      if (!ok) {
        await accountFailed(db, user.email);
        throw httpError(401, AUTH_MESSAGES.badCredentials, {
          password: [AUTH_MESSAGES.badCredentials],
        });
      }
      return { data: await completeLink(pending, user, reply) };
    },
    sendLinkMail: async ({ body, request }) => {
      const { pending, user } = await pendingByToken(body.token, 'browser');
      const mailToken = newToken();
      await setLinkMailToken(db, pending.id, hashToken(mailToken));
      await sendMail(db, request.log, config.smtpUrl, {
        to: user.email,
        subject: `Link your ${SOCIAL_PROVIDER_NAMES[pending.provider]} account`,
        body: `Someone signed in with a ${SOCIAL_PROVIDER_NAMES[pending.provider]} account using ${user.email}. If it was you, open ${base}${LINK_PAGE}?mail_token=${encodeURIComponent(mailToken)} within an hour to link it to your Printloom account. If not, ignore this mail.`,
      });
      return { data: null, message: SOCIAL_MESSAGES.linkMailSent };
    },
    confirmLinkMail: async ({ body, request, reply }) => {
      loginAllowance.take(request.ip, reply);
      const { pending, user } = await pendingByToken(body.token, 'mail');
      const answer = await completeLink(pending, user, reply);
      // Opening the mail proved the address too.
      await markEmailVerified(db, user.id);
      return { data: answer };
    },
    identities: async ({ auth }) => {
      if (!isOwnSession(auth)) throw forbidden();
      const user = await getUserById(db, auth.userId);
      if (!user) throw unauthenticated();
      const rows = await userIdentities(db, user.id);
      return {
        data: {
          identities: rows.map((row) => ({
            provider: row.provider,
            email: row.email,
            created_at: row.created_at.toISOString(),
          })),
          has_password: user.has_password,
        },
      };
    },
    unlink: async ({ auth, params }) => {
      if (!isOwnSession(auth)) throw forbidden();
      const outcome = await deleteIdentityUnlessLast(db, auth.userId, params.provider);
      if (outcome === 'missing') throw notFound(SOCIAL_MESSAGES.notLinked);
      if (outcome === 'last') throw unprocessable(SOCIAL_MESSAGES.lastSignIn);
      await insertAudit(db, {
        actorId: auth.userId,
        sellerId: auth.userId,
        action: 'social_unlink',
        detail: { provider: params.provider },
      });
      return { data: null, message: SOCIAL_MESSAGES.unlinked };
    },
  });
}

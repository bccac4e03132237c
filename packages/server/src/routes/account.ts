/**
 * The person's own account (issue 15, /settings/account) and the seller's general settings
 * (/settings/general). Password, profile and sessions are always the signed-in person's own,
 * also while switched to another seller; an admin signed in as a seller may not change them.
 * General settings belong to the seller: a team member may read them (every date of the
 * dashboard uses `utc_offset`) but not change them (spec §6 hides General Settings from members).
 */
import { hash, verify } from '@node-rs/argon2';
import {
  ACCOUNT_MESSAGES,
  API,
  AVATAR_EXTENSIONS,
  BLOB_FILE_PREFIX,
  EMAIL_CHANGE_TTL_SECONDS,
  type GeneralSettings,
  PAGES,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { sendMail } from '../auth/mailer.js';
import { keyOwner } from '../blob/blobStore.js';
import { type AuthContext, hashToken, newToken, sessionIdOf } from '../http/authContext.js';
import { forbidden, notFound, unauthenticated, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import {
  type GeneralSettingsRow,
  getGeneralSettings,
  insertEmailChangeToken,
  liveSessionsOf,
  revokeOtherSessions,
  setGeneralSettings,
  setVerifiedEmail,
  updateAvatar,
  updateProfile,
  useEmailChangeToken,
} from '../sql/account.js';
import { insertAudit } from '../sql/sessions.js';
import { getUserByEmail, getUserById, setPasswordHash, type UserRow } from '../sql/users.js';
import { checkNewPassword } from './auth.js';

/**
 * A picture the person may show as their avatar: one of their own uploads (`/files/s{id}/…`,
 * as the upload routes name them) with a picture's file extension. Anything else (another
 * person's file, an outside address, a document) is refused.
 */
function isOwnPicture(address: string, userId: number): boolean {
  if (!address.startsWith(BLOB_FILE_PREFIX)) return false;
  let key: string;
  try {
    key = decodeURIComponent(address.slice(BLOB_FILE_PREFIX.length).split('?')[0] ?? '');
  } catch {
    return false;
  }
  if (key.includes('..') || keyOwner(key) !== userId) return false;
  const extension = key.split('.').pop()?.toLowerCase() ?? '';
  return (AVATAR_EXTENSIONS as readonly string[]).includes(extension);
}

const settingsView = (row: GeneralSettingsRow): GeneralSettings => ({
  utc_offset: Number(row.utc_offset),
  currency: row.currency as GeneralSettings['currency'],
});

export async function registerAccountRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  /** The signed-in person's own row; an admin acting as the seller is refused. */
  const ownAccount = async (auth: AuthContext): Promise<UserRow> => {
    if (auth.accessUser !== null) throw forbidden(ACCOUNT_MESSAGES.ownAccountOnly);
    const user = await getUserById(db, auth.userId);
    if (!user) throw unauthenticated();
    return user;
  };

  registerGroup(app, API.account, {
    changePassword: async ({ auth, body }) => {
      const user = await ownAccount(auth);
      if (!(await verify(user.password_hash, body.current_password))) {
        throw unprocessable(ACCOUNT_MESSAGES.wrongPassword, {
          current_password: [ACCOUNT_MESSAGES.wrongPassword],
        });
      }
      if (body.current_password === body.new_password) {
        throw unprocessable(ACCOUNT_MESSAGES.samePassword, {
          new_password: [ACCOUNT_MESSAGES.samePassword],
        });
      }
      await checkNewPassword(body.new_password).catch((error: unknown) => {
        // The common-password check names `password`; this form's field is `new_password`.
        const message = error instanceof Error ? error.message : String(error);
        throw unprocessable(message, { new_password: [message] });
      });
      const passwordHash = await hash(body.new_password);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, passwordHash);
        const ended = await revokeOtherSessions(tx, user.id, sessionIdOf(auth));
        await insertAudit(tx, {
          actorId: auth.actorId,
          sellerId: user.id,
          action: 'password_change',
          detail: { sessions_ended: ended },
        });
      });
      return { data: null, message: ACCOUNT_MESSAGES.passwordChanged };
    },
    changeEmail: async ({ auth, body, request }) => {
      const user = await ownAccount(auth);
      if (!(await verify(user.password_hash, body.password))) {
        throw unprocessable(ACCOUNT_MESSAGES.wrongPassword, {
          password: [ACCOUNT_MESSAGES.wrongPassword],
        });
      }
      if (body.email === user.email) {
        throw unprocessable(ACCOUNT_MESSAGES.sameEmail, { email: [ACCOUNT_MESSAGES.sameEmail] });
      }
      if (await getUserByEmail(db, body.email)) {
        throw unprocessable(ACCOUNT_MESSAGES.emailTaken, { email: [ACCOUNT_MESSAGES.emailTaken] });
      }
      const token = newToken();
      await insertEmailChangeToken(db, {
        tokenHash: hashToken(token),
        userId: user.id,
        newEmail: body.email,
        ttlSeconds: EMAIL_CHANGE_TTL_SECONDS,
      });
      await insertAudit(db, {
        actorId: auth.actorId,
        sellerId: user.id,
        action: 'email_change_request',
        detail: { new_email: body.email },
      });
      const base = app.config.publicUrl.replace(/\/+$/, '');
      const link = `${base}${PAGES.confirm_email_change.path}?token=${encodeURIComponent(token)}`;
      // The link goes to the new address only: opening it proves the person holds it.
      await sendMail(db, request.log, app.config.smtpUrl, {
        to: body.email,
        subject: 'Confirm your new email',
        body: `Open ${link} to use this address for your Printloom account. The link expires in 24 hours.`,
      });
      return { data: null, message: ACCOUNT_MESSAGES.emailChangeSent };
    },
    confirmEmailChange: async ({ body }) => {
      const invalid = () =>
        unprocessable(ACCOUNT_MESSAGES.emailChangeInvalid, {
          token: [ACCOUNT_MESSAGES.emailChangeInvalid],
        });
      await db.transaction(async (tx) => {
        const change = await useEmailChangeToken(tx, hashToken(body.token));
        if (!change) throw invalid();
        // Taken by another account since the request: refused.
        if (!(await setVerifiedEmail(tx, change.user_id, change.new_email))) {
          throw unprocessable(ACCOUNT_MESSAGES.emailTaken, {
            token: [ACCOUNT_MESSAGES.emailTaken],
          });
        }
        await insertAudit(tx, {
          actorId: change.user_id,
          sellerId: change.user_id,
          action: 'email_change',
          detail: { new_email: change.new_email },
        });
      });
      return { data: null, message: ACCOUNT_MESSAGES.emailChanged };
    },
    updateProfile: async ({ auth, body }) => {
      const user = await ownAccount(auth);
      await updateProfile(db, user.id, {
        name: body.name,
        phone: body.phone ? body.phone : null,
        facebook: body.facebook ? body.facebook : null,
      });
      await insertAudit(db, { actorId: auth.actorId, sellerId: user.id, action: 'profile_update' });
      return { data: null, message: ACCOUNT_MESSAGES.profileSaved };
    },
    updateAvatar: async ({ auth, body }) => {
      const user = await ownAccount(auth);
      if (body.avatar !== null && !isOwnPicture(body.avatar, user.id)) {
        throw unprocessable(ACCOUNT_MESSAGES.avatarNotOwn, {
          avatar: [ACCOUNT_MESSAGES.avatarNotOwn],
        });
      }
      await updateAvatar(db, user.id, body.avatar);
      await insertAudit(db, { actorId: auth.actorId, sellerId: user.id, action: 'avatar_update' });
      return {
        data: null,
        message:
          body.avatar === null ? ACCOUNT_MESSAGES.avatarRemoved : ACCOUNT_MESSAGES.avatarSaved,
      };
    },
    sessions: async ({ auth }) => {
      const user = await ownAccount(auth);
      const current = sessionIdOf(auth);
      const rows = await liveSessionsOf(db, user.id);
      return {
        data: rows.map((row) => ({
          id: Number(row.id),
          created_at: row.created_at.toISOString(),
          expires_at: row.expires_at.toISOString(),
          current: Number(row.id) === current,
          acting_for: row.acting_for,
        })),
      };
    },
    signOutEverywhere: async ({ auth }) => {
      const user = await ownAccount(auth);
      const ended = await revokeOtherSessions(db, user.id, sessionIdOf(auth));
      await insertAudit(db, {
        actorId: auth.actorId,
        sellerId: user.id,
        action: 'sign_out_everywhere',
        detail: { sessions_ended: ended },
      });
      return { data: null, message: ACCOUNT_MESSAGES.signedOutEverywhere };
    },
    generalSettings: async ({ auth }) => {
      const row = await getGeneralSettings(db, auth.sellerId);
      if (!row) throw notFound();
      return { data: settingsView(row) };
    },
    updateGeneralSettings: async ({ auth, body }) => {
      if (auth.grant) throw forbidden(ACCOUNT_MESSAGES.ownAccountOnly);
      const row = await db.transaction(async (tx) => {
        const saved = await setGeneralSettings(tx, auth.sellerId, {
          utcOffset: body.utc_offset,
          currency: body.currency,
        });
        await insertAudit(tx, {
          actorId: auth.actorId,
          sellerId: auth.sellerId,
          action: 'general_settings_update',
          detail: body,
        });
        return saved;
      });
      if (!row) throw notFound();
      return { data: settingsView(row), message: ACCOUNT_MESSAGES.settingsSaved };
    },
  });
}

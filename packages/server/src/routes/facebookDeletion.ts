/**
 * Facebook's Data Deletion Request Callback (required of apps using Facebook Login). Facebook
 * posts `signed_request` when a person asks for the data this app got from Facebook to be
 * deleted. A request whose signature does not match the app secret is 400. Otherwise, in one
 * transaction: the Facebook account's link to its user (`user_identities`: the Facebook user id
 * and the email Facebook gave) and any link request still waiting on it are deleted, an audit
 * row is written for the account, and a status record keeps the confirmation code with a hash
 * of the Facebook id. The answer is Facebook's documented JSON, `{ url, confirmation_code }`,
 * `url` being the status page served here.
 *
 * The Printloom account itself is kept, even when Facebook was its only way to sign in: it
 * holds the seller's business records (stores, orders of its buyers, the money ledger, payouts)
 * that are not data received from Facebook and that must be kept. Its owner signs in again by
 * setting a password through Forgot password, sent to the account's email.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type API, escapeHtml, FACEBOOK_DELETION_MESSAGES } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { verifyFacebookSignedRequest } from '../auth/facebookSignedRequest.js';
import { httpError, notFound } from '../http/errors.js';
import type { GroupHandlers } from '../http/registerGroup.js';
import { insertAudit } from '../sql/sessions.js';
import {
  deleteIdentityBySubject,
  deleteLinkRequestsBySubject,
  insertSocialDeletion,
  type SocialDeletionRow,
  socialDeletionByCode,
} from '../sql/socialDeletions.js';

type Handlers = GroupHandlers<typeof API.social>;

/** The path of a request's status page; the answer's `url` is the public address of it. */
export const facebookDeletionStatusPath = (code: string) => `/auth/facebook/data-deletion/${code}`;

/** `signed_request` of the posted form (Facebook's format), or of a JSON body. */
function signedRequestOf(body: unknown, contentType: string | undefined): string | null {
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : '';
  if (contentType?.includes('application/json')) {
    try {
      const parsed = JSON.parse(text) as { signed_request?: unknown };
      return typeof parsed.signed_request === 'string' ? parsed.signed_request : null;
    } catch {
      return null;
    }
  }
  return new URLSearchParams(text).get('signed_request');
}

function statusPage(row: SocialDeletionRow): string {
  const when = (row.completed_at ?? row.requested_at).toISOString().replace('T', ' ').slice(0, 16);
  const what =
    row.identities_removed > 0 || row.link_requests_removed > 0
      ? `<p>We deleted the data we received from Facebook: the link between your Facebook account
and your Printloom account, your Facebook user id and the email address Facebook shared.
You can no longer sign in with Facebook.</p>
<p>Your Printloom account and its business records (stores, orders, payments) are kept. If you
signed in only with Facebook, use “Forgot password” on the sign-in page to set a password.</p>`
      : '<p>We held no data received from this Facebook account.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Facebook data deletion</title></head><body>
<h1>Facebook data deletion</h1>
<p>Confirmation code: <strong>${escapeHtml(row.confirmation_code)}</strong></p>
<p>Status: <strong>Completed</strong> on ${escapeHtml(when)} UTC.</p>
${what}
</body></html>`;
}

export function facebookDeletionHandlers(
  app: FastifyInstance,
): Pick<Handlers, 'facebookDeletion' | 'facebookDeletionStatus'> {
  const { db, config } = app;
  const base = config.publicUrl.replace(/\/+$/, '');
  return {
    facebookDeletion: async ({ request, reply }) => {
      const appSecret = config.socialLogin.facebook?.appSecret;
      if (!appSecret) throw notFound(FACEBOOK_DELETION_MESSAGES.notConfigured);
      const signed = signedRequestOf(request.body, request.headers['content-type']);
      const verified = signed ? verifyFacebookSignedRequest(signed, appSecret) : null;
      if (!verified) throw httpError(400, FACEBOOK_DELETION_MESSAGES.badRequest);
      const code = randomBytes(12).toString('hex');
      await db.transaction(async (tx) => {
        const users = await deleteIdentityBySubject(tx, 'facebook', verified.userId);
        const linkRequests = await deleteLinkRequestsBySubject(tx, 'facebook', verified.userId);
        const userId = users[0] ?? null;
        if (userId !== null) {
          await insertAudit(tx, {
            actorId: null,
            sellerId: userId,
            action: 'social_data_deletion',
            detail: { provider: 'facebook', confirmation_code: code },
          });
        }
        await insertSocialDeletion(tx, {
          confirmationCode: code,
          provider: 'facebook',
          subjectHash: createHash('sha256').update(`facebook:${verified.userId}`).digest('hex'),
          userId,
          identitiesRemoved: users.length,
          linkRequestsRemoved: linkRequests,
        });
      });
      request.log.info({ confirmation_code: code }, 'facebook data deletion request completed');
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(
          JSON.stringify({
            url: `${base}${facebookDeletionStatusPath(code)}`,
            confirmation_code: code,
          }),
        );
    },
    facebookDeletionStatus: async ({ params, reply }) => {
      const row = await socialDeletionByCode(db, params.code);
      if (!row) throw notFound();
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(statusPage(row));
    },
  };
}

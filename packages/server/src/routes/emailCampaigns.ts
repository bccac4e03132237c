/**
 * Email campaigns (issue 15): `GET/POST /seller/email-marketing/campaigns`, `GET/PUT/DELETE …/:id`,
 * `POST …/:id/send` `{send_at?}` (the send job runs it, marketing/campaignMail.ts), `GET …/:id/preview`
 * and `POST …/:id/test` (one mail to one address). Another seller's campaign is 404; one of a store
 * outside the session's stores is 403.
 *
 * The mail links (`/email/u|o|c/:token`, no session): unsubscribe (GET page, RFC 8058 one-click
 * POST), the open pixel and the click redirect, each with a token the server signed; a click only
 * redirects to the address signed into its token, which must be one of the campaign's links.
 */
import {
  API,
  campaignLinkTargets,
  csvLine,
  EMAIL_CAMPAIGN_MESSAGES,
  type EmailCampaignBody,
  escapeHtml,
  pageInfo,
  parseCsv,
  renderCampaignEmail,
  SubscriberBody,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../http/authContext.js';
import { conflict, forbidden, httpError, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { canUseStore, ownStore, STORE_SCOPE_MESSAGE, storesInScope } from '../http/storeScope.js';
import { emailCampaignSendJob } from '../jobs/emailCampaignJobs.js';
import {
  campaignFooter,
  campaignFrom,
  campaignMail,
  campaignTransport,
  mailtoOf,
  readCampaignLinkToken,
  recipientLinks,
} from '../marketing/campaignMail.js';
import {
  isSenderLinkValid,
  senderAddressOf,
  senderIdOfToken,
} from '../marketing/senderVerification.js';
import {
  countAudience,
  deleteEmailCampaign,
  type EmailCampaignRow,
  emailCampaignStats,
  exportSubscribers,
  getEmailCampaign,
  type ImportedSubscriber,
  importSubscribers,
  insertEmailCampaign,
  listEmailCampaigns,
  ownsProductCampaign,
  recipientForLink,
  recordClick,
  recordOpen,
  scheduleEmailCampaign,
  senderAddress,
  setSubscription,
  unsubscribeRecipient,
  updateEmailCampaign,
} from '../sql/emailCampaigns.js';
import { markSenderVerified, senderForLink } from '../sql/emailSenders.js';
import { getSubscriber } from '../sql/marketing.js';
import { subscriberView } from './marketing.js';

/** Rows written per statement of an import. */
const IMPORT_CHUNK = 500;
const IMPORT_COLUMNS = ['email', 'first_name', 'last_name', 'phone'] as const;

/**
 * A subscriber CSV read into rows: the header names the columns (any order, any case; `email`
 * required), each data row is checked like one added by hand, rows with the same email merge.
 */
export function readSubscriberCsv(csv: string): {
  rows: ImportedSubscriber[];
  merged: number;
  errors: Array<{ row: number; message: string }>;
} {
  const lines = parseCsv(csv.replace(/^\uFEFF/, ''));
  const header = (lines[0] ?? []).map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
  const at = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, header.indexOf(c)]));
  if ((at.email ?? -1) < 0) {
    return { rows: [], merged: 0, errors: [{ row: 1, message: 'The header has no email column' }] };
  }
  const byEmail = new Map<string, ImportedSubscriber>();
  const errors: Array<{ row: number; message: string }> = [];
  let merged = 0;
  lines.slice(1).forEach((cells, index) => {
    if (cells.every((c) => c.trim() === '')) return;
    const cell = (name: (typeof IMPORT_COLUMNS)[number]) => {
      const i = at[name] ?? -1;
      const value = i >= 0 ? (cells[i] ?? '').trim() : '';
      return value === '' ? undefined : value;
    };
    const parsed = SubscriberBody.safeParse({
      store_id: 1,
      email: cell('email') ?? '',
      first_name: cell('first_name'),
      last_name: cell('last_name'),
      phone: cell('phone'),
    });
    if (!parsed.success) {
      errors.push({
        row: index + 2,
        message: parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; '),
      });
      return;
    }
    const row = {
      email: parsed.data.email,
      first_name: parsed.data.first_name ?? null,
      last_name: parsed.data.last_name ?? null,
      phone: parsed.data.phone ?? null,
    };
    const earlier = byEmail.get(row.email);
    if (earlier) {
      merged += 1;
      earlier.first_name = row.first_name ?? earlier.first_name;
      earlier.last_name = row.last_name ?? earlier.last_name;
      earlier.phone = row.phone ?? earlier.phone;
    } else {
      byEmail.set(row.email, row);
    }
  });
  return { rows: [...byEmail.values()], merged, errors };
}

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function registerEmailCampaignRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const settings = app.config;

  async function view(row: EmailCampaignRow) {
    const stats = (await emailCampaignStats(db, [Number(row.id)])).get(Number(row.id));
    return viewWith(row, stats);
  }

  function viewWith(
    row: EmailCampaignRow,
    s: Awaited<ReturnType<typeof emailCampaignStats>> extends Map<number, infer V>
      ? V | undefined
      : never,
  ) {
    const delivered = s?.delivered ?? 0;
    const failed = s?.failed ?? 0;
    return {
      id: Number(row.id),
      store_id: Number(row.store_id),
      sender_id: row.sender_id === null ? null : Number(row.sender_id),
      name: row.name,
      subject: row.subject,
      preheader: row.preheader,
      blocks: row.blocks,
      audience: row.audience,
      status: row.status,
      send_at: iso(row.send_at),
      started_at: iso(row.started_at),
      finished_at: iso(row.finished_at),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      stats: {
        recipients: s?.recipients ?? 0,
        pending: s?.pending ?? 0,
        sent: delivered + failed,
        delivered,
        opened: s?.opened ?? 0,
        clicked: s?.clicked ?? 0,
        unsubscribed: s?.unsubscribed ?? 0,
        failed,
        uncertain: s?.uncertain ?? 0,
      },
    };
  }

  /** The caller's campaign in a store the session may use (404 / 403). */
  async function ownCampaign(auth: AuthContext, id: number): Promise<EmailCampaignRow> {
    const row = await getEmailCampaign(db, auth.sellerId, id);
    if (!row) throw notFound();
    await ownStore(db, auth, Number(row.store_id));
    return row;
  }

  async function checkBody(auth: AuthContext, body: EmailCampaignBody): Promise<void> {
    await ownStore(db, auth, body.store_id);
    if (body.sender_id) {
      const sender = await senderAddress(db, auth.sellerId, body.sender_id);
      if (!sender) throw unprocessable('Unknown sender', { sender_id: ['Unknown sender'] });
      if (Number(sender.store_domain_id) !== body.store_id) {
        throw unprocessable(EMAIL_CAMPAIGN_MESSAGES.senderOtherStore, {
          sender_id: [EMAIL_CAMPAIGN_MESSAGES.senderOtherStore],
        });
      }
    }
    if (
      body.audience.kind === 'bought_campaign' &&
      !(await ownsProductCampaign(db, auth.sellerId, body.audience.campaign_id))
    ) {
      throw unprocessable('Unknown campaign', { 'audience.campaign_id': ['Unknown campaign'] });
    }
  }

  registerGroup(app, API.emailCampaigns, {
    list: async ({ auth, query }) => {
      const stores = storesInScope(auth, query.store_id ? [query.store_id] : undefined);
      const { rows, total } = await listEmailCampaigns(db, auth.sellerId, {
        stores,
        status: query.status ?? null,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      const stats = await emailCampaignStats(
        db,
        rows.map((r) => Number(r.id)),
      );
      return {
        data: {
          data: rows.map((r) => viewWith(r, stats.get(Number(r.id)))),
          ...pageInfo(total, query.page, query.per_page),
        },
      };
    },
    create: async ({ auth, body }) => {
      await checkBody(auth, body);
      const id = await insertEmailCampaign(db, auth.sellerId, body);
      const row = await ownCampaign(auth, id);
      return { data: await view(row), message: EMAIL_CAMPAIGN_MESSAGES.created };
    },
    get: async ({ auth, params }) => ({ data: await view(await ownCampaign(auth, params.id)) }),
    update: async ({ auth, params, body }) => {
      await ownCampaign(auth, params.id);
      await checkBody(auth, body);
      if (!(await updateEmailCampaign(db, auth.sellerId, params.id, body))) {
        throw conflict(EMAIL_CAMPAIGN_MESSAGES.notEditable);
      }
      return {
        data: await view(await ownCampaign(auth, params.id)),
        message: EMAIL_CAMPAIGN_MESSAGES.saved,
      };
    },
    remove: async ({ auth, params }) => {
      await ownCampaign(auth, params.id);
      if (!(await deleteEmailCampaign(db, auth.sellerId, params.id))) {
        throw conflict('A campaign that is sending cannot be deleted.');
      }
      return { data: null, message: EMAIL_CAMPAIGN_MESSAGES.deleted };
    },
    send: async ({ auth, params, body }) => {
      const row = await ownCampaign(auth, params.id);
      if (row.status === 'sending' || row.status === 'sent') {
        throw conflict(EMAIL_CAMPAIGN_MESSAGES.notEditable);
      }
      const sendAt = body?.send_at ? new Date(body.send_at) : null;
      if (sendAt && sendAt.getTime() <= Date.now()) {
        throw unprocessable(EMAIL_CAMPAIGN_MESSAGES.sendAtPast, {
          send_at: [EMAIL_CAMPAIGN_MESSAGES.sendAtPast],
        });
      }
      if (row.sender_id) {
        const sender = await senderAddress(db, auth.sellerId, Number(row.sender_id));
        if (sender && sender.status !== 'verified') {
          throw unprocessable(EMAIL_CAMPAIGN_MESSAGES.senderNotVerified);
        }
      }
      const count = await countAudience(db, Number(row.store_id), auth.sellerId, row.audience);
      if (count === 0) throw unprocessable(EMAIL_CAMPAIGN_MESSAGES.noRecipients);
      const transport = await campaignTransport(db, settings, auth.sellerId, Number(row.store_id));
      if (!transport) {
        throw unprocessable(
          'Set up an email gateway for this store (Settings › Email gateways) before sending.',
        );
      }
      transport.close();
      await db.transaction(async (tx) => {
        if (!(await scheduleEmailCampaign(tx, auth.sellerId, params.id, sendAt))) {
          throw conflict(EMAIL_CAMPAIGN_MESSAGES.notEditable);
        }
        await app.jobs.enqueue(
          tx,
          emailCampaignSendJob,
          { campaignId: params.id },
          sendAt ? { startAfter: sendAt } : {},
        );
      });
      return {
        data: await view(await ownCampaign(auth, params.id)),
        message: sendAt ? EMAIL_CAMPAIGN_MESSAGES.scheduled : EMAIL_CAMPAIGN_MESSAGES.sending,
      };
    },
    preview: async ({ auth, params }) => {
      const row = await ownCampaign(auth, params.id);
      const footer = await campaignFooter(db, Number(row.store_id));
      const links = recipientLinks(settings, 0);
      return {
        data: renderCampaignEmail(
          { ...row, footer },
          { unsubscribeUrl: links.unsubscribeUrl, link: (url) => url },
        ),
      };
    },
    testSend: async ({ auth, params, body }) => {
      const row = await ownCampaign(auth, params.id);
      const transport = await campaignTransport(db, settings, auth.sellerId, Number(row.store_id));
      if (!transport) {
        throw unprocessable(
          'Set up an email gateway for this store (Settings › Email gateways) before sending.',
        );
      }
      try {
        const from = (await campaignFrom(db, row)) ?? transport.from;
        const footer = await campaignFooter(db, Number(row.store_id));
        // Recipient 0: its links are signed but name nobody, so they count and change nothing.
        const mail = campaignMail(
          settings,
          row,
          footer,
          { id: 0, email: body.email },
          from,
          mailtoOf(from),
        );
        await transport.send({ ...mail, subject: `[Test] ${row.subject}` });
      } catch (error) {
        throw httpError(
          502,
          `The test mail was not sent: ${error instanceof Error ? error.message : String(error)}`,
        );
      } finally {
        transport.close();
      }
      return { data: null, message: EMAIL_CAMPAIGN_MESSAGES.testSent };
    },
  });

  registerGroup(app, API.emailSubscribers, {
    importCsv: async ({ auth, body }) => {
      await ownStore(db, auth, body.store_id);
      const { rows, merged, errors } = readSubscriberCsv(body.csv);
      let created = 0;
      let updated = 0;
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
          const done = await importSubscribers(
            tx,
            auth.sellerId,
            body.store_id,
            rows.slice(i, i + IMPORT_CHUNK),
          );
          created += done.created;
          updated += done.updated;
        }
      });
      return {
        data: { created, updated, merged, errors },
        message: `Imported ${created + updated} subscribers (${created} new, ${updated} updated)${errors.length ? `; ${errors.length} rows in error` : ''}.`,
      };
    },
    exportCsv: async ({ auth, query, reply }) => {
      const stores = storesInScope(auth, query.store_id ? [query.store_id] : undefined);
      const rows = await exportSubscribers(db, auth.sellerId, stores);
      const lines = [
        csvLine([
          'email',
          'first_name',
          'last_name',
          'phone',
          'store',
          'subscribed_at',
          'unsubscribed_at',
        ]),
        ...rows.map((r) =>
          csvLine([
            r.email,
            r.first_name,
            r.last_name,
            r.phone,
            r.store_name,
            r.created_at.toISOString(),
            r.unsubscribed_at?.toISOString() ?? '',
          ]),
        ),
      ];
      return reply
        .header('content-disposition', 'attachment; filename="subscribers.csv"')
        .type('text/csv; charset=utf-8')
        .send(lines.join(''));
    },
    setSubscription: async ({ auth, params, body }) => {
      const row = await getSubscriber(db, auth.sellerId, params.id);
      if (!row) throw notFound();
      if (!canUseStore(auth, Number(row.store_id))) throw forbidden(STORE_SCOPE_MESSAGE);
      await setSubscription(db, auth.sellerId, params.id, body.subscribed);
      const updated = await getSubscriber(db, auth.sellerId, params.id);
      if (!updated) throw notFound();
      return {
        data: subscriberView(updated),
        message: body.subscribed ? 'Subscribed again.' : 'Unsubscribed.',
      };
    },
  });

  const unsubscribed = (
    store: string,
  ) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Unsubscribed</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;">
<h1>You are unsubscribed</h1><p>You will no longer receive marketing mail from ${escapeHtml(store)}.</p></body></html>`;

  /** A plain page for a mail's reader (sender verification). */
  const page = (title: string, text: string) =>
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;">
<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;

  registerGroup(app, API.emailTracking, {
    verifySender: async ({ params, reply }) => {
      const id = senderIdOfToken(params.token);
      const sender = id === null ? undefined : await senderForLink(db, id);
      if (!sender || !isSenderLinkValid(app.config.secret, sender, params.token, Date.now())) {
        return reply
          .status(404)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            page(
              'Link not valid',
              'This verification link is not valid any more: it expired, or the sender changed. Ask for a new one on the Senders page.',
            ),
          );
      }
      await markSenderVerified(db, Number(sender.id), 'link');
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Sender verified',
            `${senderAddressOf(sender) ?? sender.username} may now send the email campaigns of ${sender.store_name}.`,
          ),
        );
    },
    unsubscribe: async ({ params, reply }) => {
      const id = readCampaignLinkToken(settings.secret, 'u', params.token);
      const recipient = id ? await recipientForLink(db, id) : null;
      if (id === 0) return reply.type('text/html; charset=utf-8').send(unsubscribed('this store'));
      if (!recipient) throw notFound();
      await unsubscribeRecipient(db, Number(recipient.id));
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(unsubscribed(recipient.store_name));
    },
    unsubscribeOneClick: async ({ params, reply }) => {
      const id = readCampaignLinkToken(settings.secret, 'u', params.token);
      const recipient = id ? await recipientForLink(db, id) : null;
      if (!recipient && id !== 0) throw notFound();
      if (recipient) await unsubscribeRecipient(db, Number(recipient.id));
      return reply.type('text/plain; charset=utf-8').send('Unsubscribed');
    },
    open: async ({ params, reply }) => {
      // The pixel answers alike whatever the token: a mail client learns nothing from it.
      const id = readCampaignLinkToken(settings.secret, 'o', params.token);
      if (id) await recordOpen(db, id);
      return reply.header('cache-control', 'no-store, max-age=0').type('image/gif').send(PIXEL);
    },
    click: async ({ params, query, reply }) => {
      const id = readCampaignLinkToken(settings.secret, 'c', params.token, query.u);
      if (id === null) throw notFound();
      if (id !== 0) {
        const recipient = await recipientForLink(db, id);
        if (!recipient || !campaignLinkTargets(recipient.blocks).includes(query.u)) {
          throw notFound();
        }
        await recordClick(db, id);
      }
      return reply.header('cache-control', 'no-store').redirect(query.u, 302);
    },
  });
}

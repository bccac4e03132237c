import {
  API,
  type FeaturedInfoList,
  LEDGER_ACCOUNTS,
  type NotificationTopic,
  pageInfo,
  readableNotificationTopics,
  SURVEY_MESSAGES,
  toMajor,
  type UtmTrackBody,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import { FEATURED_CACHE_MS } from '../config.js';
import { type AuthContext, allows } from '../http/authContext.js';
import { notFound } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { ledgerNow } from '../money/ledgerClock.js';
import { isSellerCampaign } from '../sql/campaigns.js';
import { listFeaturedInfo } from '../sql/featuredInfo.js';
import { ledgerBalances } from '../sql/ledger.js';
import {
  getNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationReader,
  type NotificationRow,
  setNotificationsReadStatus,
} from '../sql/notifications.js';
import { saveSurvey } from '../sql/users.js';
import { insertUtmTrack } from '../sql/utmTracks.js';

/** Messages are stored as given and sanitized on the way out, so a rule change covers old rows. */
function notificationView(row: NotificationRow) {
  return {
    id: row.id,
    subject: row.subject,
    message: sanitizeHtml(row.message),
    image: row.image,
    call_to_action_link: row.call_to_action_link,
    is_warning: row.is_warning,
    is_new: !row.read,
    created_at: row.created_at.toISOString(),
    type: row.type,
    seller_id: row.seller_id,
    topic: row.topic as NotificationTopic,
  };
}

/**
 * The person reading the account's notifications: the topics their permissions cover (all for
 * the owner), and their own read marks (the team member's or support's, not the owner's).
 */
function readerOf(auth: AuthContext): NotificationReader {
  return {
    sellerId: auth.sellerId,
    readerId: auth.actorId,
    topics: readableNotificationTopics((permission) => allows(auth, permission)),
  };
}

export async function registerShellRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const { lastUpdate } = app.config;

  let featured: { at: number; list: FeaturedInfoList } | null = null;

  // The browser remembers tracked campaigns in a cookie (spec §4); the server records each call.
  // A campaign id of another seller is not stored on the seller route.
  async function track(sellerId: number | null, body: UtmTrackBody, ip: string) {
    let campaignId = body.campaign_id ?? null;
    if (campaignId !== null && sellerId !== null) {
      if (!(await isSellerCampaign(db, sellerId, campaignId))) campaignId = null;
    }
    await insertUtmTrack(db, {
      sellerId,
      utmCampaign: body.utm_campaign,
      action: body.action,
      campaignId,
      ip,
    });
    return { data: { success: true } };
  }

  registerGroup(app, API.shell, {
    notifications: async ({ auth, query }) => {
      const { rows, total } = await listNotifications(db, readerOf(auth), query);
      return {
        data: {
          data: rows.map(notificationView),
          ...pageInfo(total, query.page, query.per_page),
        },
      };
    },
    markAllNotificationsRead: async ({ auth }) => ({
      data: { updated: await markAllNotificationsRead(db, readerOf(auth)) },
    }),
    // Ids the reader cannot see are ignored rather than refused: the pop-up posts what it had.
    notificationsReadStatus: async ({ auth, body }) => ({
      data: {
        updated: await setNotificationsReadStatus(
          db,
          readerOf(auth),
          body.notification_ids,
          body.action,
        ),
      },
    }),
    notification: async ({ auth, params }) => {
      const reader = readerOf(auth);
      const row = await getNotification(db, reader, params.id);
      if (!row) throw notFound();
      await markNotificationRead(db, reader, row.id);
      return { data: notificationView(row) };
    },
    version: async () => ({ data: { last_update: lastUpdate } }),
    widgets: async () => ({
      data: {
        support_chat: app.config.crispWebsiteId
          ? { provider: 'crisp' as const, website_id: app.config.crispWebsiteId }
          : null,
        changelog: app.config.headwayAccount
          ? { provider: 'headway' as const, account: app.config.headwayAccount }
          : null,
      },
    }),
    featuredInfo: async ({ request, reply }) => {
      const now = Date.now();
      if (!featured || now - featured.at >= FEATURED_CACHE_MS) {
        const rows = await listFeaturedInfo(db);
        featured = {
          at: now,
          list: rows.map((r) => ({
            ...r,
            description: r.description && sanitizeHtml(r.description),
          })),
        };
      }
      reply.header('cache-control', `public, max-age=${FEATURED_CACHE_MS / 1000}`);
      // Banner urls are made absolute against the host the dashboard called (spec §3).
      const origin = `${request.protocol}://${request.host}`;
      const absolute = (url: string) =>
        /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
      return {
        data: featured.list.map((f) => ({
          ...f,
          banner_url: absolute(f.banner_url),
          banner_url_2: f.banner_url_2 ? absolute(f.banner_url_2) : null,
        })),
      };
    },
    survey: async ({ auth, body }) => {
      await saveSurvey(db, auth.sellerId, {
        sale_volume: body.sale_volume,
        facebook: body.facebook || undefined,
        phone: body.phone || undefined,
      });
      return { data: null, message: SURVEY_MESSAGES.saved };
    },
    balance: async ({ auth }) => {
      const accounts = await ledgerBalances(db, auth.sellerId, ledgerNow(app.config));
      // `balance` and `balance_2` keep their answer: the money that can be paid out, in major units.
      const balance = toMajor(accounts.default.available);
      const balance2 = toMajor(accounts.balance_2.available);
      return {
        data: {
          user_info: { sms_credit: auth.seller.sms_credit, balance, balance_2: balance2 },
          balances: [
            { type: 'default', balance },
            { type: 'balance_2', balance: balance2 },
          ],
          ...accounts.default,
          accounts: LEDGER_ACCOUNTS.map((type) => ({ type, ...accounts[type] })),
        },
      };
    },
    utmTrack: async ({ body, request }) => track(null, body, request.ip),
    sellerUtmTrack: async ({ auth, body, request }) => track(auth.sellerId, body, request.ip),
  });
}

import {
  API,
  type FeaturedInfoList,
  pageInfo,
  SURVEY_MESSAGES,
  type UtmTrackBody,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import { FEATURED_CACHE_MS } from '../config.js';
import { notFound } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { saveSurvey } from '../sql/users.js';

interface NotificationRow {
  id: number;
  seller_id: number | null;
  subject: string;
  message: string;
  image: string | null;
  call_to_action_link: string | null;
  is_warning: boolean;
  type: number;
  created_at: Date;
  read: boolean;
}

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
  };
}

// A notification with no seller_id is addressed to every seller.
const VISIBLE = '(n.seller_id = $1 OR n.seller_id IS NULL)';
const SELECT_NOTIFICATION = `SELECT n.*, (r.notification_id IS NOT NULL) AS read FROM notifications n
  LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.seller_id = $1`;

export async function registerShellRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const { lastUpdate } = app.config;

  let featured: { at: number; list: FeaturedInfoList } | null = null;

  // The browser remembers tracked campaigns in a cookie (spec §4); the server records each call.
  // A campaign id of another seller is not stored on the seller route.
  async function track(sellerId: number | null, body: UtmTrackBody, ip: string) {
    let campaignId = body.campaign_id ?? null;
    if (campaignId !== null && sellerId !== null) {
      const owned = await db.query('SELECT id FROM campaigns WHERE id = $1 AND seller_id = $2', [
        campaignId,
        sellerId,
      ]);
      if (owned.length === 0) campaignId = null;
    }
    await db.query(
      'INSERT INTO utm_tracks (seller_id, utm_campaign, action, campaign_id, ip_address) VALUES ($1, $2, $3, $4, $5)',
      [sellerId, body.utm_campaign, body.action, campaignId, ip],
    );
    return { data: { success: true } };
  }

  registerGroup(app, API.shell, {
    notifications: async ({ auth, query }) => {
      const [count] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM notifications n WHERE ${VISIBLE}`,
        [auth.sellerId],
      );
      const rows = await db.query<NotificationRow>(
        `${SELECT_NOTIFICATION} WHERE ${VISIBLE} ORDER BY n.id DESC LIMIT $2 OFFSET $3`,
        [auth.sellerId, query.per_page, (query.page - 1) * query.per_page],
      );
      return {
        data: {
          data: rows.map(notificationView),
          ...pageInfo(count?.total ?? 0, query.page, query.per_page),
        },
      };
    },
    markAllNotificationsRead: async ({ auth }) => {
      const rows = await db.query(
        `INSERT INTO notification_reads (notification_id, seller_id, action)
         SELECT n.id, $1, 1 FROM notifications n WHERE ${VISIBLE}
         ON CONFLICT DO NOTHING RETURNING notification_id`,
        [auth.sellerId],
      );
      return { data: { updated: rows.length } };
    },
    notificationsReadStatus: async ({ auth, body }) => {
      // Ids the seller cannot see are ignored rather than refused: the pop-up posts what it had.
      const rows = await db.query(
        `INSERT INTO notification_reads (notification_id, seller_id, action)
         SELECT n.id, $1, $3 FROM notifications n WHERE ${VISIBLE} AND n.id = ANY($2::bigint[])
         ON CONFLICT (notification_id, seller_id) DO UPDATE SET action = EXCLUDED.action, read_at = now()
         RETURNING notification_id`,
        [auth.sellerId, body.notification_ids, body.action],
      );
      return { data: { updated: rows.length } };
    },
    notification: async ({ auth, params }) => {
      const [row] = await db.query<NotificationRow>(
        `${SELECT_NOTIFICATION} WHERE ${VISIBLE} AND n.id = $2`,
        [auth.sellerId, params.id],
      );
      if (!row) throw notFound();
      await db.query(
        `INSERT INTO notification_reads (notification_id, seller_id, action) VALUES ($1, $2, 1)
         ON CONFLICT DO NOTHING`,
        [row.id, auth.sellerId],
      );
      return { data: notificationView(row) };
    },
    version: async () => ({ data: { last_update: lastUpdate } }),
    featuredInfo: async ({ request, reply }) => {
      const now = Date.now();
      if (!featured || now - featured.at >= FEATURED_CACHE_MS) {
        const rows = await db.query<{
          subject: string;
          description: string | null;
          banner_url: string;
          banner_url_2: string | null;
          article_url: string | null;
        }>(
          'SELECT subject, description, banner_url, banner_url_2, article_url FROM featured_info ORDER BY position, id',
        );
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
    balance: async ({ auth }) => ({
      data: {
        user_info: {
          sms_credit: auth.seller.sms_credit,
          balance: auth.seller.balance,
          balance_2: auth.seller.balance_2,
        },
        balances: [
          { type: 'default', balance: auth.seller.balance },
          { type: 'balance_2', balance: auth.seller.balance_2 },
        ],
      },
    }),
    utmTrack: async ({ body, request }) => track(null, body, request.ip),
    sellerUtmTrack: async ({ auth, body, request }) => track(auth.sellerId, body, request.ip),
  });
}

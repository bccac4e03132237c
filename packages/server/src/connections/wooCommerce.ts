/**
 * WooCommerce REST API v3 (https://woocommerce.github.io/woocommerce-rest-api-docs/): the key
 * and secret go as HTTP Basic auth, which WooCommerce accepts over HTTPS. A key is checked by
 * reading one order (`GET /wp-json/wc/v3/orders?per_page=1`, which needs the key's read access);
 * orders are read `status=processing`, `modified_after` the last import, oldest change first,
 * page by page as `X-WP-TotalPages` says.
 */
import { type FulfillmentRecord, SHOP_MESSAGES } from '@printloom/core';
import { z } from 'zod';
import { ShopApiError, type ShopHttpSettings, shopRequest } from './shopHttp.js';
import type { ExternalOrder, FetchedOrders } from './shopSource.js';

export interface WooCredentials {
  consumer_key: string;
  consumer_secret: string;
}

/** Orders per page (WooCommerce allows up to 100) and pages one import reads at most. */
export const WOO_PER_PAGE = 100;
export const WOO_MAX_PAGES = 20;

const Address = z
  .object({
    first_name: z.string().catch(''),
    last_name: z.string().catch(''),
    company: z.string().catch(''),
    address_1: z.string().catch(''),
    address_2: z.string().catch(''),
    city: z.string().catch(''),
    state: z.string().catch(''),
    postcode: z.string().catch(''),
    country: z.string().catch(''),
    email: z.string().optional().catch(undefined),
  })
  .partial()
  .catch({});

const WooOrder = z.object({
  id: z.number().int(),
  date_modified_gmt: z.string().nullable().catch(null),
  billing: Address,
  shipping: Address,
  line_items: z
    .array(
      z.object({
        sku: z.string().nullable().catch(''),
        quantity: z.number().catch(0),
      }),
    )
    .catch([]),
});
type WooOrder = z.infer<typeof WooOrder>;

const WooError = z.object({ code: z.string().optional(), message: z.string().optional() });

const apiUrl = (shopUrl: string, path: string, query: Record<string, string> = {}) => {
  const base = shopUrl.replace(/\/+$/, '');
  const url = new URL(`${base}/wp-json/wc/v3/${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url;
};

const basicAuth = (credentials: WooCredentials) =>
  `Basic ${Buffer.from(`${credentials.consumer_key}:${credentials.consumer_secret}`).toString('base64')}`;

async function wooGet(
  settings: ShopHttpSettings,
  shopUrl: string,
  credentials: WooCredentials,
  path: string,
  query: Record<string, string>,
) {
  const answer = await shopRequest(settings, apiUrl(shopUrl, path, query), {
    method: 'GET',
    headers: { authorization: basicAuth(credentials), accept: 'application/json' },
  });
  if (answer.status === 401 || answer.status === 403) {
    const error = WooError.safeParse(answer.json);
    throw new ShopApiError(
      SHOP_MESSAGES.refused(answer.status, error.success ? (error.data.message ?? '') : ''),
    );
  }
  if (answer.status < 200 || answer.status >= 300 || !Array.isArray(answer.json)) {
    throw new ShopApiError(SHOP_MESSAGES.notWooCommerce);
  }
  return answer;
}

/** Checks the key against the shop; a refusal or a non-WooCommerce answer throws. */
export async function checkWooKey(
  settings: ShopHttpSettings,
  shopUrl: string,
  credentials: WooCredentials,
): Promise<void> {
  await wooGet(settings, shopUrl, credentials, 'orders', { per_page: '1' });
}

/** The order's lines as import records: the shipping address, or billing when it has none. */
export function wooOrderRecords(order: WooOrder, externalId: string): FulfillmentRecord[] {
  const ship = order.shipping.address_1?.trim() ? order.shipping : order.billing;
  const name = [ship.first_name, ship.last_name].filter((part) => part?.trim()).join(' ');
  return order.line_items.map((line) => ({
    marketplace: 'woocommerce',
    external_order_id: externalId,
    email: order.billing.email ?? '',
    name: name || (ship.company ?? ''),
    line1: ship.address_1 ?? '',
    line2: ship.address_2 ?? '',
    city: ship.city ?? '',
    state: ship.state ?? '',
    postcode: ship.postcode ?? '',
    country: ship.country ?? '',
    sku: line.sku ?? '',
    quantity: String(line.quantity),
  }));
}

/**
 * The shop's processing orders changed since `since` (all of them on the first import). When
 * more pages remain than one import reads, `until` is the last change read, so the next import
 * goes on from there.
 */
export async function fetchWooOrders(
  settings: ShopHttpSettings,
  shop: { url: string; key: string },
  credentials: WooCredentials,
  since: Date | null,
  now: Date,
): Promise<FetchedOrders> {
  const orders: ExternalOrder[] = [];
  let latest: Date | null = null;
  let totalPages = 1;
  let page = 1;
  for (; page <= Math.min(totalPages, WOO_MAX_PAGES); page += 1) {
    const answer = await wooGet(settings, shop.url, credentials, 'orders', {
      status: 'processing',
      per_page: String(WOO_PER_PAGE),
      page: String(page),
      orderby: 'modified',
      order: 'asc',
      ...(since ? { modified_after: since.toISOString().replace(/\.\d{3}Z$/, '') } : {}),
      ...(since ? { dates_are_gmt: 'true' } : {}),
    });
    const pages = Number(answer.headers['x-wp-totalpages']);
    if (Number.isInteger(pages) && pages > 0) totalPages = pages;
    for (const item of answer.json as unknown[]) {
      const parsed = WooOrder.safeParse(item);
      if (!parsed.success) continue;
      const order = parsed.data;
      const externalId = `${shop.key}#${order.id}`;
      orders.push({ external_order_id: externalId, records: wooOrderRecords(order, externalId) });
      if (order.date_modified_gmt) {
        const modified = new Date(`${order.date_modified_gmt}Z`);
        if (!Number.isNaN(modified.getTime()) && (!latest || modified > latest)) latest = modified;
      }
    }
  }
  const complete = page > totalPages;
  return { orders, until: complete || !latest ? now : latest };
}

/**
 * TikTok Shop Open API (Partner Center docs, API version 202309). The seller authorises their
 * TikTok Shop app: the authorise page (`{auth}/oauth/authorize?app_key&state`) sends them back to
 * `/tts/callback` with `code` and `state`; the code is exchanged at
 * `{auth}/api/v2/token/get?grant_type=authorized_code` and the tokens refreshed at
 * `{auth}/api/v2/token/refresh` when the access token has expired. API calls carry `app_key`,
 * `timestamp` and `sign` (HMAC-SHA256 with the app secret over the path, the sorted query
 * parameters and the body, wrapped in the secret) and the access token in `x-tts-access-token`.
 * Orders are read with `POST /order/202309/orders/search` (status AWAITING_SHIPMENT, updated
 * since the last import), page by page with `next_page_token`.
 */
import { createHmac } from 'node:crypto';
import type { FulfillmentRecord } from '@printloom/core';
import { z } from 'zod';
import { ShopApiError, type ShopHttpSettings, shopRequest } from './shopHttp.js';
import type { ExternalOrder, FetchedOrders } from './shopSource.js';

export type TtsSettings = ShopHttpSettings & { ttsAuthBaseUrl: string; ttsApiBaseUrl: string };

export interface TtsApp {
  app_key: string;
  app_secret: string;
}

export interface TtsCredentials extends TtsApp {
  access_token: string;
  /** Unix seconds. */
  access_token_expire_in: number;
  refresh_token: string;
  refresh_token_expire_in: number;
  shop_cipher: string;
}

/** Orders per page and pages one import reads at most. */
export const TTS_PAGE_SIZE = 50;
export const TTS_MAX_PAGES = 20;

const Envelope = z.object({
  code: z.number(),
  message: z.string().catch(''),
  data: z.unknown().optional(),
});

const TokenData = z.object({
  access_token: z.string().min(1),
  access_token_expire_in: z.number(),
  refresh_token: z.string().min(1),
  refresh_token_expire_in: z.number(),
  seller_name: z.string().optional().catch(undefined),
});

const Shops = z.object({
  shops: z.array(
    z.object({
      id: z.string(),
      name: z.string().catch(''),
      region: z.string().catch(''),
      cipher: z.string(),
    }),
  ),
});

const District = z.object({
  address_level_name: z.string().catch(''),
  address_name: z.string().catch(''),
});

const TtsOrder = z.object({
  id: z.string(),
  update_time: z.number().optional().catch(undefined),
  buyer_email: z.string().catch(''),
  recipient_address: z
    .object({
      name: z.string().catch(''),
      address_line1: z.string().catch(''),
      address_line2: z.string().catch(''),
      postal_code: z.string().catch(''),
      region_code: z.string().catch(''),
      district_info: z.array(District).catch([]),
    })
    .partial()
    .catch({}),
  line_items: z.array(z.object({ seller_sku: z.string().catch('') })).catch([]),
});
type TtsOrder = z.infer<typeof TtsOrder>;

const OrderPage = z.object({
  next_page_token: z.string().optional().catch(undefined),
  orders: z.array(z.unknown()).catch([]),
});

/** The documented signature of an Open API request. */
export function ttsSign(
  path: string,
  query: Record<string, string>,
  body: string,
  appSecret: string,
): string {
  const joined = Object.keys(query)
    .filter((key) => key !== 'sign' && key !== 'access_token')
    .sort()
    .map((key) => `${key}${query[key]}`)
    .join('');
  const text = `${appSecret}${path}${joined}${body}${appSecret}`;
  return createHmac('sha256', appSecret).update(text).digest('hex');
}

const envelopeData = (json: unknown, status: number): unknown => {
  const parsed = Envelope.safeParse(json);
  if (!parsed.success) throw new ShopApiError(`TikTok Shop answered ${status} without a result`);
  if (parsed.data.code !== 0) {
    throw new ShopApiError(`TikTok Shop refused (${parsed.data.code}: ${parsed.data.message})`);
  }
  return parsed.data.data;
};

async function tokenCall(
  settings: TtsSettings,
  path: string,
  query: Record<string, string>,
): Promise<z.infer<typeof TokenData>> {
  const url = new URL(path, settings.ttsAuthBaseUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const answer = await shopRequest(settings, url, { method: 'GET' });
  const data = TokenData.safeParse(envelopeData(answer.json, answer.status));
  if (!data.success) throw new ShopApiError('TikTok Shop answered without tokens');
  return data.data;
}

/** The address of the authorise page for the seller's app and this state. */
export function ttsAuthorizeUrl(settings: TtsSettings, appKey: string, state: string): string {
  const url = new URL('/oauth/authorize', settings.ttsAuthBaseUrl);
  url.searchParams.set('app_key', appKey);
  url.searchParams.set('state', state);
  return url.toString();
}

async function apiCall(
  settings: TtsSettings,
  credentials: TtsApp & { access_token: string },
  method: 'GET' | 'POST',
  path: string,
  query: Record<string, string>,
  body: object | null,
  now: Date,
): Promise<unknown> {
  const text = body ? JSON.stringify(body) : '';
  const params: Record<string, string> = {
    ...query,
    app_key: credentials.app_key,
    timestamp: String(Math.floor(now.getTime() / 1000)),
  };
  params.sign = ttsSign(path, params, text, credentials.app_secret);
  const url = new URL(path, settings.ttsApiBaseUrl);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const answer = await shopRequest(settings, url, {
    method,
    headers: {
      'x-tts-access-token': credentials.access_token,
      'content-type': 'application/json',
    },
    ...(body ? { body: text } : {}),
  });
  return envelopeData(answer.json, answer.status);
}

/**
 * Exchanges an authorisation code for tokens and reads the shops the seller authorised: one
 * credentials set per shop (the shop's cipher goes with every order call).
 */
export async function ttsAuthorize(
  settings: TtsSettings,
  app: TtsApp,
  code: string,
  now: Date,
): Promise<{ shop: { id: string; name: string; region: string }; credentials: TtsCredentials }[]> {
  const tokens = await tokenCall(settings, '/api/v2/token/get', {
    app_key: app.app_key,
    app_secret: app.app_secret,
    auth_code: code,
    grant_type: 'authorized_code',
  });
  const data = Shops.safeParse(
    await apiCall(
      settings,
      { ...app, access_token: tokens.access_token },
      'GET',
      '/authorization/202309/shops',
      {},
      null,
      now,
    ),
  );
  if (!data.success || data.data.shops.length === 0) {
    throw new ShopApiError('TikTok Shop named no authorised shop');
  }
  return data.data.shops.map((shop) => ({
    shop: { id: shop.id, name: shop.name || shop.id, region: shop.region },
    credentials: {
      ...app,
      access_token: tokens.access_token,
      access_token_expire_in: tokens.access_token_expire_in,
      refresh_token: tokens.refresh_token,
      refresh_token_expire_in: tokens.refresh_token_expire_in,
      shop_cipher: shop.cipher,
    },
  }));
}

/** Fresh credentials when the access token has expired (or expires within a minute). */
async function fresh(
  settings: TtsSettings,
  credentials: TtsCredentials,
  now: Date,
): Promise<TtsCredentials | null> {
  if (credentials.access_token_expire_in * 1000 > now.getTime() + 60_000) return null;
  if (credentials.refresh_token_expire_in * 1000 <= now.getTime()) {
    throw new ShopApiError('The TikTok Shop authorisation has expired; authorise the shop again');
  }
  const tokens = await tokenCall(settings, '/api/v2/token/refresh', {
    app_key: credentials.app_key,
    app_secret: credentials.app_secret,
    refresh_token: credentials.refresh_token,
    grant_type: 'refresh_token',
  });
  return {
    ...credentials,
    access_token: tokens.access_token,
    access_token_expire_in: tokens.access_token_expire_in,
    refresh_token: tokens.refresh_token,
    refresh_token_expire_in: tokens.refresh_token_expire_in,
  };
}

const district = (order: TtsOrder, level: string) =>
  order.recipient_address.district_info?.find((d) => d.address_level_name.toLowerCase() === level)
    ?.address_name ?? '';

/** The order's lines as import records; TikTok Shop lists one line item per unit. */
export function ttsOrderRecords(order: TtsOrder): FulfillmentRecord[] {
  const quantities = new Map<string, number>();
  for (const line of order.line_items) {
    quantities.set(line.seller_sku, (quantities.get(line.seller_sku) ?? 0) + 1);
  }
  const address = order.recipient_address;
  return [...quantities].map(([sku, quantity]) => ({
    marketplace: 'tiktok',
    external_order_id: order.id,
    email: order.buyer_email,
    name: address.name ?? '',
    line1: address.address_line1 ?? '',
    line2: address.address_line2 ?? '',
    city: district(order, 'city'),
    state: district(order, 'state'),
    postcode: address.postal_code ?? '',
    country: address.region_code ?? '',
    sku,
    quantity: String(quantity),
  }));
}

/**
 * The shop's orders awaiting shipment updated since `since`; `onRefresh` stores credentials
 * refreshed on the way.
 */
export async function fetchTtsOrders(
  settings: TtsSettings,
  stored: TtsCredentials,
  since: Date | null,
  now: Date,
  onRefresh: (credentials: TtsCredentials) => Promise<void>,
): Promise<FetchedOrders> {
  let credentials = stored;
  const refreshed = await fresh(settings, credentials, now);
  if (refreshed) {
    credentials = refreshed;
    await onRefresh(refreshed);
  }
  const orders: ExternalOrder[] = [];
  let latest = 0;
  let token: string | undefined;
  let pages = 0;
  do {
    const data = OrderPage.safeParse(
      await apiCall(
        settings,
        credentials,
        'POST',
        '/order/202309/orders/search',
        {
          shop_cipher: credentials.shop_cipher,
          page_size: String(TTS_PAGE_SIZE),
          sort_field: 'update_time',
          sort_order: 'ASC',
          ...(token ? { page_token: token } : {}),
        },
        {
          order_status: 'AWAITING_SHIPMENT',
          ...(since ? { update_time_ge: Math.floor(since.getTime() / 1000) } : {}),
        },
        now,
      ),
    );
    if (!data.success) throw new ShopApiError('TikTok Shop answered without orders');
    for (const item of data.data.orders) {
      const parsed = TtsOrder.safeParse(item);
      if (!parsed.success) continue;
      orders.push({
        external_order_id: parsed.data.id,
        records: ttsOrderRecords(parsed.data),
      });
      latest = Math.max(latest, parsed.data.update_time ?? 0);
    }
    token = data.data.next_page_token || undefined;
    pages += 1;
  } while (token && pages < TTS_MAX_PAGES);
  return { orders, until: token && latest > 0 ? new Date(latest * 1000) : now };
}

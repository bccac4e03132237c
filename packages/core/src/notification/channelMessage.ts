import { TELEGRAM_API_BASE } from './constants.js';
import type { ChannelEvent, ChannelType, OrderEventData } from './NotificationChannel.js';
import { webhookHeaders } from './signWebhook.js';

/** One event as it is sent: the message id is the same on every attempt. */
export interface ChannelEventMessage {
  id: string;
  event: ChannelEvent | 'test';
  /** When the event happened (ISO). */
  occurredAt: string;
  data: OrderEventData;
}

export interface ChannelTarget {
  type: ChannelType;
  url: string;
  chatId: string | null;
  /** Custom webhooks only. */
  secret: string | null;
}

/** The HTTP request of one attempt: always a JSON POST. */
export interface ChannelRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const TITLES: Record<ChannelEventMessage['event'], string> = {
  'order.created': 'New order',
  'order.changed.status': 'Order status changed',
  'order.changed.tracking': 'Tracking added',
  test: 'Test notification',
};

/** Minor units as a plain amount with the currency code: `1234, USD` → `12.34 USD`. */
export function formatMinor(amount: number, currency: string): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')} ${currency}`;
}

/** The facts every chat format shows, in order. */
export function eventFacts(message: ChannelEventMessage): Array<{ name: string; value: string }> {
  const d = message.data;
  const facts = [
    { name: 'Order', value: d.order_number },
    { name: 'Status', value: d.previous_status ? `${d.previous_status} → ${d.status}` : d.status },
    { name: 'Payment', value: d.payment_status },
    { name: 'Fulfillment', value: d.fulfillment_status },
    { name: 'Total', value: formatMinor(d.total, d.currency) },
  ];
  if (d.customer_name) facts.push({ name: 'Customer', value: d.customer_name });
  if (d.tracking_number) {
    facts.push({
      name: 'Tracking',
      value: `${d.carrier ? `${d.carrier} ` : ''}${d.tracking_number}`,
    });
  }
  return facts;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Each service's documented JSON. */
function bodyOf(target: ChannelTarget, message: ChannelEventMessage): object {
  const title = `${TITLES[message.event]}: ${message.data.order_number}`;
  const facts = eventFacts(message);
  const lines = facts.map((f) => `${f.name}: ${f.value}`);
  switch (target.type) {
    case 'discord':
      // Execute Webhook: content and up to 10 embeds.
      return {
        content: title,
        embeds: [
          {
            title,
            timestamp: message.occurredAt,
            fields: facts.map((f) => ({ name: f.name, value: f.value, inline: true })),
          },
        ],
      };
    case 'slack':
      // Incoming webhook: text is the notification fallback, blocks the message.
      return {
        text: title,
        blocks: [
          { type: 'header', text: { type: 'plain_text', text: title } },
          {
            type: 'section',
            fields: facts.map((f) => ({ type: 'mrkdwn', text: `*${f.name}*\n${f.value}` })),
          },
        ],
      };
    case 'ms_teams':
      // Office 365 connector MessageCard.
      return {
        '@type': 'MessageCard',
        '@context': 'https://schema.org/extensions',
        summary: title,
        themeColor: '0076D7',
        title,
        sections: [{ facts, markdown: true }],
      };
    case 'telegram':
      // Bot API sendMessage.
      return {
        chat_id: target.chatId,
        text: [`<b>${escapeHtml(title)}</b>`, ...lines.map(escapeHtml)].join('\n'),
        parse_mode: 'HTML',
      };
    case 'webhook':
      // Standard Webhooks payload shape.
      return { type: message.event, timestamp: message.occurredAt, data: message.data };
  }
}

/**
 * The request that delivers `message` to a channel, at `nowSeconds` (the signature's
 * timestamp). Custom webhooks are signed the Standard Webhooks way.
 */
export function channelRequest(
  target: ChannelTarget,
  message: ChannelEventMessage,
  nowSeconds: number,
): ChannelRequest {
  const body = JSON.stringify(bodyOf(target, message));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (target.type === 'webhook' && target.secret) {
    Object.assign(
      headers,
      webhookHeaders({ id: message.id, timestamp: nowSeconds, body, secret: target.secret }),
    );
  }
  const url =
    target.type === 'telegram' ? `${target.url.replace(/\/+$/, '')}/sendMessage` : target.url;
  return { url, headers, body };
}

/** Telegram's bot address for a token (what the form builds from the token). */
export function telegramBotUrl(token: string): string {
  return `${TELEGRAM_API_BASE}/bot${token}`;
}

/**
 * The texts of a buyer's order mails (issue 15): the confirmation when an order is paid and the
 * shipping mail with its tracking. Plain text, amounts in the order's currency from minor units.
 */
import { formatMinor, storeSubdomainUrl, trackingUrl } from '@printloom/core';
import type { Mail } from '../auth/mailer.js';
import type { OrderMailFacts, ShipmentFacts } from '../sql/orderMails.js';

/** Where the buyer looks the order up: the store's own order-status page, filled in. */
export function orderStatusUrl(order: OrderMailFacts, previewDomain: string): string | null {
  if (!order.slug) return null;
  const origin = (order.base_url?.trim() || storeSubdomainUrl(order.slug, previewDomain)).replace(
    /\/+$/,
    '',
  );
  const query = new URLSearchParams({ number: order.order_number, email: order.email });
  return `${origin}/order-status?${query.toString()}`;
}

const line = (i: OrderMailFacts['items'][number], currency: string) =>
  `- ${i.quantity} x ${i.name} (${i.color}, ${i.size}): ${formatMinor(i.price * i.quantity, currency)}`;

export function orderConfirmationMail(order: OrderMailFacts, statusUrl: string | null): Mail {
  const store = order.store_name ?? 'our store';
  const a = order.shipping_address;
  const amounts: Array<[string, number]> = [
    ['Subtotal', order.subtotal],
    ['Discount', -order.discount],
    ['Shipping', order.shipping],
    ['Tip', order.tip],
    ['Processing fee', order.processing_fee],
  ];
  return {
    to: order.email,
    subject: `Your order ${order.order_number} at ${store} is confirmed`,
    body: [
      `Hello ${a.name},`,
      '',
      `Thank you for your order at ${store}. We have received your payment and your order ${order.order_number} is being prepared.`,
      '',
      ...order.items.map((i) => line(i, order.currency)),
      '',
      ...amounts
        .filter(([label, amount]) => amount !== 0 || label === 'Shipping')
        .map(([label, amount]) => `${label}: ${formatMinor(amount, order.currency)}`),
      `Total paid: ${formatMinor(order.total, order.currency)}`,
      '',
      'Shipping to:',
      [
        a.name,
        a.line1,
        a.line2,
        `${a.city}${a.state ? `, ${a.state}` : ''} ${a.postcode}`,
        a.country,
      ]
        .filter((part) => part && part.trim() !== '')
        .join('\n'),
      ...(statusUrl ? ['', `Check your order: ${statusUrl}`] : []),
    ].join('\n'),
  };
}

export function orderShippedMail(
  order: OrderMailFacts,
  shipment: ShipmentFacts,
  statusUrl: string | null,
): Mail {
  const store = order.store_name ?? 'our store';
  const shipped = new Set(shipment.item_ids.map(Number));
  const items = order.items.filter((i) => shipped.has(Number(i.id)));
  const link = trackingUrl(shipment.carrier, shipment.tracking_number);
  return {
    to: order.email,
    subject: `Your order ${order.order_number} from ${store} has shipped`,
    body: [
      `Hello ${order.shipping_address.name},`,
      '',
      `Good news: ${items.length === order.items.length || items.length === 0 ? 'your order' : 'part of your order'} ${order.order_number} is on its way.`,
      '',
      ...(items.length > 0 ? [...items.map((i) => line(i, order.currency)), ''] : []),
      `Carrier: ${shipment.carrier}`,
      `Tracking number: ${shipment.tracking_number}`,
      ...(link ? [`Track your parcel: ${link}`] : []),
      ...(statusUrl ? ['', `Check your order: ${statusUrl}`] : []),
    ].join('\n'),
  };
}

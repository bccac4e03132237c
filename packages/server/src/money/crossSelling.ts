/**
 * Cross-selling bookings (issue 14, migration 045; rules in core `crossSelling/`). An order of
 * a store that sold another seller's campaign belongs to the store's seller; for each such
 * campaign the owner's ledger books the part's profit less the store seller's commission (its
 * usual `sale` entry of the order) and the store seller's ledger books the commission. Both are
 * pending for the hold period, written in the pay transaction, once per order (their keys). A
 * refund reverses both sides (`reverseCrossSales`): the owners' sale through the usual order
 * reversal, the commission with its own reversing entry.
 */
import {
  availableAtOf,
  type CrossSalePart,
  crossSellKeys,
  ledgerKeys,
  reversalAvailableAt,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { crossCommissionEntries, crossSaleOwners, insertCrossSale } from '../sql/crossSelling.js';
import { insertLedgerEntry, lockSellerLedger } from '../sql/ledger.js';
import { bookOrderReversal, inLedgerCurrency, type SaleSettings } from './bookings.js';

const money = (minor: number) => (minor / 100).toFixed(2);

export interface CrossSaleOrder {
  id: number;
  orderNumber: string;
  storeSellerId: number;
  storeId: number;
  currency: string;
}

/** Books the parts of a paid order that were other sellers' campaigns (none: nothing booked). */
export async function bookCrossSales(
  tx: Queryable,
  order: CrossSaleOrder,
  parts: readonly CrossSalePart[],
  settings: Pick<SaleSettings, 'holdDays' | 'rates'>,
  now: Date = new Date(),
): Promise<void> {
  if (parts.length === 0) return;
  const inLedger = (amount: number) => inLedgerCurrency(amount, order.currency, settings.rates);
  const availableAt = new Date(availableAtOf(now.getTime(), settings.holdDays));
  for (const part of parts) {
    await insertCrossSale(tx, {
      ...part,
      order_id: order.id,
      store_seller_id: order.storeSellerId,
      store_id: order.storeId,
      currency: order.currency,
      paid_at: now,
    });
  }
  const owners = [...new Set(parts.map((p) => p.owner_id))].sort((a, b) => a - b);
  for (const owner of owners) {
    const own = parts.filter((p) => p.owner_id === owner);
    const sum = (pick: (p: CrossSalePart) => number) => own.reduce((t, p) => t + pick(p), 0);
    const booked = inLedger(sum((p) => p.owner_amount));
    await insertLedgerEntry(tx, {
      sellerId: owner,
      account: 'default',
      type: 'sale',
      status: 'pending',
      amount: booked.amount,
      currency: booked.currency,
      original: booked.original,
      description:
        `Order ${order.orderNumber} (cross-sold in another store): sale ` +
        `${money(sum((p) => p.revenue))}, base cost ${money(sum((p) => p.base_cost))}, ` +
        `processing fee ${money(sum((p) => p.processing_fee))}, store commission ` +
        `${money(sum((p) => p.commission))}`,
      idempotencyKey: ledgerKeys.sale(order.id),
      orderId: order.id,
      availableAt,
      createdAt: now,
    });
  }
  const commission = parts.reduce((t, p) => t + p.commission, 0);
  if (commission <= 0) return;
  const booked = inLedger(commission);
  await insertLedgerEntry(tx, {
    sellerId: order.storeSellerId,
    account: 'default',
    type: 'commission',
    status: 'pending',
    amount: booked.amount,
    currency: booked.currency,
    original: booked.original,
    description:
      `Cross-selling commission on order ${order.orderNumber}: ` +
      parts.map((p) => `${p.commission_percent}% of ${money(p.revenue)}`).join(', '),
    idempotencyKey: crossSellKeys.commission(order.id),
    orderId: order.id,
    availableAt,
    createdAt: now,
  });
}

/**
 * Reverses the cross-sales of a refunded order of the store seller: every owner's sale and the
 * store seller's commission, once each. Call it in the refund's transaction before the store
 * seller's own reversal: it takes every ledger lock of the order in seller id order, so two
 * refunds of orders that cross-sold each other's campaigns never wait on each other.
 */
export async function reverseCrossSales(
  tx: Queryable,
  order: { id: number; seller_id: number; order_number?: string | null },
  options: { actorId?: number | null; now?: Date } = {},
): Promise<void> {
  const owners = await crossSaleOwners(tx, order.seller_id, order.id);
  if (owners.length === 0) return;
  const now = options.now ?? new Date();
  for (const seller of [...new Set([order.seller_id, ...owners])].sort((a, b) => a - b)) {
    await lockSellerLedger(tx, seller);
  }
  for (const owner of owners) {
    await bookOrderReversal(
      tx,
      { id: order.id, seller_id: owner, order_number: order.order_number ?? null },
      {
        actorId: options.actorId ?? null,
        reason: 'Order cancelled in the store that sold it',
        now,
      },
    );
  }
  const booked = await crossCommissionEntries(tx, order.seller_id, [
    crossSellKeys.commission(order.id),
    crossSellKeys.reversal(order.id),
  ]);
  const net = booked.reduce((sum, e) => sum + e.amount, 0);
  const first = booked[0];
  if (!first || net === 0) return;
  const availableAt = reversalAvailableAt(
    { available_at: first.available_at.getTime() },
    now.getTime(),
  );
  await insertLedgerEntry(tx, {
    sellerId: order.seller_id,
    account: 'default',
    type: 'commission',
    status: availableAt > now.getTime() ? 'pending' : 'completed',
    amount: -net,
    currency: first.currency,
    description: `Cross-selling commission on order ${order.order_number ?? `#${order.id}`} refunded`,
    idempotencyKey: crossSellKeys.reversal(order.id),
    orderId: order.id,
    actorId: options.actorId ?? null,
    availableAt: new Date(availableAt),
    createdAt: now,
  });
}

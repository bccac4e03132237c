/**
 * The order life cycle (spec §3 enumerations; the spec leaves the transitions to us) as a pure
 * transition function over an order's status, payment status, fulfillment status and the status
 * of each item line.
 *
 * Order status, by event (anything else is refused with the reason):
 *
 *   pending | pending_payment --pay------------------> processing      (payment → paid)
 *   pending | pending_payment | processing | designing
 *                            --hold-----------------> on_hold          (lines not yet in
 *                                                      production → on_hold; refused once a
 *                                                      line is in production or shipped)
 *   on_hold                  --resume---------------> the status it was held from (lines back
 *                                                      to pending, or designing)
 *   processing               --designing------------> designing        (pending lines → designing)
 *   designing                --designed-------------> processing       (designing lines → pending)
 *   processing               --to_production--------> processing       (pending lines → processing)
 *   processing               --ship_line [ids?]-----> processing, or completed once every live
 *                                                      line is fulfilled (pending or processing
 *                                                      lines → fulfilled; all unshipped ones when
 *                                                      no ids are given)
 *   processing | completed   --request_reprint [ids]-> processing      (fulfilled lines →
 *                                                      processing: printed and shipped again)
 *   draft | pending | pending_payment | processing | designing | on_hold
 *                            --cancel---------------> cancelled        (every line → cancelled;
 *                                                      a paid order is refunded: payment →
 *                                                      refunded, an unpaid one → canceled;
 *                                                      refused once a line is in production
 *                                                      or shipped)
 *
 * Line statuses used: pending (paid, waiting for production), designing, on_hold, processing
 * (in production), fulfilled (shipped with a tracking number), cancelled.
 *
 * The fulfillment status is never set on its own: it is derived from the order status and the
 * lines by `fulfillmentOf`, so it always agrees with them (a property test checks it).
 * completed, cancelled, refunded, archived and deleted take no event but request_reprint on a
 * completed order.
 */
import type {
  FulfillmentStatus,
  OrderItemStatus,
  OrderStatus,
  PaymentStatus,
} from '../enums/orders.js';
import { ORDER_MESSAGES } from './constants.js';

export interface OrderLine {
  id: number;
  status: OrderItemStatus;
}

export interface OrderState {
  status: OrderStatus;
  payment_status: PaymentStatus;
  fulfillment_status: FulfillmentStatus;
  /** The status an on_hold order returns to on resume; null when not on hold. */
  held_from: OrderStatus | null;
  items: readonly OrderLine[];
}

export const ORDER_EVENT_TYPES = [
  'pay',
  'hold',
  'resume',
  'designing',
  'designed',
  'to_production',
  'ship_line',
  'request_reprint',
  'cancel',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

export type OrderEvent =
  | { type: Exclude<OrderEventType, 'ship_line' | 'request_reprint'> }
  | { type: 'ship_line'; item_ids?: readonly number[] | undefined }
  | { type: 'request_reprint'; item_ids: readonly number[] };

export type OrderEventResult = { ok: true; state: OrderState } | { ok: false; reason: string };

/** The order statuses each event starts from (the table above). */
export const ORDER_TRANSITIONS: Readonly<Record<OrderEventType, readonly OrderStatus[]>> = {
  pay: ['pending', 'pending_payment'],
  hold: ['pending', 'pending_payment', 'processing', 'designing'],
  resume: ['on_hold'],
  designing: ['processing'],
  designed: ['designing'],
  to_production: ['processing'],
  ship_line: ['processing'],
  request_reprint: ['processing', 'completed'],
  cancel: ['draft', 'pending', 'pending_payment', 'processing', 'designing', 'on_hold'],
};

/** Line statuses of work that has reached production or the buyer. */
const STARTED: ReadonlySet<OrderItemStatus> = new Set(['processing', 'fulfilled', 'on_delivery']);
const PAID: ReadonlySet<PaymentStatus> = new Set(['paid', 'partially_refunded']);

const live = (items: readonly OrderLine[]) => items.filter((i) => i.status !== 'cancelled');

/** The order's fulfillment status, from its status and its lines. */
export function fulfillmentOf(status: OrderStatus, items: readonly OrderLine[]): FulfillmentStatus {
  const lines = live(items);
  if (status === 'cancelled' || (items.length > 0 && lines.length === 0)) return 'cancelled';
  if (status === 'on_hold') return 'on_hold';
  const shipped = lines.filter((i) => i.status === 'fulfilled').length;
  if (lines.length > 0 && shipped === lines.length) return 'fulfilled';
  if (shipped > 0) return 'partial_fulfilled';
  if (lines.some((i) => i.status === 'processing')) return 'processing';
  if (status === 'designing') return 'designing';
  return 'unfulfilled';
}

const refuse = (reason: string): OrderEventResult => ({ ok: false, reason });

function settle(
  state: OrderState,
  status: OrderStatus,
  items: readonly OrderLine[],
  patch: Partial<Pick<OrderState, 'payment_status' | 'held_from'>> = {},
): OrderEventResult {
  return {
    ok: true,
    state: {
      status,
      payment_status: patch.payment_status ?? state.payment_status,
      held_from: patch.held_from === undefined ? state.held_from : patch.held_from,
      items,
      fulfillment_status: fulfillmentOf(status, items),
    },
  };
}

const mapLines = (
  items: readonly OrderLine[],
  from: readonly OrderItemStatus[],
  to: OrderItemStatus,
  only?: ReadonlySet<number>,
) =>
  items.map((i) =>
    from.includes(i.status) && (!only || only.has(i.id)) ? { ...i, status: to } : i,
  );

function unknownLines(state: OrderState, ids: readonly number[]): boolean {
  const known = new Set(state.items.map((i) => i.id));
  return ids.some((id) => !known.has(id));
}

/**
 * The order after `event`, or the reason it is refused (the 409 message). Pure: the caller
 * stores the new state and records the event.
 */
export function applyOrderEvent(state: OrderState, event: OrderEvent): OrderEventResult {
  if (!ORDER_TRANSITIONS[event.type].includes(state.status)) {
    return refuse(ORDER_MESSAGES.notFrom(event.type, state.status));
  }
  const started = state.items.some((i) => STARTED.has(i.status));
  switch (event.type) {
    case 'pay':
      return settle(state, 'processing', state.items, { payment_status: 'paid' });
    case 'hold':
      if (started) return refuse(ORDER_MESSAGES.inProduction('held'));
      return settle(state, 'on_hold', mapLines(state.items, ['pending', 'designing'], 'on_hold'), {
        held_from: state.status,
      });
    case 'resume': {
      const back = state.held_from ?? (PAID.has(state.payment_status) ? 'processing' : 'pending');
      const line: OrderItemStatus = back === 'designing' ? 'designing' : 'pending';
      return settle(state, back, mapLines(state.items, ['on_hold'], line), { held_from: null });
    }
    case 'designing':
      if (!state.items.some((i) => i.status === 'pending')) {
        return refuse(ORDER_MESSAGES.noLines('waiting for production'));
      }
      return settle(state, 'designing', mapLines(state.items, ['pending'], 'designing'));
    case 'designed':
      return settle(state, 'processing', mapLines(state.items, ['designing'], 'pending'));
    case 'to_production':
      if (!state.items.some((i) => i.status === 'pending')) {
        return refuse(ORDER_MESSAGES.noLines('waiting for production'));
      }
      return settle(state, 'processing', mapLines(state.items, ['pending'], 'processing'));
    case 'ship_line': {
      if (event.item_ids && unknownLines(state, event.item_ids)) {
        return refuse(ORDER_MESSAGES.unknownLine);
      }
      const only = event.item_ids ? new Set(event.item_ids) : undefined;
      const ready = state.items.filter(
        (i) => (i.status === 'pending' || i.status === 'processing') && (!only || only.has(i.id)),
      );
      if (ready.length === 0 || (only && ready.length !== only.size)) {
        return refuse(ORDER_MESSAGES.noLines('to ship'));
      }
      const items = mapLines(state.items, ['pending', 'processing'], 'fulfilled', only);
      const done = live(items).every((i) => i.status === 'fulfilled');
      return settle(state, done ? 'completed' : 'processing', items);
    }
    case 'request_reprint': {
      if (event.item_ids.length === 0 || unknownLines(state, event.item_ids)) {
        return refuse(ORDER_MESSAGES.unknownLine);
      }
      const only = new Set(event.item_ids);
      if (state.items.some((i) => only.has(i.id) && i.status !== 'fulfilled')) {
        return refuse(ORDER_MESSAGES.reprintShippedOnly);
      }
      return settle(state, 'processing', mapLines(state.items, ['fulfilled'], 'processing', only));
    }
    case 'cancel':
      if (started) return refuse(ORDER_MESSAGES.inProduction('cancelled'));
      return settle(
        state,
        'cancelled',
        state.items.map((i) => ({ ...i, status: 'cancelled' as const })),
        {
          payment_status: PAID.has(state.payment_status) ? 'refunded' : 'canceled',
          held_from: null,
        },
      );
  }
}

/** Whether `event` would be accepted now (the actions an order detail offers). */
export function canApply(state: OrderState, event: OrderEvent): boolean {
  return applyOrderEvent(state, event).ok;
}

/** The seller's actions the detail page may offer: those the table accepts now. */
export function sellerActionsOf(state: OrderState): SellerOrderAction[] {
  const actions: SellerOrderAction[] = [];
  for (const action of SELLER_ORDER_ACTIONS) {
    if (action === 'request_reprint') {
      const shipped = state.items.filter((i) => i.status === 'fulfilled').map((i) => i.id);
      if (shipped.length > 0 && canApply(state, { type: action, item_ids: shipped })) {
        actions.push(action);
      }
    } else if (canApply(state, { type: action })) actions.push(action);
  }
  return actions;
}

/** Events a seller (or a team member with get_orders) may cause; the rest are the platform's. */
export const SELLER_ORDER_ACTIONS = ['hold', 'resume', 'cancel', 'request_reprint'] as const;
export type SellerOrderAction = (typeof SELLER_ORDER_ACTIONS)[number];

/**
 * The event a `POST /seller/orders/{id}/status` to `target` stands for, or the reason no event
 * leads there from `state`.
 */
export function eventForStatus(
  state: OrderState,
  target: OrderStatus,
): { ok: true; event: OrderEvent } | { ok: false; reason: string } {
  if (target === 'on_hold') return { ok: true, event: { type: 'hold' } };
  if (target === 'cancelled') return { ok: true, event: { type: 'cancel' } };
  if (target === 'designing') return { ok: true, event: { type: 'designing' } };
  if (target === 'processing' || target === 'pending') {
    if (state.status === 'on_hold') return { ok: true, event: { type: 'resume' } };
    if (state.status === 'designing' && target === 'processing') {
      return { ok: true, event: { type: 'designed' } };
    }
  }
  return { ok: false, reason: ORDER_MESSAGES.noWay(state.status, target) };
}

/**
 * The address may change until production starts: not once a line is in production or shipped,
 * nor on a finished order.
 */
export function canEditAddress(state: Pick<OrderState, 'status' | 'items'>): boolean {
  if (['cancelled', 'completed', 'refunded', 'archived', 'deleted'].includes(state.status)) {
    return false;
  }
  return !state.items.some((i) => STARTED.has(i.status));
}

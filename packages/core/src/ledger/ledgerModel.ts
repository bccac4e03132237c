/**
 * An in-memory ledger that books events with the same rules and plans as the server: the
 * reference the property tests drive with generated event sequences (and retries of them).
 */
import { checkPayoutRequest, ledgerKeys, type OrderEntry, planOrderReversal } from './plans.js';
import {
  availableAtOf,
  type BalanceEntry,
  balancesOf,
  canDebit,
  type LedgerEntryType,
  type LedgerStatus,
} from './rules.js';

export interface ModelEntry extends BalanceEntry {
  type: LedgerEntryType;
  idempotency_key: string;
  order_id: number | null;
  payout_id: number | null;
}

export interface LedgerModel {
  entries: readonly ModelEntry[];
  nextPayoutId: number;
}

export type LedgerEvent =
  | { kind: 'sale'; orderId: number; profit: number }
  | { kind: 'reverse'; orderId: number }
  | { kind: 'fulfill'; orderId: number; charge: number }
  | { kind: 'topup'; key: string; amount: number }
  | { kind: 'payout_request'; amount: number }
  | { kind: 'payout_approve' }
  | { kind: 'payout_reject' };

export type Outcome = 'booked' | 'duplicate' | 'refused' | 'nothing';

export const emptyLedger = (): LedgerModel => ({ entries: [], nextPayoutId: 1 });

function add(model: LedgerModel, entry: ModelEntry): [LedgerModel, Outcome] {
  if (model.entries.some((e) => e.idempotency_key === entry.idempotency_key)) {
    return [model, 'duplicate'];
  }
  return [{ ...model, entries: [...model.entries, entry] }, 'booked'];
}

function setStatus(model: LedgerModel, key: string, status: LedgerStatus): LedgerModel {
  return {
    ...model,
    entries: model.entries.map((e) => (e.idempotency_key === key ? { ...e, status } : e)),
  };
}

const available = (model: LedgerModel, now: number) =>
  balancesOf(model.entries, now).default.available;

const openPayout = (model: LedgerModel) =>
  model.entries.find((e) => e.type === 'payout' && e.status === 'processing' && e.amount < 0);

/** Books one event at `now` (ms) in the default account; returns the new ledger and what happened. */
export function applyLedgerEvent(
  model: LedgerModel,
  event: LedgerEvent,
  now: number,
  holdDays: number,
): [LedgerModel, Outcome] {
  const base = { account: 'default' as const, order_id: null, payout_id: null };
  switch (event.kind) {
    case 'sale':
      return add(model, {
        ...base,
        type: 'sale',
        status: 'pending',
        amount: event.profit,
        available_at: availableAtOf(now, holdDays),
        idempotency_key: ledgerKeys.sale(event.orderId),
        order_id: event.orderId,
      });
    case 'reverse': {
      const key = ledgerKeys.reversal(event.orderId);
      if (model.entries.some((e) => e.idempotency_key === key)) return [model, 'duplicate'];
      const booked: OrderEntry[] = model.entries.filter(
        (e) => e.order_id === event.orderId && e.type === 'sale',
      );
      const draft = planOrderReversal(event.orderId, booked, now);
      if (!draft) return [model, 'nothing'];
      const [next, outcome] = add(model, { ...base, ...draft, order_id: event.orderId });
      return [setStatus(next, ledgerKeys.sale(event.orderId), 'cancelled'), outcome];
    }
    case 'fulfill':
      if (!canDebit('fulfill', event.charge, available(model, now))) return [model, 'refused'];
      return add(model, {
        ...base,
        type: 'fulfill',
        status: 'completed',
        amount: -event.charge,
        available_at: now,
        idempotency_key: ledgerKeys.fulfill(event.orderId),
        order_id: event.orderId,
      });
    case 'topup':
      if (model.entries.some((e) => e.idempotency_key === event.key)) return [model, 'duplicate'];
      if (!canDebit('topup', event.amount, available(model, now))) return [model, 'refused'];
      return add(model, {
        ...base,
        type: 'topup',
        status: 'completed',
        amount: -event.amount,
        available_at: now,
        idempotency_key: event.key,
      });
    case 'payout_request': {
      const check = checkPayoutRequest(event.amount, available(model, now), !!openPayout(model));
      if (!check.ok) return [model, 'refused'];
      const id = model.nextPayoutId;
      const [next, outcome] = add(model, {
        ...base,
        type: 'payout',
        status: 'processing',
        amount: -event.amount,
        available_at: now,
        idempotency_key: ledgerKeys.payout(id),
        payout_id: id,
      });
      return [{ ...next, nextPayoutId: id + 1 }, outcome];
    }
    case 'payout_approve': {
      const open = openPayout(model);
      if (!open) return [model, 'refused'];
      return [setStatus(model, open.idempotency_key, 'completed'), 'booked'];
    }
    case 'payout_reject': {
      const open = openPayout(model);
      if (!open || open.payout_id === null) return [model, 'refused'];
      const [next, outcome] = add(setStatus(model, open.idempotency_key, 'cancelled'), {
        ...base,
        type: 'payout',
        status: 'completed',
        amount: -open.amount,
        available_at: now,
        idempotency_key: ledgerKeys.payoutRejected(open.payout_id),
        payout_id: open.payout_id,
      });
      return [next, outcome];
    }
  }
}

/**
 * Billing & Payouts (issue 14): the seller's ledger, payout accounts, payout requests and SMS
 * top-ups, and the operator's decisions on payouts and accounts. Bookings live in
 * `money/bookings.ts`, every one inside the transaction of the change it pays for.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { verify } from '@node-rs/argon2';
import {
  API,
  billingExportFileName,
  cappedPageInfo,
  LARGE_LIST_COUNT_CAP,
  LEDGER_ACCOUNTS,
  LEDGER_MESSAGES,
  type LedgerOperationAnswer,
  type PaymentAccountBody,
  pageInfo,
  shownStatus,
  type Transaction,
  userDate,
  userDateTime,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../http/authContext.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import { listRange } from '../http/listRange.js';
import { registerGroup } from '../http/registerGroup.js';
import { approvePayout, buySmsCredits, rejectPayout, requestPayout } from '../money/bookings.js';
import { ledgerNow } from '../money/ledgerClock.js';
import { adjustLedger, holdLedger, releaseLedger } from '../money/ledgerOperations.js';
import {
  accountLabel,
  maskedDetails,
  paymentAccountBox,
  paymentAccountContext,
  paymentAccountView,
} from '../money/paymentAccounts.js';
import {
  type LedgerEntryRow,
  ledgerBalances,
  listTransactions,
  transactionBatches,
} from '../sql/ledger.js';
import { ledgerEntriesByIds } from '../sql/ledgerOperations.js';
import {
  getPaymentAccount,
  insertPaymentAccount,
  listPaymentAccounts,
  listPayouts,
  listPayoutsForOperator,
  type PayoutRow,
  payoutSellerForOperator,
  setPaymentAccountStatusForOperator,
  writePaymentAccountDetails,
} from '../sql/payouts.js';
import { getUserById } from '../sql/users.js';
import { spendCode } from './auth.js';

export function transactionView(row: LedgerEntryRow, now: Date): Transaction {
  return {
    id: Number(row.id),
    type: row.type,
    status: shownStatus(
      { status: row.status, available_at: row.available_at.getTime() },
      now.getTime(),
    ),
    account: row.account,
    amount: Number(row.amount),
    currency: row.currency,
    description: row.description,
    order_id: row.order_id === null ? null : Number(row.order_id),
    order_number: row.order_number,
    payout_id: row.payout_id === null ? null : Number(row.payout_id),
    hold_reason: row.hold_reason ?? null,
    available_at: row.available_at.toISOString(),
    created_at: row.created_at.toISOString(),
    original:
      row.original_amount === null || row.original_currency === null || row.exchange_rate === null
        ? null
        : {
            amount: Number(row.original_amount),
            currency: row.original_currency,
            rate: Number(row.exchange_rate),
          },
  };
}

export const payoutView = (row: PayoutRow) => ({
  id: Number(row.id),
  amount: Number(row.amount),
  currency: row.currency,
  status: row.status,
  payment_account_id: Number(row.payment_account_id),
  account_label: row.account_label,
  reason: row.reason,
  created_at: row.created_at.toISOString(),
  decided_at: row.decided_at?.toISOString() ?? null,
});

/**
 * A CSV cell: quoted when needed, and text a spreadsheet would run as a formula defused (a
 * plain number, negative ones too, stays a number).
 */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number' || /^-?\d+(\.\d+)?$/.test(value)) return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const CSV_HEADER = [
  'id',
  'date',
  'type',
  'status',
  'account',
  'order_number',
  'description',
  'amount',
  'currency',
  'original_amount',
  'original_currency',
  'exchange_rate',
];

export async function registerMoneyRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const box = paymentAccountBox(app.config);

  /** Changing where money goes needs the person's password or a second-factor code. */
  const reauthenticate = async (auth: AuthContext, body: PaymentAccountBody) => {
    const person = await getUserById(db, auth.userId);
    if (!person) throw forbidden();
    if (body.tfa_code) {
      if (!(person.tfa_enable && person.tfa_confirm)) {
        throw unprocessable(LEDGER_MESSAGES.reauthNeeded, {
          tfa_code: ['Two-factor authentication is not on.'],
        });
      }
      const check = await spendCode(db, person, body.tfa_code);
      if (check !== 'ok')
        throw unprocessable('The two-factor code is invalid.', {
          tfa_code: ['The two-factor code is invalid.'],
        });
      return;
    }
    if (!body.current_password || !(await verify(person.password_hash, body.current_password))) {
      throw unprocessable(LEDGER_MESSAGES.wrongPassword, {
        current_password: [LEDGER_MESSAGES.wrongPassword],
      });
    }
  };

  const writeAccount = async (
    auth: AuthContext,
    body: PaymentAccountBody,
    existingId: number | null,
  ) => {
    await reauthenticate(auth, body);
    return db.transaction(async (tx) => {
      const id = existingId ?? (await insertPaymentAccount(tx, auth.sellerId, body.method));
      const row = await writePaymentAccountDetails(tx, auth.sellerId, id, {
        method: body.method,
        sealed: box.seal(JSON.stringify(body.details), paymentAccountContext(auth.sellerId, id)),
        masked: maskedDetails(body.method, body.details),
        label: accountLabel(body.method, body.details),
      });
      if (!row) throw notFound(LEDGER_MESSAGES.accountMissing);
      return paymentAccountView(row);
    });
  };

  registerGroup(app, API.money, {
    transactions: async ({ auth, query }) => {
      const now = ledgerNow(app.config);
      const { rows, counted } = await listTransactions(
        db,
        auth.sellerId,
        { ...query, range: listRange(query, auth.seller.utc_offset) },
        now,
        query.page,
        query.per_page,
      );
      return {
        data: {
          data: rows.map((row) => transactionView(row, now)),
          ...cappedPageInfo(counted, query.page, query.per_page, LARGE_LIST_COUNT_CAP),
        },
      };
    },
    exportTransactions: async ({ auth, query, reply }) => {
      const now = ledgerNow(app.config);
      const offset = auth.seller.utc_offset;
      const filter = { ...query, range: listRange(query, offset) };
      async function* lines() {
        yield `${CSV_HEADER.join(',')}\n`;
        for await (const batch of transactionBatches(db, auth.sellerId, filter, now)) {
          let chunk = '';
          for (const row of batch) {
            const t = transactionView(row, now);
            chunk += `${[
              t.id,
              userDateTime(t.created_at, offset),
              t.type,
              t.status,
              t.account,
              t.order_number,
              t.description,
              (t.amount / 100).toFixed(2),
              t.currency,
              t.original ? (t.original.amount / 100).toFixed(2) : null,
              t.original?.currency ?? null,
              t.original ? String(t.original.rate) : null,
            ]
              .map((cell) => csvCell(cell))
              .join(',')}\n`;
          }
          yield chunk;
        }
      }
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${billingExportFileName(userDate(now, offset))}"`,
        )
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines()));
    },
    paymentAccounts: async ({ auth }) => ({
      data: (await listPaymentAccounts(db, auth.sellerId)).map(paymentAccountView),
    }),
    addPaymentAccount: async ({ auth, body }) => ({ data: await writeAccount(auth, body, null) }),
    updatePaymentAccount: async ({ auth, body, params }) => {
      if (!(await getPaymentAccount(db, auth.sellerId, params.id)))
        throw notFound(LEDGER_MESSAGES.accountMissing);
      return { data: await writeAccount(auth, body, params.id) };
    },
    payouts: async ({ auth, query }) => {
      const { rows, total } = await listPayouts(
        db,
        auth.sellerId,
        query,
        query.page,
        query.per_page,
      );
      return {
        data: { data: rows.map(payoutView), ...pageInfo(total, query.page, query.per_page) },
      };
    },
    requestPayout: async ({ auth, body }) => {
      const row = await db.transaction((tx) =>
        requestPayout(
          tx,
          {
            sellerId: auth.sellerId,
            actorId: auth.actorId,
            amount: body.amount,
            paymentAccountId: body.payment_account_id,
          },
          ledgerNow(app.config),
        ),
      );
      return { data: payoutView(row), message: 'Your payout request was sent.' };
    },
    smsTopup: async ({ auth, body, request }) => {
      const header = request.headers['idempotency-key'];
      const key =
        typeof header === 'string' && header.length > 0 && header.length <= 100
          ? header
          : randomUUID();
      const answer = await db.transaction((tx) =>
        buySmsCredits(
          tx,
          {
            sellerId: auth.sellerId,
            actorId: auth.actorId,
            amount: body.amount,
            key,
          },
          ledgerNow(app.config),
        ),
      );
      return { data: answer, message: 'SMS credits added.' };
    },
  });

  const operatorOnly = (auth: AuthContext) => {
    if (!auth.isAdmin) throw forbidden(LEDGER_MESSAGES.adminOnly);
  };
  const payoutSeller = async (id: number) => {
    const sellerId = await payoutSellerForOperator(db, id);
    if (sellerId === null) throw notFound('This payout request does not exist.');
    return sellerId;
  };

  /** The entries an operation wrote or changed, and the seller's balances after it. */
  const operationAnswer = async (
    sellerId: number,
    ids: readonly number[],
  ): Promise<LedgerOperationAnswer> => {
    const now = new Date();
    const rows = await ledgerEntriesByIds(db, sellerId, ids);
    const balances = await ledgerBalances(db, sellerId, now);
    return {
      entries: rows.map((row) => transactionView(row, now)),
      balances: LEDGER_ACCOUNTS.map((type) => ({ type, ...balances[type] })),
    };
  };
  const holdCount = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;
  /** Puts entries on hold or releases them, as the operator asked, and answers what changed. */
  const changeHolds = async (
    change: typeof holdLedger | typeof releaseLedger,
    done: string,
    auth: AuthContext,
    sellerId: number,
    body: { entry_id?: number | undefined; order_id?: number | undefined; reason: string },
  ) => {
    operatorOnly(auth);
    const ids = await db.transaction((tx) =>
      change(tx, {
        sellerId,
        actorId: auth.actorId,
        entryId: body.entry_id,
        orderId: body.order_id,
        reason: body.reason,
      }),
    );
    return {
      data: await operationAnswer(sellerId, ids),
      message: `${holdCount(ids.length)} ${done}.`,
    };
  };

  registerGroup(app, API.moneyAdmin, {
    payouts: async ({ auth, query }) => {
      operatorOnly(auth);
      const { rows, total } = await listPayoutsForOperator(db, query, query.page, query.per_page);
      return {
        data: {
          data: rows.map((row) => ({ ...payoutView(row), seller_id: Number(row.seller_id) })),
          ...pageInfo(total, query.page, query.per_page),
        },
      };
    },
    approvePayout: async ({ auth, params }) => {
      operatorOnly(auth);
      const sellerId = await payoutSeller(params.id);
      const row = await db.transaction((tx) =>
        approvePayout(tx, sellerId, params.id, auth.actorId, ledgerNow(app.config)),
      );
      return { data: payoutView(row) };
    },
    rejectPayout: async ({ auth, params, body }) => {
      operatorOnly(auth);
      const sellerId = await payoutSeller(params.id);
      const row = await db.transaction((tx) =>
        rejectPayout(tx, sellerId, params.id, auth.actorId, body.reason, ledgerNow(app.config)),
      );
      return { data: payoutView(row) };
    },
    setPaymentAccountStatus: async ({ auth, params, body }) => {
      operatorOnly(auth);
      const row = await setPaymentAccountStatusForOperator(db, params.id, body.status);
      if (!row) throw notFound(LEDGER_MESSAGES.accountMissing);
      return { data: paymentAccountView(row) };
    },
    sellerTransactions: async ({ auth, params, query }) => {
      operatorOnly(auth);
      const seller = await getUserById(db, params.sellerId);
      if (!seller) throw notFound(LEDGER_MESSAGES.sellerMissing);
      const now = new Date();
      const { rows, counted } = await listTransactions(
        db,
        params.sellerId,
        { ...query, range: listRange(query, seller.utc_offset) },
        now,
        query.page,
        query.per_page,
      );
      return {
        data: {
          data: rows.map((row) => transactionView(row, now)),
          ...cappedPageInfo(counted, query.page, query.per_page, LARGE_LIST_COUNT_CAP),
        },
      };
    },
    adjustLedger: async ({ auth, params, body }) => {
      operatorOnly(auth);
      const { id, booked } = await db.transaction((tx) =>
        adjustLedger(tx, {
          sellerId: params.sellerId,
          actorId: auth.actorId,
          account: body.account,
          amount: body.amount,
          reason: body.reason,
          key: body.idempotency_key,
        }),
      );
      return {
        data: await operationAnswer(params.sellerId, [id]),
        message: booked ? 'The adjustment was booked.' : 'This adjustment was already booked.',
      };
    },
    holdLedger: ({ auth, params, body }) =>
      changeHolds(holdLedger, 'put on hold', auth, params.sellerId, body),
    releaseLedger: ({ auth, params, body }) =>
      changeHolds(releaseLedger, 'released', auth, params.sellerId, body),
  });
}

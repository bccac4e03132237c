import { randomUUID } from 'node:crypto';
import {
  type API,
  type LedgerOperationAnswer,
  PAYMENT_ACCOUNT_STATUSES,
  PAYOUT_STATUSES,
  type Payout,
  type RouteInput,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type Transaction,
} from '@printloom/core';
import type { Command } from 'commander';
import { CliError, EXIT } from '../CliError.js';
import { authedClient } from '../config.js';
import { positiveInt, printer, printJson } from '../output.js';

/**
 * `printloom admin …`: the platform operator's money tools (issue 14), over the operator routes
 * of the API with the session of an admin account (a seller is refused by the server):
 *
 * - `admin payouts list|approve|reject` — payout requests, paid or rejected with a reason;
 * - `admin payment-accounts status` — a payout account checked valid or invalid;
 * - `admin ledger list|adjust|hold|release` — a seller's entries, adjustments, holds.
 */

const money = (minor: number) => `${minor < 0 ? '-' : ''}${(Math.abs(minor) / 100).toFixed(2)}`;

/** An amount like `12.50` or `-3` as signed minor units, read as text (no float rounding). */
export function parseSignedAmount(value: string, name = '--amount'): number {
  const match = /^([+-]?)(\d{1,7})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) {
    throw new CliError(
      `${name} must be an amount like 12.50 or -12.50, got "${value}"`,
      EXIT.usage,
    );
  }
  const [, sign, whole, cents = ''] = match;
  const minor = Number(whole) * 100 + Number(cents.padEnd(2, '0'));
  if (minor === 0) throw new CliError(`${name} may not be zero`, EXIT.usage);
  return sign === '-' ? -minor : minor;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], name: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new CliError(`${name} must be one of ${allowed.join(', ')}, got "${value}"`, EXIT.usage);
  }
  return value as T;
}

function payoutLine(p: Payout): string {
  return (
    `${String(p.id).padEnd(8)}${String(p.seller_id ?? '').padEnd(9)}${money(p.amount).padStart(12)}  ` +
    `${p.status.padEnd(12)}${p.account_label}${p.reason ? ` · ${p.reason}` : ''}\n`
  );
}

function entryLine(e: Transaction): string {
  const held = e.hold_reason ? ` · held: ${e.hold_reason}` : '';
  return (
    `${String(e.id).padEnd(8)}${e.created_at.slice(0, 10).padEnd(12)}${e.type.padEnd(12)}` +
    `${e.status.padEnd(12)}${money(e.amount).padStart(12)}  ${e.description}${held}\n`
  );
}

function printOperation(command: Command, answer: LedgerOperationAnswer, json?: boolean): void {
  if (json) {
    printJson(command, answer);
    return;
  }
  const print = printer(command);
  for (const entry of answer.entries) print(entryLine(entry));
  for (const b of answer.balances) {
    if (b.type === 'balance_2' && b.available === 0 && b.pending === 0 && b.on_hold === 0) continue;
    print(
      `${b.type === 'default' ? 'Balance' : 'Balance 2'}: available ${money(b.available)}, ` +
        `pending ${money(b.pending)}, on hold ${money(b.on_hold)}\n`,
    );
  }
}

interface HoldOptions {
  seller: string;
  entry?: string;
  order?: string;
  reason: string;
  json?: boolean;
}

function holdTarget(options: HoldOptions) {
  if ((options.entry === undefined) === (options.order === undefined)) {
    throw new CliError('Give either --entry <id> or --order <id>', EXIT.usage);
  }
  return {
    params: { sellerId: positiveInt(options.seller, '--seller') },
    body: {
      ...(options.entry ? { entry_id: positiveInt(options.entry, '--entry') } : {}),
      ...(options.order ? { order_id: positiveInt(options.order, '--order') } : {}),
      reason: options.reason,
    },
  };
}

export function registerAdminCommands(program: Command): void {
  const admin = program
    .command('admin')
    .description('Platform operator tools: payouts, payment accounts, ledger (admin accounts)');

  const payouts = admin.command('payouts').description('Payout requests of every seller');
  payouts
    .command('list')
    .description('Payout requests, oldest open first')
    .option('--status <status>', `only this status: ${PAYOUT_STATUSES.join(', ')}`)
    .option('--page <n>', 'page number', '1')
    .option('--json', 'print the page as JSON')
    .action(async (options: { status?: string; page: string; json?: boolean }, command) => {
      const { client } = await authedClient();
      const page = await client.moneyAdmin.payouts({
        query: {
          ...(options.status ? { status: oneOf(options.status, PAYOUT_STATUSES, '--status') } : {}),
          page: positiveInt(options.page, '--page'),
        } as RouteInput<typeof API.moneyAdmin.payouts>['query'],
      });
      if (options.json) {
        printJson(command, page);
        return;
      }
      const print = printer(command);
      if (page.data.length === 0) {
        print('No payout requests found.\n');
        return;
      }
      print(
        `${'ID'.padEnd(8)}${'Seller'.padEnd(9)}${'Amount'.padStart(12)}  ${'Status'.padEnd(12)}Account\n`,
      );
      for (const payout of page.data) print(payoutLine(payout));
      print(`Page ${page.current_page} of ${page.last_page} · ${page.total} requests\n`);
    });
  payouts
    .command('approve <id>')
    .description('Mark a payout request paid')
    .option('--json', 'print the payout as JSON')
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const { client } = await authedClient();
      const payout = await client.moneyAdmin.approvePayout({
        params: { id: positiveInt(id, 'id') },
      });
      if (options.json) printJson(command, payout);
      else
        printer(command)(
          `Payout ${payout.id} of ${money(payout.amount)} ${payout.currency}: paid (${payout.status})\n`,
        );
    });
  payouts
    .command('reject <id>')
    .description('Reject a payout request; the amount goes back to the balance')
    .requiredOption('--reason <text>', 'why, shown to the seller')
    .option('--json', 'print the payout as JSON')
    .action(async (id: string, options: { reason: string; json?: boolean }, command: Command) => {
      const { client } = await authedClient();
      const payout = await client.moneyAdmin.rejectPayout({
        params: { id: positiveInt(id, 'id') },
        body: { reason: options.reason },
      });
      if (options.json) printJson(command, payout);
      else
        printer(command)(
          `Payout ${payout.id} of ${money(payout.amount)} ${payout.currency}: rejected (${payout.reason})\n`,
        );
    });

  admin
    .command('payment-accounts')
    .description('Payout accounts of sellers')
    .command('status <id> <status>')
    .description(`Mark a payout account ${PAYMENT_ACCOUNT_STATUSES.join(', ')}`)
    .option('--json', 'print the account as JSON')
    .action(async (id: string, status: string, options: { json?: boolean }, command: Command) => {
      const { client } = await authedClient();
      const account = await client.moneyAdmin.setPaymentAccountStatus({
        params: { id: positiveInt(id, 'id') },
        body: { status: oneOf(status, PAYMENT_ACCOUNT_STATUSES, 'status') },
      });
      if (options.json) printJson(command, account);
      else
        printer(command)(`Payment account ${account.id} (${account.label}): ${account.status}\n`);
    });

  const ledger = admin
    .command('ledger')
    .description("A seller's ledger: entries, adjustments, holds");
  ledger
    .command('list')
    .description("A seller's entries, newest first (the ids to hold or release)")
    .requiredOption('--seller <id>', 'the seller (user id)')
    .option('--type <type>', `only this type: ${TRANSACTION_TYPES.join(', ')}`)
    .option('--status <status>', `only this status: ${TRANSACTION_STATUSES.join(', ')}`)
    .option('--q <text>', 'an order number or words of the description')
    .option('--page <n>', 'page number', '1')
    .option('--json', 'print the page as JSON')
    .action(
      async (
        options: {
          seller: string;
          type?: string;
          status?: string;
          q?: string;
          page: string;
          json?: boolean;
        },
        command: Command,
      ) => {
        const { client } = await authedClient();
        const page = await client.moneyAdmin.sellerTransactions({
          params: { sellerId: positiveInt(options.seller, '--seller') },
          query: {
            ...(options.type ? { type: oneOf(options.type, TRANSACTION_TYPES, '--type') } : {}),
            ...(options.status
              ? { status: oneOf(options.status, TRANSACTION_STATUSES, '--status') }
              : {}),
            ...(options.q ? { q: options.q } : {}),
            page: positiveInt(options.page, '--page'),
          } as RouteInput<typeof API.moneyAdmin.sellerTransactions>['query'],
        });
        if (options.json) {
          printJson(command, page);
          return;
        }
        const print = printer(command);
        if (page.data.length === 0) {
          print('No entries found.\n');
          return;
        }
        print(
          `${'ID'.padEnd(8)}${'Date'.padEnd(12)}${'Type'.padEnd(12)}${'Status'.padEnd(12)}${'Amount'.padStart(12)}  Details\n`,
        );
        for (const entry of page.data) print(entryLine(entry));
        const more = page.total_is_capped ? '+' : '';
        print(
          `Page ${page.current_page} of ${page.last_page}${more} · ${page.total}${more} entries\n`,
        );
      },
    );
  ledger
    .command('adjust')
    .description("Book an adjustment on a seller's balance: credit 12.50, debit -12.50")
    .requiredOption('--seller <id>', 'the seller (user id)')
    .requiredOption('--amount <amount>', 'signed amount in USD, e.g. 25 or -12.50')
    .requiredOption('--reason <text>', 'why, shown to the seller')
    .option('--account <type>', 'default or balance_2', 'default')
    .option('--key <key>', 'idempotency key: the same key books once (default: a new one, printed)')
    .option('--json', 'print the entry and balances as JSON')
    .action(
      async (
        options: {
          seller: string;
          amount: string;
          reason: string;
          account: string;
          key?: string;
          json?: boolean;
        },
        command: Command,
      ) => {
        const amount = parseSignedAmount(options.amount);
        const account = oneOf(options.account, ['default', 'balance_2'] as const, '--account');
        const key = options.key ?? randomUUID();
        const { client } = await authedClient();
        const answer = await client.moneyAdmin.adjustLedger({
          params: { sellerId: positiveInt(options.seller, '--seller') },
          body: { amount, account, reason: options.reason, idempotency_key: key },
        });
        if (!options.json) printer(command)(`Adjustment booked (key ${key}):\n`);
        printOperation(command, answer, options.json);
      },
    );
  for (const [name, verb] of [
    ['hold', 'Put an entry, or every entry of an order, on hold'],
    ['release', 'Release an entry, or every held entry of an order, from hold'],
  ] as const) {
    ledger
      .command(name)
      .description(verb)
      .requiredOption('--seller <id>', 'the seller (user id)')
      .option('--entry <id>', 'the entry id (printloom admin ledger list)')
      .option('--order <id>', 'the order id: all its entries')
      .requiredOption('--reason <text>', 'why, shown to the seller and kept in the audit')
      .option('--json', 'print the entries and balances as JSON')
      .action(async (options: HoldOptions, command: Command) => {
        const input = holdTarget(options);
        const { client } = await authedClient();
        const answer =
          name === 'hold'
            ? await client.moneyAdmin.holdLedger(input)
            : await client.moneyAdmin.releaseLedger(input);
        printOperation(command, answer, options.json);
      });
  }
}

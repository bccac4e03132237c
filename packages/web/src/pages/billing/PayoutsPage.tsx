import {
  API,
  LEDGER_MESSAGES,
  PAYOUT_MIN_AMOUNT,
  type Payout,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type Transaction,
  toMinor,
  userDate,
  userDateTime,
} from '@printloom/core';
import { useCallback, useId, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { z } from 'zod';
import { useMe } from '../../api/hooks/useAuth.js';
import { useBalance } from '../../api/hooks/useBalance.js';
import { usePaymentAccounts } from '../../api/hooks/usePaymentAccounts.js';
import { usePayouts, useRequestPayout } from '../../api/hooks/usePayouts.js';
import { transactionsExportUrl, useTransactions } from '../../api/hooks/useTransactions.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { DataTable, type ListColumn, listColumns } from '../../lists/DataTable.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { FormError } from '../auth/FormError.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { ListPagination } from '../lists/ListPagination.js';
import { SearchBox } from '../lists/SearchBox.js';
import { StatusBadge } from '../lists/StatusBadge.js';
import { TimeRangeFilter } from '../lists/TimeRangeFilter.js';
import { usePageTitle } from '../usePageTitle.js';
import { DollarAmount, money } from './money.js';

const TYPE_LABELS: Record<(typeof TRANSACTION_TYPES)[number], string> = {
  sale: 'Sale',
  commission: 'Commission',
  fulfill: 'Fulfillment',
  fee: 'Fee',
  refund: 'Refund',
  payout: 'Payout',
  topup: 'Top-up',
  ads_topup: 'Ads top-up',
  cashback: 'Cashback',
  admin: 'Adjustment',
  other: 'Other',
};

const FILTER_FIELDS = ['q', 'type', 'status', 'time'] as const;

/**
 * Billing & Payouts (spec §2 /payouts): the available, pending and on-hold money, the payout
 * request form, the payout history, and the ledger on the list pattern (type, status, date
 * range in the seller's utc_offset, order number) with its CSV export.
 */
export function PayoutsPage() {
  const title = usePageTitle();
  const user = useMe();
  const utcOffset = user?.utc_offset ?? 0;
  const balance = useBalance(true);
  const { query, raw, update } = useListUrlState(API.money.transactions.query);
  const list = useTransactions(query);
  const page = list.data;
  const rows = page?.data ?? [];
  const filtered = FILTER_FIELDS.some((field) => raw[field] !== undefined);
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const columns = useMemo(() => transactionColumns(utcOffset), [utcOffset]);

  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <BalanceCards balance={balance} />

      <div className="row g-4 mb-4">
        <div className="col-lg-5">
          <PayoutRequestForm available={balance.data?.available ?? 0} />
        </div>
        <div className="col-lg-7">
          <PayoutHistory utcOffset={utcOffset} />
        </div>
      </div>

      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 className="h5 mb-0">Transactions</h2>
        <a
          className="btn btn-outline-secondary btn-sm"
          href={transactionsExportUrl(query)}
          download
        >
          Export CSV
        </a>
      </div>
      <search className="d-flex flex-wrap gap-2 align-items-start mb-3" aria-label="Filters">
        <div className="flex-grow-1" style={{ minWidth: 220, maxWidth: 320 }}>
          <SearchBox value={raw.q ?? ''} onSearch={onSearch} label="Search by order number" />
        </div>
        <FilterSelect
          label="Type"
          allLabel="All types"
          value={query.type ?? ''}
          options={TRANSACTION_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
          onChange={(type) => update({ type: type || undefined })}
        />
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={query.status ?? ''}
          options={TRANSACTION_STATUSES.map((status) => ({ value: status, label: status }))}
          onChange={(status) => update({ status: status || undefined })}
        />
        <TimeRangeFilter
          value={{ time: raw.time ?? '', from: raw.from ?? '', to: raw.to ?? '' }}
          utcOffset={utcOffset}
          onChange={(time) => update({ time: time.time, from: time.from, to: time.to })}
        />
      </search>

      <ListLoadError error={list.error} onRetry={() => void list.refetch()} />

      <DataTable
        caption="Transactions"
        columns={columns}
        rows={rows}
        rowId={(row) => row.id}
        loading={list.isPending}
        busy={list.isFetching}
        rowProps={(row) => ({ 'data-testid': 'transaction-row', 'data-type': row.type })}
      />

      {page && rows.length === 0 ? (
        <div className="text-center py-5" data-testid="list-empty">
          {filtered ? (
            <>
              <p className="mb-3">No transactions match these filters.</p>
              <Link to="/payouts" className="btn btn-outline-secondary">
                Clear filters
              </Link>
            </>
          ) : (
            <p className="mb-0">
              No money has moved yet. Your first sale shows here as pending profit.
            </p>
          )}
        </div>
      ) : null}

      {page && page.total > 0 ? (
        <ListPagination
          page={page.current_page}
          lastPage={page.last_page}
          total={page.total}
          totalIsCapped={page.total_is_capped}
          from={page.from}
          to={page.to}
          noun="transactions"
          onPage={(next) => update({ page: next })}
        />
      ) : null}
    </>
  );
}

function BalanceCards({ balance }: { balance: ReturnType<typeof useBalance> }) {
  const cards = [
    { id: 'available', label: 'Available', hint: 'Can be paid out now' },
    { id: 'pending', label: 'Pending', hint: 'Sales within their hold period' },
    { id: 'on_hold', label: 'On hold', hint: 'Held for review' },
  ] as const;
  return (
    <div className="row g-3 mb-4" aria-busy={balance.isPending}>
      {balance.isError ? (
        <div className="col-12">
          <FormError error={balance.error} />
        </div>
      ) : null}
      {cards.map((card) => (
        <div className="col-sm-4" key={card.id}>
          <div className="card h-100">
            <div className="card-body">
              <h2 className="h6 text-body-secondary mb-1">{card.label}</h2>
              <p className="fs-4 fw-semibold mb-1" data-testid={`balance-${card.id}`}>
                {balance.data ? money(balance.data[card.id]) : '…'}
              </p>
              <small className="text-body-secondary">{card.hint}</small>
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/** The payout form: dollars typed, minor units sent; the account among the seller's own. */
const PayoutForm = z.object({
  amount: DollarAmount.refine((value) => toMinor(value) >= PAYOUT_MIN_AMOUNT, {
    message: LEDGER_MESSAGES.belowMinimum,
  }),
  payment_account_id: z.coerce
    .number({ error: 'Choose a payment account' })
    .int()
    .positive('Choose a payment account'),
});

function PayoutRequestForm({ available }: { available: number }) {
  const accounts = usePaymentAccounts();
  const request = useRequestPayout();
  const [done, setDone] = useState<Payout | null>(null);
  const { form, formError } = useApiForm({
    schema: PayoutForm,
    defaultValues: { amount: '', payment_account_id: '' },
    serverError: request.error,
  });
  const amountId = useId();
  const accountId = useId();
  const usable = (accounts.data ?? []).filter((a) => a.status !== 'invalid');
  const submit = form.handleSubmit((values) => {
    setDone(null);
    request.mutate(
      { amount: toMinor(values.amount), payment_account_id: values.payment_account_id },
      {
        onSuccess: (payout) => {
          setDone(payout);
          form.reset();
        },
      },
    );
  });

  return (
    <Form className="card card-body h-100" onSubmit={submit} noValidate>
      <h2 className="h5">Request a payout</h2>
      <p className="text-body-secondary small">
        Up to your available balance of <strong>{money(available)}</strong>; at least{' '}
        {money(PAYOUT_MIN_AMOUNT)}. One request at a time.
      </p>
      <FormError error={formError} />
      {done ? (
        <div className="alert alert-success" role="status">
          Payout of {money(done.amount)} requested. We will let you know when it is paid.
        </div>
      ) : null}
      {accounts.isSuccess && accounts.data.length === 0 ? (
        <p>
          Add a payment account first: <Link to="/settings/payment-account">Payment Accounts</Link>.
        </p>
      ) : null}
      <Form.Group className="mb-3" controlId={amountId}>
        <Form.Label>Amount (USD)</Form.Label>
        <Form.Control
          type="number"
          inputMode="decimal"
          step="0.01"
          min={PAYOUT_MIN_AMOUNT / 100}
          isInvalid={fieldError(form, 'amount') !== undefined}
          {...form.register('amount')}
        />
        <Form.Control.Feedback type="invalid">{fieldError(form, 'amount')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId={accountId}>
        <Form.Label>Pay to</Form.Label>
        <Form.Select
          isInvalid={fieldError(form, 'payment_account_id') !== undefined}
          {...form.register('payment_account_id')}
        >
          <option value="">Choose a payment account</option>
          {usable.map((account) => (
            <option key={account.id} value={account.id}>
              {account.label}
              {account.status === 'new' ? ' (being checked)' : ''}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">
          {fieldError(form, 'payment_account_id')}
        </Form.Control.Feedback>
      </Form.Group>
      <div>
        <Button type="submit" disabled={request.isPending || usable.length === 0}>
          Request payout
        </Button>
      </div>
    </Form>
  );
}

function PayoutHistory({ utcOffset }: { utcOffset: number }) {
  const payouts = usePayouts();
  const rows = payouts.data?.data ?? [];
  return (
    <section className="card card-body h-100" aria-labelledby="payout-history">
      <h2 className="h5" id="payout-history">
        Payout history
      </h2>
      <FormError error={payouts.error} />
      {payouts.isSuccess && rows.length === 0 ? (
        <p className="text-body-secondary mb-0">No payout requests yet.</p>
      ) : (
        <div className="table-responsive">
          <Table size="sm" className="align-middle mb-0" aria-busy={payouts.isFetching}>
            <thead>
              <tr>
                <th scope="col">Requested</th>
                <th scope="col">To</th>
                <th scope="col" className="text-end">
                  Amount
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((payout) => (
                <tr key={payout.id} data-testid="payout-row">
                  <td>{userDate(payout.created_at, utcOffset)}</td>
                  <td>{payout.account_label}</td>
                  <td className="text-end">{money(payout.amount)}</td>
                  <td>
                    <StatusBadge status={payout.status} />
                    {payout.reason ? (
                      <small className="d-block text-body-secondary">{payout.reason}</small>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}

function transactionColumns(utcOffset: number): ListColumn<Transaction>[] {
  const column = listColumns<Transaction>();
  return [
    column.display({
      id: 'date',
      header: 'Date',
      cell: ({ row }) => userDateTime(row.original.created_at, utcOffset),
    }),
    column.display({
      id: 'type',
      header: 'Type',
      cell: ({ row }) => TYPE_LABELS[row.original.type],
    }),
    column.display({
      id: 'description',
      header: 'Details',
      cell: ({ row }) => (
        <>
          {row.original.description}
          {row.original.status === 'pending' ? (
            <small className="d-block text-body-secondary">
              Available from {userDate(row.original.available_at, utcOffset)}
            </small>
          ) : null}
          {row.original.status === 'on hold' ? (
            <small className="d-block text-warning-emphasis">
              On hold{row.original.hold_reason ? `: ${row.original.hold_reason}` : ''}
            </small>
          ) : null}
        </>
      ),
    }),
    column.display({
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    }),
    column.display({
      id: 'amount',
      header: () => <span className="d-block text-end">Amount</span>,
      cell: ({ row }) => (
        <span
          className={`d-block text-end fw-semibold ${row.original.amount < 0 ? 'text-danger' : 'text-success'}`}
        >
          {money(row.original.amount)}
        </span>
      ),
    }),
  ];
}

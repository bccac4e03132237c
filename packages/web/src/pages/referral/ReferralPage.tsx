import { API, type ReferredSeller, userDate } from '@printloom/core';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { Link } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import { useReferralProgram, useReferredSellers } from '../../api/hooks/useReferral.js';
import { DataTable, type ListColumn, listColumns } from '../../lists/DataTable.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { money } from '../billing/money.js';
import { ListPagination } from '../lists/ListPagination.js';
import { isIncompleteCustomRange } from '../lists/listQuery.js';
import { TimeRangeFilter } from '../lists/TimeRangeFilter.js';
import { usePageTitle } from '../usePageTitle.js';

const column = listColumns<ReferredSeller>();

/** Header columns the list sorts by on the server (column id → `sort_by`). */
const SORT_FIELDS = {
  joined_at: 'joined_at',
  orders: 'orders',
  sold_items: 'sold_items',
  commission: 'commission',
} as const;

/** The link with a button that copies it; the field stays selectable when copying is refused. */
function ReferralLink({ link }: { link: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <Form.Group controlId="referral-link" className="mb-2">
      <Form.Label className="fw-semibold">Your referral link</Form.Label>
      <InputGroup>
        <Form.Control readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        <Button variant="primary" onClick={() => void copy()}>
          Copy link
        </Button>
      </InputGroup>
      <Form.Text role="status" className="d-block">
        {copied === 'yes' ? 'Link copied.' : null}
        {copied === 'no'
          ? 'Copying was refused by the browser: select the link and copy it.'
          : null}
      </Form.Text>
    </Form.Group>
  );
}

/**
 * Referral Program (spec §2 /referral, menu `sort_by=sold_items`): the seller's referral link and
 * rate, and the sellers who signed up through it with their paid orders, sold items and the
 * commission booked for them in the chosen period of the seller's days.
 */
export function ReferralPage() {
  const title = usePageTitle();
  const utcOffset = useMe()?.utc_offset ?? 0;
  const program = useReferralProgram();
  const { query, raw, update } = useListUrlState(API.referral.sellers.query);
  const incomplete = isIncompleteCustomRange({
    time: raw.time ?? '',
    from: raw.from ?? '',
    to: raw.to ?? '',
  });
  const list = useReferredSellers(query, !incomplete);
  const page = list.data;
  const rows = page?.data ?? [];

  const columns = useMemo<ListColumn<ReferredSeller>[]>(
    () => [
      column.accessor('name', {
        header: 'Seller',
        cell: (info) => (
          <>
            <span className="fw-semibold">{info.getValue()}</span>
            <span className="d-block small text-body-secondary">{info.row.original.email}</span>
          </>
        ),
      }),
      column.accessor('joined_at', {
        header: 'Joined',
        cell: (info) => userDate(info.getValue(), utcOffset),
      }),
      column.accessor('orders', { header: 'Orders' }),
      column.accessor('sold_items', { header: 'Sold items' }),
      column.accessor('commission', {
        header: 'Commission',
        cell: (info) => money(info.getValue()),
      }),
    ],
    [utcOffset],
  );

  const data = program.data;
  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <ListLoadError error={program.error} onRetry={() => void program.refetch()} />
      {program.isPending ? (
        <p className="text-body-secondary" role="status">
          Loading your referral link…
        </p>
      ) : null}
      {data ? (
        <section className="card card-body mb-4" style={{ maxWidth: 720 }} aria-label="Your link">
          <ReferralLink link={data.link} />
          <p className="mb-1">
            Sellers who sign up through this link are yours: you earn{' '}
            <strong>{data.commission_percent}%</strong> of what their buyers pay for the goods
            (after discounts), available after the same hold period as a sale.
          </p>
          <p className="mb-0" data-testid="referral-totals">
            {data.referred_sellers} seller{data.referred_sellers === 1 ? '' : 's'} joined ·{' '}
            {money(data.commission_total)} commission so far ·{' '}
            <Link to="/payouts?type=commission">See commission entries</Link>
          </p>
        </section>
      ) : null}

      <h2 className="h5">Referred sellers</h2>
      <search className="d-flex flex-wrap gap-2 align-items-start mb-3" aria-label="Filters">
        <TimeRangeFilter
          value={{ time: raw.time ?? '', from: raw.from ?? '', to: raw.to ?? '' }}
          utcOffset={utcOffset}
          onChange={(time) => update({ time: time.time, from: time.from, to: time.to })}
        />
      </search>
      <ListLoadError error={list.error} onRetry={() => void list.refetch()} />
      <DataTable
        caption="Referred sellers"
        columns={columns}
        rows={rows}
        rowId={(row) => row.id}
        loading={list.isPending && !incomplete}
        busy={list.isFetching}
        rowProps={() => ({ 'data-testid': 'referred-row' })}
        sort={{
          value: `${query.sort_by}:${query.direction}`,
          fields: SORT_FIELDS,
          onChange: (orderBy) => {
            const [sort_by, direction] = orderBy.split(':');
            update({ sort_by, direction });
          },
        }}
      />
      {page && rows.length === 0 ? (
        <p className="text-center py-4" data-testid="list-empty">
          No one has signed up through your link yet. Share it with sellers you know.
        </p>
      ) : null}
      {page && page.total > 0 ? (
        <ListPagination
          page={page.current_page}
          lastPage={page.last_page}
          total={page.total}
          from={page.from}
          to={page.to}
          noun="sellers"
          onPage={(p) => update({ page: p })}
        />
      ) : null}
    </>
  );
}

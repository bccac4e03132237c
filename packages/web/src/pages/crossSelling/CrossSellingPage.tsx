import {
  API,
  type CrossSale,
  type CrossSaleSide,
  type CrossSellCampaign,
  can,
  userDate,
} from '@printloom/core';
import { useMemo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import { useMe } from '../../api/hooks/useAuth.js';
import {
  useCrossListing,
  useCrossSales,
  useCrossSellCampaigns,
} from '../../api/hooks/useCrossSelling.js';
import { useStores } from '../../api/hooks/useStores.js';
import { DataTable, type ListColumn, listColumns } from '../../lists/DataTable.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { FormError } from '../auth/FormError.js';
import { money } from '../billing/money.js';
import { ListPagination } from '../lists/ListPagination.js';
import { isIncompleteCustomRange } from '../lists/listQuery.js';
import { SearchBox } from '../lists/SearchBox.js';
import { TimeRangeFilter } from '../lists/TimeRangeFilter.js';
import { usePageTitle } from '../usePageTitle.js';

const column = listColumns<CrossSale>();

const TABS: ReadonlyArray<{ side: CrossSaleSide; label: string }> = [
  { side: 'store', label: 'Sold in my stores' },
  { side: 'owner', label: 'My campaigns sold by others' },
];

/** Other sellers' open campaigns, with a store picker that lists or unlists one in a store. */
function Marketplace({ mayChange }: { mayChange: boolean }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const campaigns = useCrossSellCampaigns({ q: q || undefined, page });
  const stores = useStores();
  const listing = useCrossListing();
  const rows = campaigns.data?.data ?? [];
  const storeList = stores.data ?? [];
  const toggle = (campaign: CrossSellCampaign, storeId: number, on: boolean) =>
    listing.mutate({ storeId, campaignId: campaign.id, on });
  return (
    <section aria-labelledby="cross-market" className="mt-4">
      <h2 className="h5" id="cross-market">
        Campaigns open for cross-selling
      </h2>
      <p className="text-body-secondary small">
        Other sellers’ campaigns you may sell in your stores. You earn the commission shown on what
        the buyer pays for them; the owner prints and ships them.
      </p>
      <div className="mb-2" style={{ maxWidth: 360 }}>
        <SearchBox
          value={q}
          label="Search campaigns or sellers"
          onSearch={(text) => {
            setQ(text);
            setPage(1);
          }}
        />
      </div>
      <ListLoadError error={campaigns.error} onRetry={() => void campaigns.refetch()} />
      <FormError error={listing.error ?? stores.error} />
      {campaigns.data && rows.length === 0 ? (
        <p className="py-3" data-testid="market-empty">
          {q ? 'No open campaign matches this search.' : 'No seller has opened a campaign yet.'}
        </p>
      ) : null}
      <ul
        className="list-unstyled d-grid gap-2"
        aria-busy={campaigns.isFetching || listing.isPending}
      >
        {rows.map((campaign) => (
          <li
            key={campaign.id}
            className="card card-body d-flex flex-row flex-wrap gap-3 align-items-start"
            data-testid="market-row"
          >
            {campaign.thumb_url ? (
              <img src={campaign.thumb_url} alt="" width={64} height={64} className="rounded" />
            ) : null}
            <div className="flex-grow-1">
              <div className="fw-semibold">{campaign.name}</div>
              <div className="small text-body-secondary">
                by {campaign.owner_name} · from {money(campaign.price)} · you earn{' '}
                <strong>{campaign.commission_percent}%</strong>
              </div>
            </div>
            <fieldset disabled={!mayChange || listing.isPending}>
              <legend className="visually-hidden">Sell {campaign.name} in</legend>
              {storeList.length === 0 ? (
                <span className="small text-body-secondary">
                  Create a store under Storefronts first.
                </span>
              ) : null}
              {storeList.map((store) => (
                <Form.Check
                  key={store.id}
                  id={`cross-${campaign.id}-${store.id}`}
                  label={`Sell in ${store.name}`}
                  checked={campaign.store_ids.includes(store.id)}
                  onChange={(event) => toggle(campaign, store.id, event.target.checked)}
                />
              ))}
            </fieldset>
          </li>
        ))}
      </ul>
      {campaigns.data && campaigns.data.total > 0 ? (
        <ListPagination
          page={campaigns.data.current_page}
          lastPage={campaigns.data.last_page}
          total={campaigns.data.total}
          from={campaigns.data.from}
          to={campaigns.data.to}
          noun="campaigns"
          onPage={setPage}
        />
      ) : null}
    </section>
  );
}

/**
 * Cross-Selling (spec §2 /referral-sales, Orders menu): sales that came through another
 * seller's store. "Sold in my stores" lists other sellers' campaigns the seller's stores sold
 * (the seller earned the commission) and the campaigns open for cross-selling; "My campaigns
 * sold by others" lists the seller's campaigns other stores sold and what was booked for them.
 * Both in the chosen period of the seller's days, with totals that leave refunded orders out.
 */
export function CrossSellingPage() {
  const title = usePageTitle();
  const me = useMe();
  const utcOffset = me?.utc_offset ?? 0;
  const { query, raw, update } = useListUrlState(API.crossSelling.sales.query);
  const incomplete = isIncompleteCustomRange({
    time: raw.time ?? '',
    from: raw.from ?? '',
    to: raw.to ?? '',
  });
  const side = query.side ?? 'store';
  const list = useCrossSales(query, !incomplete);
  const page = list.data;
  const rows = page?.data ?? [];

  const columns = useMemo<ListColumn<CrossSale>[]>(
    () => [
      column.accessor('order_number', {
        header: 'Order',
        cell: (info) => (
          <>
            <span className="fw-semibold">{info.getValue()}</span>
            {info.row.original.refunded ? (
              <Badge bg="secondary" className="ms-2">
                Refunded
              </Badge>
            ) : null}
            <span className="d-block small text-body-secondary">
              {userDate(info.row.original.paid_at, utcOffset)}
            </span>
          </>
        ),
      }),
      column.accessor('store_name', { header: 'Store' }),
      column.accessor('campaign_name', { header: 'Campaign' }),
      column.accessor('partner_name', {
        header: side === 'store' ? 'Campaign owner' : 'Sold by',
      }),
      column.accessor('items', { header: 'Items' }),
      column.accessor('revenue', { header: 'Sales', cell: (info) => money(info.getValue()) }),
      column.accessor('commission', {
        header: 'Commission',
        cell: (info) => `${money(info.getValue())} (${info.row.original.commission_percent}%)`,
      }),
      column.accessor('owner_amount', {
        header: 'Owner’s profit',
        cell: (info) => money(info.getValue()),
      }),
    ],
    [utcOffset, side],
  );

  const totals = page?.totals;
  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <ul className="nav nav-tabs mb-3">
        {TABS.map((tab) => (
          <li className="nav-item" key={tab.side}>
            <button
              type="button"
              className={`nav-link${side === tab.side ? ' active' : ''}`}
              aria-current={side === tab.side ? 'page' : undefined}
              onClick={() => update({ side: tab.side })}
            >
              {tab.label}
            </button>
          </li>
        ))}
      </ul>
      <search className="d-flex flex-wrap gap-2 align-items-start mb-3" aria-label="Filters">
        <TimeRangeFilter
          value={{ time: raw.time ?? '', from: raw.from ?? '', to: raw.to ?? '' }}
          utcOffset={utcOffset}
          onChange={(time) => update({ time: time.time, from: time.from, to: time.to })}
        />
      </search>
      {totals ? (
        <p data-testid="cross-totals">
          {totals.orders} order{totals.orders === 1 ? '' : 's'} · {totals.items} item
          {totals.items === 1 ? '' : 's'} · sales {money(totals.revenue)} ·{' '}
          {side === 'store'
            ? `commission earned ${money(totals.commission)}`
            : `booked to you ${money(totals.owner_amount)} after ${money(totals.commission)} commission`}
        </p>
      ) : null}
      <ListLoadError error={list.error} onRetry={() => void list.refetch()} />
      <DataTable
        caption={TABS.find((tab) => tab.side === side)?.label ?? 'Cross-sales'}
        columns={columns}
        rows={rows}
        rowId={(row) => row.order_id * 1_000_000 + row.campaign_id}
        loading={list.isPending && !incomplete}
        busy={list.isFetching}
        rowProps={() => ({ 'data-testid': 'cross-sale-row' })}
      />
      {page && rows.length === 0 ? (
        <p className="text-center py-4" data-testid="list-empty">
          {side === 'store'
            ? 'Your stores have sold no other seller’s campaign in this period.'
            : 'No other store has sold your campaigns in this period. Open a campaign to other stores from its edit page.'}
        </p>
      ) : null}
      {page && page.total > 0 ? (
        <ListPagination
          page={page.current_page}
          lastPage={page.last_page}
          total={page.total}
          from={page.from}
          to={page.to}
          noun="sales"
          onPage={(p) => update({ page: p })}
        />
      ) : null}
      {side === 'store' && me && can(me, 'get_campaigns') ? (
        <Marketplace mayChange={can(me, 'update_campaign')} />
      ) : null}
    </>
  );
}

import {
  absoluteProductUrl,
  CAMPAIGN_PRODUCT_TYPES,
  CAMPAIGN_TYPES,
  type Campaign,
  ENTITY_STATUSES,
  errorMessage,
  userDate,
} from '@printloom/core';
import { useCallback } from 'react';
import Button from 'react-bootstrap/Button';
import Placeholder from 'react-bootstrap/Placeholder';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { api } from '../../api/client.js';
import { useMe } from '../../api/hooks/useAuth.js';
import { useCampaignList } from '../../api/hooks/useCampaignList.js';
import { useStoreBaseUrl } from '../../api/hooks/useStoreBaseUrl.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { ListPagination } from '../lists/ListPagination.js';
import {
  CAMPAIGN_LIST_SPEC,
  CAMPAIGN_ORDERS,
  type CampaignListState,
  campaignApiQuery,
} from '../lists/listQuery.js';
import { SearchBox } from '../lists/SearchBox.js';
import { StatusBadge, statusLabel } from '../lists/StatusBadge.js';
import { TimeRangeFilter } from '../lists/TimeRangeFilter.js';
import { useListQuery } from '../lists/useListQuery.js';

/** Thumbnail preset of spec §9 (160 × 200), asked at twice the shown size for sharp screens. */
const THUMB = { w: 160, h: 200 } as const;
const SHOWN_THUMB_WIDTH = 48;

const PRODUCT_TYPE_LABELS: Record<(typeof CAMPAIGN_PRODUCT_TYPES)[number], string> = {
  campaign: 'Campaign',
  campaign_express: 'Express campaign',
  campaign_template: 'Campaign template',
};

const CAMPAIGN_TYPE_LABELS: Record<(typeof CAMPAIGN_TYPES)[number], string> = {
  regular: 'Regular',
  custom: 'Custom',
  campaign_express: 'Express',
  mockup: 'Mockup',
  aop: 'All-over print',
  combo: 'Combo',
  express_2: 'Express 2',
  ai_mockup: 'AI mockup',
};

function hasFilters(state: CampaignListState): boolean {
  return (
    state.q !== '' ||
    state.status !== '' ||
    state.product_type !== '' ||
    state.system_type !== '' ||
    state.time !== ''
  );
}

/**
 * All campaigns (spec §2 /campaigns): the list query of spec §3 in the address (search with a
 * 200 ms debounce, status, product type, campaign type, time range, order, 15 per page), each
 * campaign with its thumbnail, status, a link to its editor and its storefront link made
 * absolute with the store host (spec §6).
 */
export function CampaignsListPage() {
  const user = useMe();
  const [state, update] = useListQuery(CAMPAIGN_LIST_SPEC);
  const list = useCampaignList(campaignApiQuery(state));
  const { baseUrl } = useStoreBaseUrl(user);
  const utcOffset = user?.utc_offset ?? 0;
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const page = list.data;
  const campaigns = page?.data ?? [];
  const filtered = hasFilters(state);

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">All Campaigns</h1>
        <Link to="/campaigns/edit" className="btn btn-primary" data-tour="create-campaign-button">
          Create campaign
        </Link>
      </div>

      <search className="d-flex flex-wrap gap-2 align-items-start mb-3" aria-label="Filters">
        <div className="flex-grow-1" style={{ minWidth: 220, maxWidth: 360 }}>
          <SearchBox value={state.q} onSearch={onSearch} label="Search campaigns" />
        </div>
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={state.status}
          options={ENTITY_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
          onChange={(status) => update({ status })}
        />
        <FilterSelect
          label="Product type"
          allLabel="All product types"
          value={state.product_type}
          options={CAMPAIGN_PRODUCT_TYPES.map((type) => ({
            value: type,
            label: PRODUCT_TYPE_LABELS[type],
          }))}
          onChange={(product_type) => update({ product_type })}
        />
        <FilterSelect
          label="Campaign type"
          allLabel="All campaign types"
          value={state.system_type}
          options={CAMPAIGN_TYPES.map((type) => ({
            value: type,
            label: CAMPAIGN_TYPE_LABELS[type],
          }))}
          onChange={(system_type) => update({ system_type })}
        />
        <TimeRangeFilter value={state} utcOffset={utcOffset} onChange={(time) => update(time)} />
        <FilterSelect
          label="Order"
          value={state.order_by}
          options={CAMPAIGN_ORDERS}
          onChange={(order_by) => update({ order_by })}
        />
      </search>

      {list.isError ? (
        <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
          <span className="flex-grow-1" data-testid="list-error">
            {errorMessage(list.error)}
          </span>
          <Button size="sm" variant="outline-danger" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}

      <div className="table-responsive">
        <Table hover className="align-middle" aria-busy={list.isFetching}>
          <thead>
            <tr>
              <th scope="col" style={{ width: SHOWN_THUMB_WIDTH + 16 }}>
                <span className="visually-hidden">Thumbnail</span>
              </th>
              <th scope="col">Campaign</th>
              <th scope="col">Status</th>
              <th scope="col">Type</th>
              <th scope="col">Created</th>
              <th scope="col">Storefront</th>
            </tr>
          </thead>
          <tbody data-testid="campaign-rows">
            {list.isPending ? <LoadingRows /> : null}
            {campaigns.map((campaign) => (
              <CampaignRow
                key={campaign.id}
                campaign={campaign}
                baseUrl={baseUrl}
                utcOffset={utcOffset}
              />
            ))}
          </tbody>
        </Table>
      </div>

      {page && campaigns.length === 0 ? (
        <div className="text-center py-5" data-testid="list-empty">
          {filtered ? (
            <>
              <p className="mb-3">No campaigns match these filters.</p>
              <Link to="/campaigns" className="btn btn-outline-secondary">
                Clear filters
              </Link>
            </>
          ) : (
            <>
              <p className="mb-3">You have no campaigns yet.</p>
              <Link to="/campaigns/edit" className="btn btn-primary">
                Create your first campaign
              </Link>
            </>
          )}
        </div>
      ) : null}

      {page && page.total > 0 ? (
        <ListPagination
          page={page.current_page}
          lastPage={page.last_page}
          total={page.total}
          from={page.from}
          to={page.to}
          noun="campaigns"
          onPage={(next) => update({ page: String(next) })}
        />
      ) : null}
    </>
  );
}

function CampaignRow(props: {
  campaign: Campaign;
  baseUrl: string | undefined;
  utcOffset: number;
}) {
  const { campaign } = props;
  const image = campaign.thumb_url ?? campaign.artwork_url;
  const editPath = `/campaigns/edit/${campaign.id}`;
  const storefront =
    props.baseUrl && campaign.slug ? absoluteProductUrl(campaign.slug, props.baseUrl) : undefined;
  return (
    <tr data-testid="campaign-row" data-campaign-id={campaign.id}>
      <td>
        {image ? (
          <img
            src={api.images.url(image, THUMB)}
            alt=""
            width={SHOWN_THUMB_WIDTH}
            height={(SHOWN_THUMB_WIDTH * THUMB.h) / THUMB.w}
            loading="lazy"
            className="rounded border bg-body-tertiary object-fit-cover"
          />
        ) : (
          <div
            className="rounded border bg-body-tertiary"
            style={{ width: SHOWN_THUMB_WIDTH, height: (SHOWN_THUMB_WIDTH * THUMB.h) / THUMB.w }}
            aria-hidden="true"
          />
        )}
      </td>
      <td>
        <Link to={editPath} className="fw-semibold">
          {campaign.name}
        </Link>
        {campaign.collection ? (
          <small className="d-block text-body-secondary">{campaign.collection}</small>
        ) : null}
      </td>
      <td>
        <StatusBadge status={campaign.status} />
      </td>
      <td className="small">
        {PRODUCT_TYPE_LABELS[campaign.product_type]}
        <span className="d-block text-body-secondary">
          {CAMPAIGN_TYPE_LABELS[campaign.system_type]}
        </span>
      </td>
      <td className="small text-nowrap">
        {campaign.created_at ? userDate(campaign.created_at, props.utcOffset) : '—'}
      </td>
      <td className="small">
        {storefront ? (
          <a href={storefront} target="_blank" rel="noopener noreferrer" data-testid="product-link">
            View product
            <span className="visually-hidden"> {campaign.name} (opens in a new tab)</span>
          </a>
        ) : (
          <span className="text-body-secondary">No link yet</span>
        )}
      </td>
    </tr>
  );
}

function LoadingRows() {
  return (
    <>
      {[0, 1, 2, 3, 4].map((row) => (
        <tr key={row}>
          <td colSpan={6}>
            <Placeholder animation="glow">
              {row === 0 ? <span className="visually-hidden">Loading…</span> : null}
              <Placeholder xs={12} />
            </Placeholder>
          </td>
        </tr>
      ))}
    </>
  );
}

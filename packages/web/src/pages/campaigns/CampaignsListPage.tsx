import {
  API,
  absoluteProductUrl,
  CAMPAIGN_PRODUCT_TYPES,
  CAMPAIGN_TYPES,
  type Campaign,
  type CampaignBulkActionName,
  type CampaignType,
  can,
  DEFAULT_CAMPAIGN_LIST_PRODUCT_TYPE,
  ENTITY_STATUSES,
  errorMessage,
  NICHES,
  nicheLabel,
  pagePath,
  userDate,
} from '@printloom/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { api } from '../../api/client.js';
import { useMe } from '../../api/hooks/useAuth.js';
import {
  type CampaignRowAction,
  useCampaignAction,
  useCampaignBulkAction,
} from '../../api/hooks/useCampaignActions.js';
import { useCampaignList } from '../../api/hooks/useCampaignList.js';
import { useStoreBaseUrl } from '../../api/hooks/useStoreBaseUrl.js';
import { ActionResults, type RowResult } from '../../lists/ActionResults.js';
import { type BulkAction, BulkActionBar } from '../../lists/BulkActionBar.js';
import { ConfirmDialog } from '../../lists/ConfirmDialog.js';
import { DataTable, type ListColumn, listColumns } from '../../lists/DataTable.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { RowActions } from '../../lists/RowActions.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { ListPagination } from '../lists/ListPagination.js';
import { CAMPAIGN_ORDERS } from '../lists/listQuery.js';
import { SearchBox } from '../lists/SearchBox.js';
import { StatusBadge, statusLabel } from '../lists/StatusBadge.js';
import { TimeRangeFilter } from '../lists/TimeRangeFilter.js';
import { bulkConfirmation, CAMPAIGN_ACTION_LABELS, rowActionsFor } from './campaignActions.js';
import { campaignEditPath, EDIT_ROUTE_TYPES } from './edit/campaignForm.js';

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

const BULK_ACTIONS: readonly BulkAction<CampaignBulkActionName>[] = [
  { action: 'launch', label: 'Launch', variant: 'outline-primary' },
  { action: 'deactivate', label: 'Deactivate' },
  { action: 'delete', label: 'Delete', variant: 'outline-danger' },
];

/** Column ids the headers sort by, with the list's order field (spec §3 order_by). */
const SORT_FIELDS = { name: 'name', status: 'status', created: 'id' } as const;

const FILTER_FIELDS = ['q', 'status', 'product_type', 'system_type', 'niche', 'time'] as const;

type Notice =
  | { kind: 'results'; title: string; results: RowResult[] }
  | { kind: 'done'; text: string; copy?: Campaign }
  | { kind: 'error'; text: string };

type Pending =
  | { kind: 'bulk'; action: CampaignBulkActionName; ids: number[] }
  | { kind: 'delete'; campaign: Campaign };

/**
 * All campaigns (spec §2 /campaigns), on the list pattern of `web/src/lists`: the list route's
 * query in the address (parsed by core's CampaignListQuery: search with a 200 ms debounce,
 * status, product type, campaign type, time range, order, page), server pages of 15, sortable
 * headers, bulk selection with launch, deactivate and delete (confirmed, answered row by row),
 * and each row's own actions (launch or deactivate, duplicate, delete).
 */
export function CampaignsListPage() {
  const user = useMe();
  const { query, raw, update } = useListUrlState(API.campaigns.list.query);
  const list = useCampaignList(query);
  const { baseUrl } = useStoreBaseUrl(user);
  const utcOffset = user?.utc_offset ?? 0;
  // A team member who may only look at campaigns gets the list without its actions.
  const canEdit = user ? can(user, 'update_campaign') : false;
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const page = list.data;
  const campaigns = page?.data ?? [];
  const filtered = FILTER_FIELDS.some((field) => raw[field] !== undefined);

  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const rowAction = useCampaignAction();
  const bulkAction = useCampaignBulkAction();
  // Names of every campaign seen, so results name rows selected on another page.
  const names = useRef(new Map<number, string>());
  for (const campaign of campaigns) names.current.set(campaign.id, campaign.name);
  const nameOf = (id: number) => names.current.get(id) ?? `Campaign ${id}`;

  async function runBulk(action: CampaignBulkActionName, ids: number[]) {
    try {
      const answer = await bulkAction.mutateAsync({ action, ids });
      const results = answer.results.map((r) => ({ ...r, name: nameOf(r.id) }));
      setNotice({ kind: 'results', title: CAMPAIGN_ACTION_LABELS[action], results });
      setSelected((current) => {
        const next = new Set(current);
        for (const r of results) if (r.ok) next.delete(r.id);
        return next;
      });
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error) });
    }
  }

  async function runRow(action: CampaignRowAction, campaign: Campaign) {
    try {
      const answer = await rowAction.mutateAsync({ action, id: campaign.id });
      if (action === 'delete') {
        setSelected((current) => {
          const next = new Set(current);
          next.delete(campaign.id);
          return next;
        });
      }
      const verb = {
        launch: 'Launched',
        deactivate: 'Deactivated',
        duplicate: 'Duplicated',
        delete: 'Deleted',
      }[action];
      setNotice({
        kind: 'done',
        text:
          action === 'duplicate' && answer.campaign
            ? `Duplicated “${campaign.name}” as “${answer.campaign.name}”.`
            : `${verb} “${campaign.name}”.`,
        ...(action === 'duplicate' && answer.campaign ? { copy: answer.campaign } : {}),
      });
    } catch (error) {
      setNotice({ kind: 'error', text: `${campaign.name}: ${errorMessage(error)}` });
    }
  }

  function confirmPending() {
    const current = pending;
    setPending(null);
    if (current?.kind === 'bulk') void runBulk(current.action, current.ids);
    if (current?.kind === 'delete') void runRow('delete', current.campaign);
  }

  const working = rowAction.isPending || bulkAction.isPending;
  // The columns stay the same object while nothing they show changes; the handler they call
  // is always the latest one.
  const onRowAction = useRef<(action: CampaignRowAction, campaign: Campaign) => void>(() => {});
  onRowAction.current = (action, campaign) => {
    if (action === 'delete') setPending({ kind: 'delete', campaign });
    else void runRow(action, campaign);
  };
  const columns = useMemo(
    () =>
      campaignColumns({
        baseUrl,
        utcOffset,
        working,
        onAction: canEdit ? (action, campaign) => onRowAction.current(action, campaign) : undefined,
      }),
    [baseUrl, utcOffset, working, canEdit],
  );
  const confirmation =
    pending?.kind === 'bulk'
      ? bulkConfirmation(pending.action, pending.ids.length)
      : pending?.kind === 'delete'
        ? {
            title: 'Delete this campaign?',
            body: `“${pending.campaign.name}” will disappear from your lists and stop selling. This cannot be undone.`,
            confirm: 'Delete',
            danger: true,
          }
        : undefined;
  // The dialog keeps its words while it fades out after a choice.
  const lastConfirmation = useRef(confirmation);
  if (confirmation) lastConfirmation.current = confirmation;
  const shown = confirmation ?? lastConfirmation.current;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">All Campaigns</h1>
        <CreateCampaignMenu />
      </div>

      <search className="d-flex flex-wrap gap-2 align-items-start mb-3" aria-label="Filters">
        <div className="flex-grow-1" style={{ minWidth: 220, maxWidth: 360 }}>
          <SearchBox value={raw.q ?? ''} onSearch={onSearch} label="Search campaigns" />
        </div>
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={query.status ?? ''}
          options={ENTITY_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
          onChange={(status) => update({ status: status || undefined })}
        />
        <FilterSelect
          label="Product type"
          allLabel="All product types"
          value={
            query.product_type === DEFAULT_CAMPAIGN_LIST_PRODUCT_TYPE ? '' : query.product_type
          }
          options={CAMPAIGN_PRODUCT_TYPES.map((type) => ({
            value: type,
            label: PRODUCT_TYPE_LABELS[type],
          }))}
          onChange={(product_type) => update({ product_type: product_type || undefined })}
        />
        <FilterSelect
          label="Campaign type"
          allLabel="All campaign types"
          value={query.system_type ?? ''}
          options={CAMPAIGN_TYPES.map((type) => ({
            value: type,
            label: CAMPAIGN_TYPE_LABELS[type],
          }))}
          onChange={(system_type) => update({ system_type: system_type || undefined })}
        />
        <FilterSelect
          label="Niche"
          allLabel="All niches"
          value={query.niche ?? ''}
          options={NICHES.map((niche) => ({ value: niche, label: nicheLabel(niche) }))}
          onChange={(niche) => update({ niche: niche || undefined })}
        />
        <TimeRangeFilter
          value={{ time: raw.time ?? '', from: raw.from ?? '', to: raw.to ?? '' }}
          utcOffset={utcOffset}
          onChange={(time) => update({ time: time.time, from: time.from, to: time.to })}
        />
        <FilterSelect
          label="Order"
          value={query.order_by}
          options={CAMPAIGN_ORDERS}
          onChange={(order_by) => update({ order_by })}
        />
      </search>

      {notice ? <NoticeView notice={notice} onDismiss={() => setNotice(null)} /> : null}

      <ListLoadError error={list.error} onRetry={() => void list.refetch()} />

      <BulkActionBar
        count={selected.size}
        noun={{ one: 'campaign', many: 'campaigns' }}
        actions={BULK_ACTIONS}
        disabled={working}
        onAction={(action) => setPending({ kind: 'bulk', action, ids: [...selected] })}
        onClear={() => setSelected(new Set())}
      />

      <DataTable
        caption="Campaigns"
        columns={columns}
        rows={campaigns}
        rowId={(campaign) => campaign.id}
        loading={list.isPending}
        busy={list.isFetching}
        selection={
          canEdit
            ? { selected, onChange: setSelected, label: (campaign) => `Select ${campaign.name}` }
            : undefined
        }
        sort={{
          value: query.order_by,
          fields: SORT_FIELDS,
          onChange: (order_by) => update({ order_by }),
        }}
        rowProps={(campaign) => ({
          'data-testid': 'campaign-row',
          'data-campaign-id': campaign.id,
        })}
      />

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
              <Link to={pagePath('campaign_edit')} className="btn btn-primary">
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
          totalIsCapped={page.total_is_capped}
          from={page.from}
          to={page.to}
          noun="campaigns"
          onPage={(next) => update({ page: next })}
        />
      ) : null}

      <ConfirmDialog
        show={confirmation !== undefined}
        title={shown?.title ?? ''}
        confirmLabel={shown?.confirm ?? ''}
        danger={shown?.danger ?? false}
        busy={working}
        onConfirm={confirmPending}
        onCancel={() => setPending(null)}
      >
        <p className="mb-0">{shown?.body}</p>
      </ConfirmDialog>
    </>
  );
}

function NoticeView(props: { notice: Notice; onDismiss: () => void }) {
  const { notice } = props;
  if (notice.kind === 'results') {
    return (
      <ActionResults title={notice.title} results={notice.results} onDismiss={props.onDismiss} />
    );
  }
  return (
    <div
      className={`alert ${notice.kind === 'error' ? 'alert-danger' : 'alert-success'} alert-dismissible`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      data-testid="action-notice"
    >
      {notice.text}
      {notice.kind === 'done' && notice.copy ? (
        <>
          {' '}
          <Link to={campaignEditPath(notice.copy)}>Open the copy</Link>
        </>
      ) : null}
      <button type="button" className="btn-close" aria-label="Dismiss" onClick={props.onDismiss} />
    </div>
  );
}

/** What each type's editor starts (spec §3 campaign types), for the create menu. */
const CREATE_TYPE_HINTS: Partial<Record<CampaignType, string>> = {
  regular: 'Products designed in the editor',
  ai_mockup: 'Designs from your AI results',
  aop: 'Patterns printed all over the product',
  combo: 'Products sold together at one price',
  custom: 'Shown on your own product photos',
};

/**
 * Create campaign (spec §2 All Campaigns): the regular editor in one click, and in its menu
 * every campaign type's editor and the other ways in: express, templates, import.
 */
function CreateCampaignMenu() {
  const editors = [
    EDIT_ROUTE_TYPES[EDIT_ROUTE_TYPES.length - 1]!,
    ...EDIT_ROUTE_TYPES.slice(0, -1),
  ];
  return (
    <Dropdown as={ButtonGroup} align="end">
      <Link
        to={pagePath('campaign_edit')}
        className="btn btn-primary"
        data-tour="create-campaign-button"
      >
        Create campaign
      </Link>
      <Dropdown.Toggle split variant="primary" aria-label="More ways to create a campaign" />
      <Dropdown.Menu>
        <Dropdown.Header>Campaign type</Dropdown.Header>
        {editors.map((editor) => (
          <Dropdown.Item key={editor.type} as={Link} to={editor.prefix}>
            {editor.type === 'regular' ? 'Regular campaign' : editor.label}
            <small className="d-block text-body-secondary">{CREATE_TYPE_HINTS[editor.type]}</small>
          </Dropdown.Item>
        ))}
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to={pagePath('campaign_express')}>
          Express campaign
          <small className="d-block text-body-secondary">Launch from a template in one step</small>
        </Dropdown.Item>
        <Dropdown.Item as={Link} to={pagePath('campaign_template')}>
          Campaign templates
          <small className="d-block text-body-secondary">Reusable starting points</small>
        </Dropdown.Item>
        <Dropdown.Item as={Link} to={pagePath('campaigns_import')}>
          Import campaigns
          <small className="d-block text-body-secondary">From a campaign export file</small>
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

function campaignColumns(options: {
  baseUrl: string | undefined;
  utcOffset: number;
  working: boolean;
  onAction: ((action: CampaignRowAction, campaign: Campaign) => void) | undefined;
}): ListColumn<Campaign>[] {
  const column = listColumns<Campaign>();
  const { onAction } = options;
  return [
    column.display({
      id: 'thumb',
      header: () => <span className="visually-hidden">Thumbnail</span>,
      cell: ({ row }) => <Thumbnail campaign={row.original} />,
    }),
    column.accessor('name', {
      id: 'name',
      header: 'Campaign',
      cell: ({ row }) => (
        <>
          <Link
            to={campaignEditPath(row.original)}
            className="fw-semibold"
            data-testid="campaign-name"
          >
            {row.original.name}
          </Link>
          {row.original.collection ? (
            <small className="d-block text-body-secondary">{row.original.collection}</small>
          ) : null}
        </>
      ),
    }),
    column.accessor('status', {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    }),
    column.display({
      id: 'type',
      header: 'Type',
      cell: ({ row }) => (
        <span className="small">
          {PRODUCT_TYPE_LABELS[row.original.product_type]}
          <span className="d-block text-body-secondary">
            {CAMPAIGN_TYPE_LABELS[row.original.system_type]}
          </span>
        </span>
      ),
    }),
    column.display({
      id: 'created',
      header: 'Created',
      cell: ({ row }) => (
        <span className="small text-nowrap">
          {row.original.created_at ? userDate(row.original.created_at, options.utcOffset) : '—'}
        </span>
      ),
    }),
    column.display({
      id: 'storefront',
      header: 'Storefront',
      cell: ({ row }) => {
        const campaign = row.original;
        const storefront =
          options.baseUrl && campaign.slug
            ? absoluteProductUrl(campaign.slug, options.baseUrl)
            : undefined;
        return storefront ? (
          <a
            href={storefront}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="product-link"
            className="small"
          >
            View product
            <span className="visually-hidden"> {campaign.name} (opens in a new tab)</span>
          </a>
        ) : (
          <span className="small text-body-secondary">No link yet</span>
        );
      },
    }),
    ...(onAction ? [actionsColumn(onAction, options.working)] : []),
  ];
}

function actionsColumn(
  onAction: (action: CampaignRowAction, campaign: Campaign) => void,
  working: boolean,
): ListColumn<Campaign> {
  return listColumns<Campaign>().display({
    id: 'actions',
    header: () => <span className="visually-hidden">Actions</span>,
    cell: ({ row }) => (
      <RowActions
        name={row.original.name}
        disabled={working}
        items={rowActionsFor(row.original.status).map((action) => ({
          action,
          label: CAMPAIGN_ACTION_LABELS[action],
          danger: action === 'delete',
        }))}
        onAction={(action) => onAction(action, row.original)}
      />
    ),
  });
}

function Thumbnail({ campaign }: { campaign: Campaign }) {
  const image = campaign.thumb_url ?? campaign.artwork_url;
  const height = (SHOWN_THUMB_WIDTH * THUMB.h) / THUMB.w;
  return image ? (
    <img
      src={api.images.url(image, THUMB)}
      alt=""
      width={SHOWN_THUMB_WIDTH}
      height={height}
      loading="lazy"
      className="rounded border bg-body-tertiary object-fit-cover"
    />
  ) : (
    <div
      className="rounded border bg-body-tertiary"
      style={{ width: SHOWN_THUMB_WIDTH, height }}
      aria-hidden="true"
    />
  );
}

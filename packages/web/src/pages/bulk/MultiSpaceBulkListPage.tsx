import { type BulkMultiSpaceRow, MULTI_SPACE_TYPES } from '@printloom/core';
import { Link } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import {
  useMultiSpaceActions,
  useMultiSpaceActivity,
  useMultiSpaceList,
} from '../../api/hooks/useBulkMultiSpace.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { MULTI_SPACE_LIST_SPEC, multiSpaceApiQuery } from '../lists/listQuery.js';
import { useListQuery } from '../lists/useListQuery.js';
import { type BulkListItem, BulkListView, type BulkRowAction } from './BulkListView.js';
import { IMPORT_PATH } from './constants.js';

const TYPE_LABELS: Record<(typeof MULTI_SPACE_TYPES)[number], string> = {
  regular_multi_space: 'Regular',
  express_multi_space: 'Express',
};

/** Print spaces a row's designs name, e.g. 'front, back'; '' when unreadable. */
function printSpacesOf(designs: string | null): string {
  try {
    const list: unknown = JSON.parse(designs ?? '');
    if (!Array.isArray(list)) return '';
    const names = list.map((item) =>
      typeof item === 'object' && item && 'print_space' in item
        ? String((item as { print_space: unknown }).print_space)
        : 'main',
    );
    return `${list.length} design${list.length === 1 ? '' : 's'} (${names.join(', ')})`;
  } catch {
    return '';
  }
}

function itemOf(row: BulkMultiSpaceRow): BulkListItem {
  const designs = printSpacesOf(row.designs);
  return {
    id: row.id,
    status: row.status,
    name: row.campaign_name ?? `Row ${row.id}`,
    detail: (
      <>
        Job{' '}
        <Link to={`${IMPORT_PATH}/${row.template_campaign_id}?job=${row.bulk_id}`}>
          #{row.bulk_id}
        </Link>
        {designs ? ` · ${designs}` : ''}
      </>
    ),
    message: row.message,
    campaign_id: row.campaign_id,
    created_at: row.created_at,
  };
}

/** What a multi-space row of each status offers (the server's transitions, sql/bulk.ts). */
function actionsFor(status: string): readonly BulkRowAction[] {
  switch (status) {
    case 'pending':
    case 'processing':
      return ['stop', 'remove'];
    case 'stopped':
      return ['start', 'remove'];
    case 'failed':
      return ['retry', 'remove'];
    default:
      return ['remove'];
  }
}

/** The multi-print-spaces bulk list (spec §2 /bulk-campaigns/multi-print-spaces). */
export function MultiSpaceBulkListPage() {
  const user = useMe();
  const [state, update] = useListQuery(MULTI_SPACE_LIST_SPEC);
  const list = useMultiSpaceList(multiSpaceApiQuery(state));
  const actions = useMultiSpaceActions();
  const activity = useMultiSpaceActivity();
  return (
    <BulkListView
      title="Multi Print Spaces Bulk"
      noun="rows"
      headerActions={
        <Link to={IMPORT_PATH} className="btn btn-primary">
          Import artwork
        </Link>
      }
      extraFilters={
        <FilterSelect
          label="Type"
          allLabel="All types"
          value={state.type}
          options={MULTI_SPACE_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
          onChange={(type) => update({ type })}
        />
      }
      state={state}
      onChange={update}
      utcOffset={user?.utc_offset ?? 0}
      items={list.data?.data.map(itemOf)}
      page={list.data}
      isPending={list.isPending}
      isFetching={list.isFetching}
      error={list.error}
      onRefetch={() => void list.refetch()}
      actionsFor={actionsFor}
      actions={actions}
      live={(activity.data ?? 0) > 0}
      emptyHint={
        <>
          <p className="mb-3">No bulk rows yet. Import a folder or a CSV of artwork to start.</p>
          <Link to={IMPORT_PATH} className="btn btn-primary">
            Import artwork
          </Link>
        </>
      }
    />
  );
}

import type { BulkRegularRow } from '@printloom/core';
import { Link } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import {
  useRegularBulkActions,
  useRegularBulkActivity,
  useRegularBulkList,
} from '../../api/hooks/useBulkRegularJobs.js';
import { REGULAR_BULK_LIST_SPEC, regularBulkApiQuery } from '../lists/listQuery.js';
import { useListQuery } from '../lists/useListQuery.js';
import { type BulkListItem, BulkListView, type BulkRowAction } from './BulkListView.js';
import { MULTI_SPACE_LIST_PATH, REGULAR_IMPORT_PATH } from './constants.js';

function itemOf(row: BulkRegularRow): BulkListItem {
  const name = [row.prefix, row.campaign_name, row.suffix].filter(Boolean).join(' ');
  const detail = [
    row.template_campaign_id ? `From campaign #${row.template_campaign_id}` : null,
    row.collection ? `Collection ${row.collection}` : null,
    row.new_products > 0 ? `${row.new_products} products` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return {
    id: row.id,
    status: row.status,
    name,
    detail: detail || undefined,
    message: row.message,
    campaign_id: row.campaign_id,
    created_at: row.created_at,
  };
}

/**
 * What a regular job of each status offers (sql/bulkRegular.ts): a processing job whose tab
 * went away can be retried.
 */
function actionsFor(status: string): readonly BulkRowAction[] {
  switch (status) {
    case 'pending':
      return ['stop', 'remove'];
    case 'processing':
      return ['stop', 'retry', 'remove'];
    case 'stopped':
      return ['start', 'remove'];
    case 'failed':
      return ['retry', 'remove'];
    default:
      return ['remove'];
  }
}

/** Regular bulk jobs (spec §2 /bulk-campaigns): one campaign per artwork, made by workers. */
export function RegularBulkListPage() {
  const user = useMe();
  const [state, update] = useListQuery(REGULAR_BULK_LIST_SPEC);
  const list = useRegularBulkList(regularBulkApiQuery(state));
  const actions = useRegularBulkActions();
  const activity = useRegularBulkActivity();
  return (
    <BulkListView
      title="Bulk Campaigns"
      noun="jobs"
      headerActions={
        <>
          <Link to={MULTI_SPACE_LIST_PATH} className="btn btn-outline-primary">
            Multi print spaces
          </Link>
          <Link to={REGULAR_IMPORT_PATH} className="btn btn-primary" data-tour="bulk-import-button">
            Import artwork
          </Link>
        </>
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
          <p className="mb-3">
            No bulk jobs yet. Drop a folder or a CSV of artwork to launch one campaign per artwork
            from a template campaign.
          </p>
          <Link to={REGULAR_IMPORT_PATH} className="btn btn-primary" data-tour="bulk-import-button">
            Import artwork
          </Link>
        </>
      }
    />
  );
}

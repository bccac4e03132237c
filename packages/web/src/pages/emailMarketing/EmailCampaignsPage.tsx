import {
  API,
  EMAIL_CAMPAIGN_STATUSES,
  type EmailCampaign,
  pagePath,
  userDateTime,
} from '@printloom/core';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import { useDeleteEmailCampaign, useEmailCampaignList } from '../../api/hooks/useEmailCampaigns.js';
import { useStores } from '../../api/hooks/useStores.js';
import { ConfirmDialog } from '../../lists/ConfirmDialog.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { FormError } from '../auth/FormError.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { ListPagination } from '../lists/ListPagination.js';
import { usePageTitle } from '../usePageTitle.js';
import { CAMPAIGN_STATUS_BADGES, CAMPAIGN_STATUS_LABELS, rate } from './campaignLabels.js';

/**
 * Email Campaigns (`/email-marketing/campaigns`): the seller's campaigns, newest first, with
 * their status and stats; filters by store and status live in the address.
 */
export function EmailCampaignsPage() {
  const title = usePageTitle();
  const utcOffset = useMe()?.utc_offset ?? 0;
  const { query, raw, update } = useListUrlState(API.emailCampaigns.list.query);
  const list = useEmailCampaignList(query);
  const stores = useStores();
  const remove = useDeleteEmailCampaign();
  const [deleting, setDeleting] = useState<EmailCampaign | null>(null);
  const rows = list.data?.data ?? [];
  const filtered = query.store_id !== undefined || query.status !== undefined;
  const storeName = (id: number) =>
    stores.data?.find((store) => store.id === id)?.name ?? `Store #${id}`;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{title}</h1>
        <Link className="btn btn-primary" to={pagePath('email_campaign_new')}>
          New campaign
        </Link>
      </div>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <FilterSelect
          label="Store"
          value={raw.store_id ?? ''}
          options={(stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          allLabel="All stores"
          onChange={(value) => update({ store_id: value || undefined })}
        />
        <FilterSelect
          label="Status"
          value={raw.status ?? ''}
          options={EMAIL_CAMPAIGN_STATUSES.map((s) => ({
            value: s,
            label: CAMPAIGN_STATUS_LABELS[s],
          }))}
          allLabel="Any status"
          onChange={(value) => update({ status: value || undefined })}
        />
      </div>
      <ListLoadError error={list.error} onRetry={() => void list.refetch()} />
      <FormError error={remove.error} />
      {list.isPending ? <p aria-busy="true">Loading campaigns…</p> : null}
      {list.isSuccess && rows.length === 0 ? (
        <div className="text-center py-5" data-testid="list-empty">
          {filtered ? (
            <>
              <p>No campaigns match these filters.</p>
              <Button
                variant="outline-secondary"
                onClick={() => update({ store_id: undefined, status: undefined })}
              >
                Clear filters
              </Button>
            </>
          ) : (
            <>
              <p>No email campaign yet. Write one to the subscribers of a store.</p>
              <Link className="btn btn-primary" to={pagePath('email_campaign_new')}>
                Write your first campaign
              </Link>
            </>
          )}
        </div>
      ) : null}
      {rows.length > 0 ? (
        <div className="table-responsive" aria-busy={list.isFetching}>
          <Table className="align-middle" data-testid="email-campaigns">
            <thead>
              <tr>
                <th scope="col">Campaign</th>
                <th scope="col">Store</th>
                <th scope="col">Status</th>
                <th scope="col" className="text-end">
                  Delivered
                </th>
                <th scope="col" className="text-end">
                  Opened
                </th>
                <th scope="col" className="text-end">
                  Clicked
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id} data-testid="email-campaign">
                  <td>
                    <Link to={pagePath('email_campaign_view', { id: c.id })}>{c.name}</Link>
                    <div className="small text-body-secondary">{c.subject}</div>
                  </td>
                  <td>{storeName(c.store_id)}</td>
                  <td>
                    <Badge bg={CAMPAIGN_STATUS_BADGES[c.status]}>
                      {CAMPAIGN_STATUS_LABELS[c.status]}
                    </Badge>
                    {c.status === 'scheduled' && c.send_at ? (
                      <div className="small">{userDateTime(c.send_at, utcOffset)}</div>
                    ) : null}
                  </td>
                  <td className="text-end">{c.stats.delivered}</td>
                  <td className="text-end">{rate(c.stats.opened, c.stats.delivered)}</td>
                  <td className="text-end">{rate(c.stats.clicked, c.stats.delivered)}</td>
                  <td className="text-nowrap text-end">
                    {c.status === 'draft' || c.status === 'scheduled' ? (
                      <Link
                        className="btn btn-sm btn-outline-secondary me-1"
                        to={pagePath('email_campaign_edit', { id: c.id })}
                        aria-label={`Edit ${c.name}`}
                      >
                        Edit
                      </Link>
                    ) : null}
                    {c.status !== 'sending' ? (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        aria-label={`Delete ${c.name}`}
                        onClick={() => setDeleting(c)}
                      >
                        Delete
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
      {list.data && list.data.total > 0 ? (
        <ListPagination
          page={list.data.current_page}
          lastPage={list.data.last_page}
          total={list.data.total}
          from={list.data.from}
          to={list.data.to}
          noun="campaigns"
          onPage={(page) => update({ page: String(page) })}
        />
      ) : null}
      <ConfirmDialog
        show={deleting !== null}
        title="Delete this campaign?"
        confirmLabel="Delete campaign"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      >
        “{deleting?.name}” and its stats will be gone.
      </ConfirmDialog>
    </>
  );
}

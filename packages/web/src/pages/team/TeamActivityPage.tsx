import { API, type AuditLogEntry, pagePath, userDateTime } from '@printloom/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import { useAuditLog, useTeamMembers } from '../../api/hooks/useTeam.js';
import { DataTable, type ListColumn, listColumns } from '../../lists/DataTable.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { ListPagination } from '../lists/ListPagination.js';
import { TimeRangeFilter } from '../lists/TimeRangeFilter.js';
import { usePageTitle } from '../usePageTitle.js';

const FILTER_FIELDS = ['actor_id', 'time'] as const;

/** Named actions of the log in words; a request entry shows its method and route as recorded. */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  login: 'Signed in',
  login_as_seller: 'Support signed in as the account',
  switch_account: 'Switched to this account',
  switch_back_account: 'Switched back to their own account',
  team_invite: 'Invited a team member',
  team_invite_resend: 'Resent an invitation',
  team_invite_revoke: 'Revoked an invitation',
  team_invite_accept: 'Accepted the invitation',
  team_member_update: "Changed a member's permissions or stores",
  team_member_remove: 'Removed a team member',
  tfa_confirm: 'Turned on two-factor authentication',
  tfa_disable: 'Turned off two-factor authentication',
  password_reset: 'Reset the password',
};

const KIND_LABELS: Record<AuditLogEntry['actor_kind'], string> = {
  owner: 'Owner',
  member: 'Team member',
  support: 'Support',
};

/**
 * The account's audit log for its owner (issue 15): who acted for the account — the owner, a
 * team member, support signed in as the seller — what (a named action, or the method and route
 * of a change) and when, in the seller's utc_offset. Filters: one person, a date range.
 * Read-only: nothing here changes the log.
 */
export function TeamActivityPage() {
  const title = usePageTitle();
  const utcOffset = useMe()?.utc_offset ?? 0;
  const { query, raw, update } = useListUrlState(API.team.auditLog.query);
  const list = useAuditLog(query);
  const members = useTeamMembers();
  const page = list.data;
  const rows = page?.data ?? [];
  const filtered = FILTER_FIELDS.some((field) => raw[field] !== undefined);
  const columns = useMemo(() => activityColumns(utcOffset), [utcOffset]);
  const people = (members.data ?? []).map((m) => ({
    value: String(m.member_id),
    label: `${m.name} (${m.role})`,
  }));

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        <Link className="btn btn-outline-secondary" to={pagePath('team')}>
          Back to the team
        </Link>
      </div>
      <p className="text-body-secondary">
        Everything your team members and support did while acting for this account, and the team's
        own changes. Times are in your time zone (UTC{utcOffset >= 0 ? '+' : ''}
        {utcOffset}).
      </p>
      <search className="d-flex flex-wrap gap-2 align-items-start mb-3" aria-label="Filters">
        <FilterSelect
          label="Person"
          allLabel="Everyone"
          value={raw.actor_id ?? ''}
          options={people}
          onChange={(actor) => update({ actor_id: actor || undefined })}
        />
        <TimeRangeFilter
          value={{ time: raw.time ?? '', from: raw.from ?? '', to: raw.to ?? '' }}
          utcOffset={utcOffset}
          onChange={(time) => update({ time: time.time, from: time.from, to: time.to })}
        />
      </search>

      <ListLoadError error={list.error} onRetry={() => void list.refetch()} />

      <DataTable
        caption="Team activity"
        columns={columns}
        rows={rows}
        rowId={(row) => row.id}
        loading={list.isPending}
        busy={list.isFetching}
        rowProps={() => ({ 'data-testid': 'activity-row' })}
      />

      {page && rows.length === 0 ? (
        <div className="text-center py-5" data-testid="list-empty">
          {filtered ? (
            <>
              <p className="mb-3">No activity matches these filters.</p>
              <Link to={pagePath('team_activity')} className="btn btn-outline-secondary">
                Clear filters
              </Link>
            </>
          ) : (
            <p className="mb-0">No activity yet. Changes your team makes will show here.</p>
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
          noun="entries"
          onPage={(next) => update({ page: next })}
        />
      ) : null}
    </>
  );
}

function activityColumns(utcOffset: number): ListColumn<AuditLogEntry>[] {
  const column = listColumns<AuditLogEntry>();
  return [
    column.display({
      id: 'when',
      header: 'When',
      cell: ({ row }) => (
        <time dateTime={row.original.created_at}>
          {userDateTime(row.original.created_at, utcOffset)}
        </time>
      ),
    }),
    column.display({
      id: 'who',
      header: 'Who',
      cell: ({ row }) => (
        <>
          {row.original.actor_name ?? 'A deleted account'}
          <small className="d-block text-body-secondary">
            {KIND_LABELS[row.original.actor_kind]}
            {row.original.actor_email ? ` · ${row.original.actor_email}` : ''}
          </small>
        </>
      ),
    }),
    column.display({
      id: 'for',
      header: 'For',
      cell: ({ row }) => row.original.seller_name,
    }),
    column.display({
      id: 'what',
      header: 'What',
      cell: ({ row }) => {
        const label = ACTION_LABELS[row.original.action];
        return label ? label : <code className="small">{row.original.action}</code>;
      },
    }),
  ];
}

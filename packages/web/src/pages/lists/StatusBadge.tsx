import Badge from 'react-bootstrap/Badge';

/** How each status of campaigns (spec §3 entity status) and bulk rows (bulk job status) reads. */
export const STATUS_LOOK: Readonly<Record<string, { label: string; bg: string; text?: string }>> = {
  draft: { label: 'Draft', bg: 'secondary' },
  active: { label: 'Active', bg: 'success' },
  inactive: { label: 'Inactive', bg: 'light', text: 'dark' },
  reviewing: { label: 'Reviewing', bg: 'info', text: 'dark' },
  blocked: { label: 'Blocked', bg: 'danger' },
  pending: { label: 'Pending', bg: 'secondary' },
  processing: { label: 'Processing', bg: 'primary' },
  completed: { label: 'Processed', bg: 'success' },
  failed: { label: 'Failed', bg: 'danger' },
  stopped: { label: 'Stopped', bg: 'warning', text: 'dark' },
  duplicate: { label: 'Duplicate', bg: 'light', text: 'dark' },
  save_design: { label: 'Saving design', bg: 'info', text: 'dark' },
};

export function statusLabel(status: string): string {
  return STATUS_LOOK[status]?.label ?? status;
}

export function StatusBadge({ status }: { status: string }) {
  const look = STATUS_LOOK[status] ?? { label: status, bg: 'secondary' };
  return (
    <Badge bg={look.bg} text={look.text as 'dark' | undefined} data-status={status}>
      {look.label}
    </Badge>
  );
}

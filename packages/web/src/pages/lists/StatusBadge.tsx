import { BULK_JOB_STATUS_LABELS as BULK } from '@printloom/core';
import Badge from 'react-bootstrap/Badge';

/**
 * How each status of campaigns (spec §3 entity status) and bulk rows (bulk job status) reads.
 * Bulk labels come from core, so the CLI's tables use the same words.
 */
export const STATUS_LOOK: Readonly<Record<string, { label: string; bg: string; text?: string }>> = {
  draft: { label: 'Draft', bg: 'secondary' },
  active: { label: 'Active', bg: 'success' },
  inactive: { label: 'Inactive', bg: 'light', text: 'dark' },
  reviewing: { label: 'Reviewing', bg: 'info', text: 'dark' },
  blocked: { label: 'Blocked', bg: 'danger' },
  pending: { label: BULK.pending, bg: 'secondary' },
  processing: { label: BULK.processing, bg: 'primary' },
  completed: { label: BULK.completed, bg: 'success' },
  failed: { label: BULK.failed, bg: 'danger' },
  stopped: { label: BULK.stopped, bg: 'warning', text: 'dark' },
  duplicate: { label: BULK.duplicate, bg: 'light', text: 'dark' },
  save_design: { label: BULK.save_design, bg: 'info', text: 'dark' },
  // Transactions, payouts and payment accounts (spec §3).
  'on hold': { label: 'On hold', bg: 'warning', text: 'dark' },
  cancelled: { label: 'Cancelled', bg: 'light', text: 'dark' },
  new: { label: 'Being checked', bg: 'info', text: 'dark' },
  valid: { label: 'Verified', bg: 'success' },
  // Payment of fulfillment orders (spec §3 payment status).
  unpaid: { label: 'Unpaid', bg: 'warning', text: 'dark' },
  paid: { label: 'Paid', bg: 'success' },
  invalid: { label: 'Invalid', bg: 'danger' },
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

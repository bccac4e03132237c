import {
  FULFILLMENT_STATUSES,
  formatCurrency,
  ORDER_STATUSES,
  ORDER_TYPES,
  PAYMENT_STATUSES,
  type SellerOrderAction,
  toMajor,
} from '@printloom/core';
import Badge from 'react-bootstrap/Badge';

/** A status word as people read it: 'partial_fulfilled' → 'Partial fulfilled'. */
export function orderWord(value: string): string {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const BADGE_COLOURS: Readonly<Record<string, { bg: string; text?: 'dark' }>> = {
  processing: { bg: 'primary' },
  completed: { bg: 'success' },
  fulfilled: { bg: 'success' },
  paid: { bg: 'success' },
  partial_fulfilled: { bg: 'info', text: 'dark' },
  partially_paid: { bg: 'info', text: 'dark' },
  on_hold: { bg: 'warning', text: 'dark' },
  designing: { bg: 'info', text: 'dark' },
  cancelled: { bg: 'danger' },
  canceled: { bg: 'danger' },
  refunded: { bg: 'dark' },
  failed: { bg: 'danger' },
  invalid: { bg: 'danger' },
};

/** A status of an order, its payment, its fulfillment or a line, as a coloured badge. */
export function OrderBadge({ status, testId }: { status: string; testId?: string }) {
  const look = BADGE_COLOURS[status] ?? { bg: 'secondary' };
  return (
    <Badge bg={look.bg} text={look.text} data-status={status} data-testid={testId}>
      {orderWord(status)}
    </Badge>
  );
}

export const options = (values: readonly string[]) =>
  values.map((value) => ({ value, label: orderWord(value) }));

export const ORDER_STATUS_OPTIONS = options(ORDER_STATUSES);
export const PAYMENT_STATUS_OPTIONS = options(PAYMENT_STATUSES);
export const FULFILLMENT_STATUS_OPTIONS = options(FULFILLMENT_STATUSES);
export const ORDER_TYPE_OPTIONS = options(ORDER_TYPES);

export const ORDER_SORTS = [
  { value: 'id:desc', label: 'Newest first' },
  { value: 'id:asc', label: 'Oldest first' },
  { value: 'total:desc', label: 'Highest total' },
  { value: 'total:asc', label: 'Lowest total' },
] as const;

export const ORDER_ACTION_LABELS: Readonly<Record<SellerOrderAction, string>> = {
  hold: 'Hold',
  resume: 'Resume',
  cancel: 'Cancel and refund',
  request_reprint: 'Request re-print',
};

/** Minor units of `currency` as the dashboard shows money (spec §5). */
export function money(minor: number, currency: string): string {
  return formatCurrency(toMajor(minor), currency);
}

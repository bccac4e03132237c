import { BULK_JOB_STATUSES, type BulkJobStatus } from '../enums/catalog.js';

/**
 * How each bulk row or job status reads, wherever it is shown: the dashboard's badges and the
 * CLI's tables say the same words ('completed' reads Processed, as the spec's list does).
 */
export const BULK_JOB_STATUS_LABELS: Readonly<Record<BulkJobStatus, string>> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Processed',
  failed: 'Failed',
  stopped: 'Stopped',
  duplicate: 'Duplicate',
  save_design: 'Saving design',
};

export function bulkStatusLabel(status: string): string {
  return (BULK_JOB_STATUS_LABELS as Readonly<Record<string, string>>)[status] ?? status;
}

const normalised = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * A status typed by a person, by its name or its label in any case ('processed', 'Saving
 * design', 'save_design'); undefined when it is neither.
 */
export function parseBulkStatus(text: string): BulkJobStatus | undefined {
  const wanted = normalised(text);
  return BULK_JOB_STATUSES.find(
    (status) => status === wanted || normalised(BULK_JOB_STATUS_LABELS[status]) === wanted,
  );
}

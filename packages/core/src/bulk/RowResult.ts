import { z } from 'zod';
import { BulkJobStatus } from '../enums/catalog.js';
import { ProcessedDesign, ProcessedMockup } from './ProcessedResult.js';

/** Who processed a row: the worker's device, tab/process session and address (spec §7). */
const workerFields = {
  deviceId: z.string().default(''),
  sessionId: z.string().default(''),
  ipAddress: z.string().default(''),
  /** The lease token the claim returned; a stale or foreign one gets 409. */
  leaseToken: z.string().min(1, 'leaseToken is required'),
};

/** `POST bulk-v3/save-processed-row` (spec §7). */
export const SaveProcessedRowBody = z.object({
  id: z.number().int().positive(),
  designs: z.array(ProcessedDesign).min(1, 'Invalid design'),
  designs3D: z.array(ProcessedMockup).min(1, 'Invalid design'),
  ...workerFields,
});
export type SaveProcessedRowBody = z.infer<typeof SaveProcessedRowBody>;
export type SaveProcessedRowBodyInput = z.input<typeof SaveProcessedRowBody>;

/** `POST bulk-v3/mark-row-invalid` (spec §7): `message` is the validator's message. */
export const MarkRowInvalidBody = z.object({
  id: z.number().int().positive(),
  message: z.string().trim().min(1).max(1000),
  ...workerFields,
});
export type MarkRowInvalidBody = z.infer<typeof MarkRowInvalidBody>;
export type MarkRowInvalidBodyInput = z.input<typeof MarkRowInvalidBody>;

/** What both calls answer: the row's id, status and, once saved, its campaign. */
export const RowResultAnswer = z.object({
  id: z.number().int().positive(),
  status: BulkJobStatus,
  campaign_id: z.number().int().positive().nullable().optional(),
});
export type RowResultAnswer = z.infer<typeof RowResultAnswer>;

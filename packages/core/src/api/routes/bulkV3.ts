import { z } from 'zod';
import {
  BulkAllAnswer,
  BulkAllBody,
  BulkJobSummary,
  BulkMultiSpaceListQuery,
  BulkMultiSpaceRow,
  BulkRemoveAnswer,
  BulkRowIdBody,
  BulkRowIdsBody,
  CreateBulkJobAnswer,
  CreateBulkJobBody,
} from '../../bulk/BulkMultiSpaceList.js';
import {
  PendingBulkQuery,
  PendingBulkRecord,
  TemplateCampaign,
} from '../../bulk/PendingBulkRecord.js';
import { ReleaseLeaseAnswer, ReleaseLeaseBody } from '../../bulk/ReleaseLease.js';
import { MarkRowInvalidBody, RowResultAnswer, SaveProcessedRowBody } from '../../bulk/RowResult.js';
import { IdParams } from '../catalogSchemas.js';
import { cappedPaginated } from '../pagination.js';
import { route } from './RouteContract.js';

const tags = ['bulk-v3'] as const;
/** Pulling and changing bulk rows: update_campaign, and never designers (spec §6). */
const worker = { tags, permission: 'update_campaign', notForDesigners: true } as const;
const reader = { tags, permission: 'get_campaigns', notForDesigners: true } as const;

/**
 * Multi-space bulk jobs (spec §3, §4, §7). `pending` claims rows as leases; each claimed row
 * carries `lease_token`, which `saveProcessedRow` and `markRowInvalid` send back
 * (`leaseToken`), and `release` gives back when the worker stops without a result. A stale or
 * foreign token gets 409 and changes nothing.
 */
export const bulkV3 = {
  createJob: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk-v3/jobs',
    summary: 'Create a multi-space bulk job from a template campaign and rows',
    body: CreateBulkJobBody,
    uploadRefs: true,
    response: CreateBulkJobAnswer,
    errors: [404],
  }),
  job: route({
    ...reader,
    method: 'GET',
    path: '/seller/campaign/bulk-v3/jobs/:id',
    summary: 'A multi-space bulk job with its row count per status',
    params: IdParams,
    response: BulkJobSummary,
    errors: [404],
  }),
  rows: route({
    ...reader,
    method: 'GET',
    path: '/seller/campaign/bulk-v3/campaigns',
    summary: 'Bulk multi-space rows (list query of spec §3)',
    query: BulkMultiSpaceListQuery,
    response: cappedPaginated(BulkMultiSpaceRow),
  }),
  pending: route({
    ...worker,
    method: 'GET',
    path: '/seller/campaign/bulk-v3/pending',
    changesState: true,
    summary: 'Claim up to `take` rows as leases (FOR UPDATE SKIP LOCKED)',
    query: PendingBulkQuery,
    response: z.array(PendingBulkRecord),
  }),
  origin: route({
    ...worker,
    method: 'GET',
    path: '/seller/campaign/bulk-v3/origin/:id',
    summary: 'The template campaign of a bulk job, with products',
    params: IdParams,
    response: TemplateCampaign,
    errors: [404],
  }),
  saveProcessedRow: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk-v3/save-processed-row',
    summary: 'Save a processed row: campaign, designs and mockups in one transaction',
    body: SaveProcessedRowBody,
    uploadRefs: true,
    response: RowResultAnswer,
    errors: [404, 409, 422],
  }),
  markRowInvalid: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk-v3/mark-row-invalid',
    summary: 'Mark a leased row failed with the validator message',
    body: MarkRowInvalidBody,
    response: RowResultAnswer,
    errors: [404, 409],
  }),
  release: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk-v3/release',
    summary: 'Give a claimed row back to the queue (the worker stopped without a result)',
    body: ReleaseLeaseBody,
    response: ReleaseLeaseAnswer,
    errors: [404, 409],
  }),
  retry: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk-v3/retry',
    summary: 'Put a failed or stopped row back in the queue',
    body: BulkRowIdBody,
    response: BulkMultiSpaceRow,
    errors: [404, 409],
  }),
  remove: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk-v3/remove',
    summary: 'Remove rows',
    body: BulkRowIdsBody,
    response: BulkRemoveAnswer,
  }),
  start: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk-v3/start',
    summary: 'Start stopped rows',
    body: BulkRowIdsBody,
    response: z.array(BulkMultiSpaceRow),
  }),
  stop: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk-v3/stop',
    summary: 'Stop pending or processing rows (their leases end)',
    body: BulkRowIdsBody,
    response: z.array(BulkMultiSpaceRow),
  }),
  startAll: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk-v3/start-all',
    summary: 'Start every stopped row',
    body: BulkAllBody.nullish(),
    response: BulkAllAnswer,
  }),
  stopAll: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk-v3/stop-all',
    summary: 'Stop every pending or processing row',
    body: BulkAllBody.nullish(),
    response: BulkAllAnswer,
  }),
} as const;

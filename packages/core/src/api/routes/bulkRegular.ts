import { z } from 'zod';
import {
  BulkAllAnswer,
  BulkRemoveAnswer,
  BulkRowIdBody,
  BulkRowIdsBody,
} from '../../bulk/BulkMultiSpaceList.js';
import {
  BulkCreateCampaignAnswer,
  BulkCreateCampaignBody,
  BulkLogBody,
  BulkRegularListQuery,
  BulkRegularRow,
  BulkSaveDesignsBody,
  CreateBulkRegularJobsAnswer,
  CreateBulkRegularJobsBody,
  NextJobAnswer,
  NextJobQuery,
} from '../../bulk/BulkRegularJob.js';
import { ReleaseLeaseAnswer, ReleaseLeaseBody } from '../../bulk/ReleaseLease.js';
import { DoneAnswer } from '../authSchemas.js';
import { cappedPaginated } from '../pagination.js';
import { route } from './RouteContract.js';

const tags = ['bulk-regular'] as const;
/** Pulling and changing bulk jobs: update_campaign, and never designers (spec §6). */
const worker = { tags, permission: 'update_campaign', notForDesigners: true } as const;

/**
 * Regular bulk jobs (spec §4 Bulk regular-campaign worker, §8 server reasons): `nextJob` hands
 * a pending job to the asking tab, `createCampaign` makes its campaign, `saveDesigns`
 * completes it. The job handed out carries `lease_token`; `release` gives it back when the tab
 * stops without finishing it (a stale or foreign token gets 409 and changes nothing).
 */
export const bulkRegular = {
  nextJob: route({
    ...worker,
    method: 'GET',
    path: '/seller/campaign/bulk/next-job',
    changesState: true,
    summary: 'The next regular bulk job for this tab, or why there is none',
    query: NextJobQuery,
    response: NextJobAnswer,
  }),
  createCampaign: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk/create-campaign',
    summary: "Create a regular bulk job's campaign from its template campaign",
    body: BulkCreateCampaignBody,
    uploadRefs: true,
    response: BulkCreateCampaignAnswer,
    errors: [404],
  }),
  log: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk/log',
    summary: 'A worker message about a regular bulk job',
    body: BulkLogBody,
    response: DoneAnswer,
    errors: [404],
  }),
  saveDesigns: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk/save-designs',
    summary: "Save a regular bulk job's designs and mockups; completes the job",
    body: BulkSaveDesignsBody,
    uploadRefs: true,
    response: DoneAnswer,
    errors: [404, 422],
  }),
  release: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk/release',
    summary: 'Give a regular bulk job back to the queue (the tab stopped without finishing it)',
    body: ReleaseLeaseBody,
    response: ReleaseLeaseAnswer,
    errors: [404, 409],
  }),
  jobs: route({
    ...worker,
    permission: 'get_campaigns',
    method: 'GET',
    path: '/seller/campaign/bulk/jobs',
    summary: 'Regular bulk jobs (bulk list query of spec §3, without type)',
    query: BulkRegularListQuery,
    response: cappedPaginated(BulkRegularRow),
  }),
  createJobs: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk/jobs',
    summary: 'Create regular bulk jobs: one campaign per artwork from a template campaign',
    body: CreateBulkRegularJobsBody,
    uploadRefs: true,
    response: CreateBulkRegularJobsAnswer,
    errors: [404],
  }),
  retry: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk/retry',
    summary: 'Put a failed, stopped or abandoned processing job back in the queue',
    body: BulkRowIdBody,
    response: BulkRegularRow,
    errors: [404, 409],
  }),
  remove: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk/remove',
    summary: 'Remove regular bulk jobs',
    body: BulkRowIdsBody,
    response: BulkRemoveAnswer,
  }),
  start: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk/start',
    summary: 'Start stopped regular jobs',
    body: BulkRowIdsBody,
    response: z.array(BulkRegularRow),
  }),
  stop: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk/stop',
    summary: 'Stop pending or processing jobs',
    body: BulkRowIdsBody,
    response: z.array(BulkRegularRow),
  }),
  startAll: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk/start-all',
    summary: 'Start every stopped regular job',
    response: BulkAllAnswer,
  }),
  stopAll: route({
    ...worker,
    method: 'POST',
    path: '/seller/campaign/bulk/stop-all',
    summary: 'Stop every pending or processing regular job',
    response: BulkAllAnswer,
  }),
} as const;

import { z } from 'zod';
import {
  CreateCustomMockupJobBody,
  CustomMockupJob,
  RetryCustomMockupRowsBody,
} from '../../bulk/BulkCustomMockup.js';
import { IdParams } from '../catalogSchemas.js';
import { route } from './RouteContract.js';

const tags = ['bulk-custom-mockup'] as const;

/**
 * Bulk custom mockup (spec §2 /bulk-campaigns/custom/mockup/{id?}): one of the seller's custom
 * mockups drawn with many campaigns' designs by the server's background worker. Starting and
 * retrying need update_campaign and are not for designers, as bulk jobs are; reading needs
 * get_campaigns.
 */
export const bulkCustomMockup = {
  create: route({
    method: 'POST',
    path: '/seller/campaign/bulk/custom-mockup',
    summary: 'Draw one custom mockup with the design of each chosen campaign',
    tags,
    permission: 'update_campaign',
    notForDesigners: true,
    body: CreateCustomMockupJobBody,
    response: CustomMockupJob,
    errors: [404, 422],
  }),
  list: route({
    method: 'GET',
    path: '/seller/campaign/bulk/custom-mockup',
    summary: 'The seller’s newest bulk custom mockup jobs (rows left out)',
    tags,
    permission: 'get_campaigns',
    response: z.array(CustomMockupJob),
  }),
  get: route({
    method: 'GET',
    path: '/seller/campaign/bulk/custom-mockup/:id',
    summary: 'One bulk custom mockup job with its rows',
    tags,
    permission: 'get_campaigns',
    params: IdParams,
    response: CustomMockupJob,
    errors: [404],
  }),
  retry: route({
    method: 'POST',
    path: '/seller/campaign/bulk/custom-mockup/:id/retry',
    summary: 'Queue failed rows of a job again (all of them without row_ids)',
    tags,
    permission: 'update_campaign',
    notForDesigners: true,
    params: IdParams,
    body: RetryCustomMockupRowsBody,
    response: CustomMockupJob,
    errors: [404, 409],
  }),
} as const;

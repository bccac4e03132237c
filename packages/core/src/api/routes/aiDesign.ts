import { AiJob, AiJobBody, AiJobListQuery } from '../../aiDesign/aiDesign.js';
import { IdParams } from '../catalogSchemas.js';
import { paginated } from '../pagination.js';
import { route } from './RouteContract.js';

const tags = ['aiDesign'] as const;
const tag = ['beta'] as const;
const tagMessage = 'AI design tools are in beta: ask support to join.';

/**
 * AI design tools (spec §2 /ai-design, /ai-design/history; beta only): background removal and
 * upscaling of one of the seller's uploads, run as a background job whose progress the page
 * polls. Making designs is campaign work, so every call needs update_campaign, as the pages do.
 * Another seller's job or upload is 404.
 */
export const aiDesign = {
  create: route({
    method: 'POST',
    path: '/seller/ai-design/jobs',
    summary: 'Start a tool on one of the seller’s uploads; the job runs in the background',
    tags,
    permission: 'update_campaign',
    tag,
    tagMessage,
    body: AiJobBody,
    uploadRefs: true,
    response: AiJob,
    errors: [403, 404, 422],
  }),
  list: route({
    method: 'GET',
    path: '/seller/ai-design/jobs',
    summary: 'The seller’s tool runs, newest first: inputs, outputs, tool, times and status',
    tags,
    permission: 'update_campaign',
    tag,
    tagMessage,
    query: AiJobListQuery,
    response: paginated(AiJob),
    errors: [403],
  }),
  get: route({
    method: 'GET',
    path: '/seller/ai-design/jobs/:id',
    summary: 'One tool run with its progress',
    tags,
    permission: 'update_campaign',
    tag,
    tagMessage,
    params: IdParams,
    response: AiJob,
    errors: [403, 404],
  }),
} as const;

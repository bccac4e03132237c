import {
  ExpressLaunch,
  ExpressLaunchBody,
  ExpressListQuery,
} from '../../campaign/CampaignExpress.js';
import { IdParams } from '../catalogSchemas.js';
import { cappedPaginated } from '../pagination.js';
import { route } from './RouteContract.js';

const tags = ['campaign-express'] as const;

/**
 * Campaign express (spec §2 `/campaigns/express/*`): a template and an artwork become a
 * launched campaign in one step. The launch is a regular bulk job of one row (the bulk workers
 * draw it), so starting needs update_campaign and is not for designers, as bulk jobs are.
 */
export const campaignExpress = {
  launch: route({
    method: 'POST',
    path: '/seller/campaign/express',
    summary: 'Launch a campaign from a template and an artwork: queued, drawn, then put on sale',
    description:
      'Answers 404 when the source is not one of the seller’s campaigns, 409 when the slug is taken, 422 when the artwork is not a usable image of the seller’s uploads.',
    tags,
    permission: 'update_campaign',
    notForDesigners: true,
    body: ExpressLaunchBody,
    uploadRefs: true,
    response: ExpressLaunch,
    errors: [404, 409, 422],
  }),
  list: route({
    method: 'GET',
    path: '/seller/campaign/express',
    summary: 'The seller’s express launches, newest first',
    tags,
    permission: 'get_campaigns',
    query: ExpressListQuery,
    response: cappedPaginated(ExpressLaunch),
  }),
  get: route({
    method: 'GET',
    path: '/seller/campaign/express/:id',
    summary: 'One express launch and where it stands',
    tags,
    permission: 'get_campaigns',
    params: IdParams,
    response: ExpressLaunch,
    errors: [404],
  }),
  retry: route({
    method: 'POST',
    path: '/seller/campaign/express/:id/retry',
    summary: 'Queue a failed or stopped express launch again',
    tags,
    permission: 'update_campaign',
    notForDesigners: true,
    params: IdParams,
    response: ExpressLaunch,
    errors: [404, 409],
  }),
} as const;

import { z } from 'zod';
import { Campaign, CampaignCreateBody, CampaignUpdateBody } from '../../campaign/Campaign.js';
import { CampaignListQuery } from '../../campaign/CampaignListQuery.js';
import { Store } from '../../store/storeState.js';
import { IdParams } from '../catalogSchemas.js';
import { paginated } from '../pagination.js';
import { route } from './RouteContract.js';

const tags = ['campaigns'] as const;

/** The seller's campaigns (spec §3 Campaign) and the stores they are sold in. */
export const campaigns = {
  stores: route({
    method: 'GET',
    path: '/seller/stores',
    summary: "The seller's stores, oldest first (the first is the current store)",
    tags,
    permission: 'get_campaigns',
    response: z.array(Store),
  }),
  list: route({
    method: 'GET',
    path: '/seller/campaign',
    summary: 'Campaign list',
    tags,
    permission: 'get_campaigns',
    query: CampaignListQuery,
    response: paginated(Campaign),
  }),
  create: route({
    method: 'POST',
    path: '/seller/campaign',
    summary: 'Create a campaign from product templates',
    tags,
    permission: 'update_campaign',
    body: CampaignCreateBody,
    uploadRefs: true,
    response: Campaign,
    errors: [404, 422],
  }),
  get: route({
    method: 'GET',
    path: '/seller/campaign/:id',
    summary: 'A campaign with products, designs and mockups',
    tags,
    permission: 'get_campaigns',
    params: IdParams,
    response: Campaign,
    errors: [404],
  }),
  update: route({
    method: 'PUT',
    path: '/seller/campaign/:id',
    summary: 'Update a campaign',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    body: CampaignUpdateBody,
    uploadRefs: true,
    response: Campaign,
    errors: [404, 422],
  }),
} as const;

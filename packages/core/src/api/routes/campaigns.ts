import { Campaign, CampaignCreateBody, CampaignUpdateBody } from '../../campaign/Campaign.js';
import {
  CampaignBulkActionAnswer,
  CampaignBulkActionBody,
  CampaignDeletedAnswer,
} from '../../campaign/CampaignActions.js';
import { CampaignListQuery } from '../../campaign/CampaignListQuery.js';
import { IdParams } from '../catalogSchemas.js';
import { cappedPaginated } from '../pagination.js';
import { route } from './RouteContract.js';

const tags = ['campaigns'] as const;

/** The seller's campaigns (spec §3 Campaign); the stores they are listed in are in `stores`. */
export const campaigns = {
  list: route({
    method: 'GET',
    path: '/seller/campaign',
    summary: 'Campaign list',
    tags,
    permission: 'get_campaigns',
    query: CampaignListQuery,
    response: cappedPaginated(Campaign),
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
  launch: route({
    method: 'POST',
    path: '/seller/campaign/:id/launch',
    summary: 'Launch a campaign: it goes on sale (every product needs a design)',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    response: Campaign,
    errors: [404, 409, 422],
  }),
  deactivate: route({
    method: 'POST',
    path: '/seller/campaign/:id/deactivate',
    summary: 'Deactivate a campaign: it stops selling and keeps its products and designs',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    response: Campaign,
    errors: [404, 409],
  }),
  duplicate: route({
    method: 'POST',
    path: '/seller/campaign/:id/duplicate',
    summary: 'Copy a campaign with its products, prices, designs and mockups into a new draft',
    description:
      'The copy is named "<name> (copy)" and gets a slug no other campaign of the seller has.',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    response: Campaign,
    errors: [404],
  }),
  remove: route({
    method: 'DELETE',
    path: '/seller/campaign/:id',
    summary: 'Delete a campaign (it disappears from every list; its history is kept)',
    description:
      'Refused with 409 while the campaign is the template of a bulk job that still has rows to make.',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    response: CampaignDeletedAnswer,
    errors: [404, 409],
  }),
  bulkAction: route({
    method: 'POST',
    path: '/seller/campaign/bulk-action',
    summary: 'Deactivate, delete or launch several campaigns; one result per id',
    description:
      'Each id is handled on its own: a campaign that cannot take the action is reported in its result and the others go on.',
    tags,
    permission: 'update_campaign',
    body: CampaignBulkActionBody,
    response: CampaignBulkActionAnswer,
  }),
} as const;

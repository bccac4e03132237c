import { Campaign } from '../../campaign/Campaign.js';
import { SaveAsTemplateBody, UseTemplateBody } from '../../campaign/CampaignTemplate.js';
import { IdParams } from '../catalogSchemas.js';
import { route } from './RouteContract.js';

const tags = ['campaign-templates'] as const;

/**
 * Template campaigns (spec §3 product_type campaign_template): reusable starting points. The
 * list is the campaign list with `product_type=campaign_template`; a template is read and
 * edited with the campaign routes.
 */
export const campaignTemplates = {
  saveAsTemplate: route({
    method: 'POST',
    path: '/seller/campaign/:id/save-as-template',
    summary: 'Save a campaign as a template: products, colours, prices, designs and mockups',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    body: SaveAsTemplateBody,
    response: Campaign,
    errors: [404],
  }),
  startFromTemplate: route({
    method: 'POST',
    path: '/seller/campaign/template/:id/use',
    summary: 'Start a draft campaign from a template, copying its products, prices and design',
    description: 'Answers 404 when the id is not one of the seller’s templates.',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    body: UseTemplateBody,
    response: Campaign,
    errors: [404],
  }),
} as const;

import {
  CampaignExport,
  CampaignExportQuery,
  CampaignImportAnswer,
  CampaignImportBody,
} from '../../campaign/CampaignExport.js';
import { IdParams } from '../catalogSchemas.js';
import { route } from './RouteContract.js';

const tags = ['campaign-import'] as const;

/**
 * Campaign export and import (spec §2 /campaigns/import): a JSON file of campaigns with their
 * products, colours, prices, designs and mockups, read back as draft campaigns.
 */
export const campaignImport = {
  exportList: route({
    method: 'GET',
    path: '/seller/campaign/export',
    summary: 'Export campaigns as JSON: the named ids, or the newest 500',
    tags,
    permission: 'get_campaigns',
    query: CampaignExportQuery,
    response: CampaignExport,
  }),
  exportOne: route({
    method: 'GET',
    path: '/seller/campaign/:id/export',
    summary: 'Export one campaign as JSON',
    tags,
    permission: 'get_campaigns',
    params: IdParams,
    response: CampaignExport,
    errors: [404],
  }),
  import: route({
    method: 'POST',
    path: '/seller/campaign/import',
    summary: 'Import a campaign export as draft campaigns; one result per campaign',
    description:
      'A campaign whose source_id was imported before into this account is skipped, so importing a file twice makes no duplicates.',
    tags,
    permission: 'update_campaign',
    body: CampaignImportBody,
    response: CampaignImportAnswer,
  }),
} as const;

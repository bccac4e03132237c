import type { LazyRouteFunction, RouteObject } from 'react-router';
import type { GuardName } from './guards.js';

/**
 * Campaign, bulk-campaign and editor routes of spec §2. Each is a lazy chunk; until its page
 * exists it loads the "coming soon" page. Replace `lazy` with the page module to build one.
 */
export interface LazyPageRoute {
  path: string;
  title: string;
  guards?: readonly GuardName[];
  lazy: LazyRouteFunction<RouteObject>;
}

const comingSoon: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('../pages/ComingSoonPage.js')).ComingSoonPage,
});

/** The campaign editor; the ai, aop, combo and custom edit routes share it with their type. */
const campaignEdit: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('../pages/campaigns/CampaignEditPage.js')).CampaignEditPage,
});

/** Regular bulk jobs from a template campaign ({id}) and a folder or CSV of artwork. */
const regularBulkImport: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('../pages/bulk/BulkImportPage.js')).RegularBulkImportPage,
});

export const CAMPAIGN_ROUTES: readonly LazyPageRoute[] = [
  {
    path: '/campaigns',
    title: 'All Campaigns',
    lazy: async () => ({
      Component: (await import('../pages/campaigns/CampaignsListPage.js')).CampaignsListPage,
    }),
  },
  { path: '/campaigns/import', title: 'Import Campaigns', lazy: comingSoon },
  { path: '/campaigns/edit/:id?', title: 'Edit Campaign', lazy: campaignEdit },
  { path: '/campaigns/ai/edit/:id?', title: 'Edit AI Campaign', lazy: campaignEdit },
  { path: '/campaigns/aop/edit/:id?', title: 'Edit AOP Campaign', lazy: campaignEdit },
  { path: '/campaigns/combo/edit/:id?', title: 'Edit Combo Campaign', lazy: campaignEdit },
  { path: '/campaigns/custom/edit/:id?', title: 'Edit Custom Campaign', lazy: campaignEdit },
  { path: '/campaigns/template/bulk/:id?', title: 'Template Bulk', lazy: comingSoon },
  { path: '/campaigns/template/mockup/:id?', title: 'Template Mockup', lazy: comingSoon },
  { path: '/campaigns/template/*', title: 'Template Campaign', lazy: comingSoon },
  { path: '/campaigns/express/*', title: 'Express Campaign', lazy: comingSoon },
  { path: '/campaigns/bulk/:id?', title: 'Bulk Campaign', lazy: regularBulkImport },
  // The older bulk page (spec §2 'old bulk campaign' tag) creates the same regular jobs.
  { path: '/campaigns/bulk_v2/:id?', title: 'Bulk Campaign', lazy: regularBulkImport },
  { path: '/campaigns/mockup/:id?', title: 'Mockup Campaign', lazy: comingSoon },
  {
    path: '/bulk-campaigns',
    title: 'Bulk Campaigns',
    lazy: async () => ({
      Component: (await import('../pages/bulk/RegularBulkListPage.js')).RegularBulkListPage,
    }),
  },
  {
    path: '/bulk-campaigns/multi-print-spaces',
    title: 'Multi Print Spaces Bulk',
    lazy: async () => ({
      Component: (await import('../pages/bulk/MultiSpaceBulkListPage.js')).MultiSpaceBulkListPage,
    }),
  },
  {
    path: '/bulk-campaigns/multi-print-spaces/import/:id?',
    title: 'Import Multi Print Spaces Bulk',
    lazy: async () => ({
      Component: (await import('../pages/bulk/BulkImportPage.js')).BulkImportPage,
    }),
  },
  { path: '/bulk-campaigns/custom/mockup/:id?', title: 'Custom Mockup Bulk', lazy: comingSoon },
  {
    path: '/bulk-campaigns/:type?/:id',
    title: 'Bulk Campaign',
    guards: ['preferOldBulkCampaign'],
    // {type} is regular or express; {id} is the template campaign, as on /campaigns/bulk_v2.
    lazy: regularBulkImport,
  },
];

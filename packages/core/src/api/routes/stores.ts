import { z } from 'zod';
import {
  SitemapIndex,
  SitemapUrlsPage,
  SitemapUrlsParams,
  SitemapUrlsQuery,
} from '../../store/sitemap.js';
import {
  CampaignStores,
  CampaignStoresBody,
  StoreBody,
  StoreCampaignsBody,
  StoreDetail,
  StoreListQuery,
  StoreUpdateBody,
  StoreView,
} from '../../store/storefront.js';
import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['stores'] as const;

/**
 * A seller's storefronts (issue 12). The spec names no storefront permission and opens the
 * Storefronts pages to every member, so any member may read the stores; changing one is a
 * write of the seller's store settings and needs update_campaign, as the store settings routes
 * do. Sessions limited to some stores (spec §6) see and change only those.
 */
export const stores = {
  list: route({
    method: 'GET',
    path: '/seller/stores',
    summary: "The seller's stores in use, oldest first (the first is the current store)",
    description: 'With `archived=1`, the archived stores instead.',
    tags,
    permission: ANY_MEMBER,
    query: StoreListQuery,
    response: z.array(StoreView),
  }),
  create: route({
    method: 'POST',
    path: '/seller/stores',
    summary: 'Create a store; without a slug one is made from the name',
    tags,
    permission: 'update_campaign',
    body: StoreBody,
    response: StoreDetail,
    errors: [403, 409],
  }),
  get: route({
    method: 'GET',
    path: '/seller/stores/:id',
    summary: 'One store, with the campaigns it lists',
    tags,
    permission: ANY_MEMBER,
    params: IdParams,
    response: StoreDetail,
    errors: [403, 404],
  }),
  update: route({
    method: 'PUT',
    path: '/seller/stores/:id',
    summary: 'Change a store (the fields given); a new slug moves its address',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    body: StoreUpdateBody,
    response: StoreDetail,
    errors: [403, 404, 409],
  }),
  archive: route({
    method: 'DELETE',
    path: '/seller/stores/:id',
    summary: 'Archive a store: no longer listed nor served; its slug stays taken',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    response: DoneAnswer,
    errors: [403, 404],
  }),
  setCampaigns: route({
    method: 'PUT',
    path: '/seller/stores/:id/campaigns',
    summary: 'The campaigns a store lists (replaces the list)',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    body: StoreCampaignsBody,
    response: StoreDetail,
    errors: [403, 404, 422],
  }),
  campaignStores: route({
    method: 'GET',
    path: '/seller/campaign/:id/stores',
    summary: 'The stores a campaign is listed in',
    tags,
    permission: 'get_campaigns',
    params: IdParams,
    response: CampaignStores,
    errors: [404],
  }),
  setCampaignStores: route({
    method: 'PUT',
    path: '/seller/campaign/:id/stores',
    summary: 'List a campaign in these stores (and no other of the seller)',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    body: CampaignStoresBody,
    response: CampaignStores,
    errors: [403, 404, 422],
  }),
  sitemap: route({
    method: 'GET',
    path: '/seller/stores/:id/sitemap',
    summary: "A store's sitemap index: the files its /sitemap.xml lists, with their URL counts",
    tags,
    permission: ANY_MEMBER,
    params: IdParams,
    response: SitemapIndex,
    errors: [403, 404],
  }),
  sitemapUrls: route({
    method: 'GET',
    path: '/seller/stores/:id/sitemap/:sitemapId/urls',
    summary: 'The URLs of one sitemap file of a store (products-N, collections-1, pages-1), paged',
    tags,
    permission: ANY_MEMBER,
    params: SitemapUrlsParams,
    query: SitemapUrlsQuery,
    response: SitemapUrlsPage,
    errors: [403, 404],
  }),
} as const;

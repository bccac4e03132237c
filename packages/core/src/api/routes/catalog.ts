import { z } from 'zod';
import { MockupTemplate } from '../../catalog/MockupTemplate.js';
import { ProductTemplate, ProductTemplateListQuery } from '../../catalog/ProductTemplate.js';
import { SiteConfig } from '../../store/storeState.js';
import { IdParams, MockupsQuery } from '../catalogSchemas.js';
import { paginated } from '../pagination.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['catalog'] as const;

/**
 * The platform's product catalog. It is the platform's, not the seller's, so any member may
 * read it (the campaign editor of a member with update_campaign reads it too).
 */
export const catalog = {
  productTemplates: route({
    method: 'GET',
    path: '/seller/product-templates',
    summary: 'Product templates of the catalog',
    tags,
    permission: ANY_MEMBER,
    query: ProductTemplateListQuery,
    response: paginated(ProductTemplate),
  }),
  productTemplate: route({
    method: 'GET',
    path: '/seller/product-templates/:id',
    summary: 'One product template with print spaces and mockups',
    tags,
    permission: ANY_MEMBER,
    params: IdParams,
    response: ProductTemplate,
    errors: [404],
  }),
  mockups: route({
    method: 'GET',
    path: '/seller/mockups',
    summary: 'Mockup templates of product templates',
    tags,
    permission: ANY_MEMBER,
    query: MockupsQuery,
    response: z.array(MockupTemplate),
  }),
  siteConfig: route({
    method: 'GET',
    path: '/public/site-config',
    summary: 'Preview and marketplace domains (spec §3 Site config)',
    tags,
    auth: 'none',
    response: SiteConfig,
  }),
} as const;

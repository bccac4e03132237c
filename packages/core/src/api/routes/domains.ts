import { z } from 'zod';
import { DomainBody, DomainView } from '../../store/domains.js';
import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['domains'] as const;

/**
 * Custom domains of a seller's stores (spec §2 /domains, issue 12): add one, create the DNS
 * records shown, verify them with a DNS lookup, make a verified one the store's primary
 * address. Any member may read them, as the Storefronts pages; changing one needs
 * update_campaign, as changing a store does.
 */
export const domains = {
  list: route({
    method: 'GET',
    path: '/seller/domains',
    summary: "The custom domains of the seller's stores, newest first",
    tags,
    permission: ANY_MEMBER,
    response: z.array(DomainView),
  }),
  create: route({
    method: 'POST',
    path: '/seller/domains',
    summary: 'Add a custom domain to a store; answers the DNS records to create',
    tags,
    permission: 'update_campaign',
    body: DomainBody,
    response: DomainView,
    errors: [403, 404, 409, 422],
  }),
  verify: route({
    method: 'POST',
    path: '/seller/domains/:id/verify',
    summary: 'Look the DNS records up now; a domain whose TXT record matches is verified',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    response: DomainView,
    errors: [403, 404],
  }),
  makePrimary: route({
    method: 'PUT',
    path: '/seller/domains/:id/primary',
    summary: "Make a verified domain its store's primary address (base_url)",
    tags,
    permission: 'update_campaign',
    params: IdParams,
    response: DomainView,
    errors: [403, 404, 422],
  }),
  remove: route({
    method: 'DELETE',
    path: '/seller/domains/:id',
    summary: 'Remove a custom domain; a primary one gives the store back its platform address',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    response: DoneAnswer,
    errors: [403, 404],
  }),
} as const;

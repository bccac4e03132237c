import { z } from 'zod';
import {
  Collection,
  CollectionBody,
  CollectionDetail,
  CollectionListQuery,
  CollectionUpdateBody,
  FeaturedCampaignsBody,
} from '../../store/collections.js';
import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { route } from './RouteContract.js';

const tags = ['collections'] as const;

/**
 * A seller's collections (issue 12; spec §2 /collections): reading needs get_campaigns and
 * changing update_campaign, as the Collections pages do. Another seller's collection is 404.
 */
export const collections = {
  list: route({
    method: 'GET',
    path: '/seller/collections',
    summary: "The seller's collections, newest first",
    tags,
    permission: 'get_campaigns',
    query: CollectionListQuery,
    response: z.array(Collection),
  }),
  create: route({
    method: 'POST',
    path: '/seller/collections',
    summary: 'Create a collection; without a slug one is made from the name',
    tags,
    permission: 'update_campaign',
    body: CollectionBody,
    response: CollectionDetail,
    errors: [403, 409, 422],
  }),
  get: route({
    method: 'GET',
    path: '/seller/collections/:id',
    summary: 'One collection with its campaigns in display order',
    tags,
    permission: 'get_campaigns',
    params: IdParams,
    response: CollectionDetail,
    errors: [404],
  }),
  update: route({
    method: 'PUT',
    path: '/seller/collections/:id',
    summary: 'Change a collection (the fields given)',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    body: CollectionUpdateBody,
    response: CollectionDetail,
    errors: [403, 404, 409, 422],
  }),
  remove: route({
    method: 'DELETE',
    path: '/seller/collections/:id',
    summary: 'Delete a collection (its campaigns stay)',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    response: DoneAnswer,
    errors: [404],
  }),
  setFeatured: route({
    method: 'PUT',
    path: '/seller/collections/:id/featured-campaigns',
    summary: 'The featured campaigns, in the order given; they come first in the collection',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    body: FeaturedCampaignsBody,
    response: CollectionDetail,
    errors: [404, 422],
  }),
} as const;

import { z } from 'zod';
import {
  CustomMockup,
  CustomMockupBody,
  CustomMockupListQuery,
} from '../../campaign/CustomMockup.js';
import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { route } from './RouteContract.js';

const tags = ['custom-mockups'] as const;

/**
 * Custom mockups (spec §3 campaign type `mockup`): the seller's own product photos with a
 * marked print area, saved once and used by mockup campaigns and template mockups. They are
 * campaign material, so reading needs get_campaigns and changing update_campaign. Another
 * seller's mockup is 404.
 */
export const customMockups = {
  list: route({
    method: 'GET',
    path: '/seller/custom-mockups',
    summary: "The seller's custom mockups, newest first",
    tags,
    permission: 'get_campaigns',
    query: CustomMockupListQuery,
    response: z.array(CustomMockup),
  }),
  get: route({
    method: 'GET',
    path: '/seller/custom-mockups/:id',
    summary: 'One custom mockup',
    tags,
    permission: 'get_campaigns',
    params: IdParams,
    response: CustomMockup,
    errors: [404],
  }),
  create: route({
    method: 'POST',
    path: '/seller/custom-mockups',
    summary: 'Save a custom mockup: an uploaded photo and the print area marked on it',
    tags,
    permission: 'update_campaign',
    body: CustomMockupBody,
    uploadRefs: true,
    response: CustomMockup,
    errors: [422],
  }),
  update: route({
    method: 'PUT',
    path: '/seller/custom-mockups/:id',
    summary: 'Replace a custom mockup with the fields given',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    body: CustomMockupBody,
    uploadRefs: true,
    response: CustomMockup,
    errors: [404, 422],
  }),
  remove: route({
    method: 'DELETE',
    path: '/seller/custom-mockups/:id',
    summary: 'Delete a custom mockup (campaign mockups rendered from it stay)',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    response: DoneAnswer,
    errors: [404],
  }),
} as const;

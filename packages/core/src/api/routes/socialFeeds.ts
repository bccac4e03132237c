import { z } from 'zod';
import { SocialFeed, SocialFeedBody } from '../../store/socialFeeds.js';
import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { route } from './RouteContract.js';

const tags = ['social feeds'] as const;

/** Product feeds for Google Merchant and Facebook/TikTok catalogs (issue 12; spec §2 /social-feed). */
export const socialFeeds = {
  list: route({
    method: 'GET',
    path: '/seller/social-feeds',
    summary: "The seller's product feeds with their public addresses",
    tags,
    permission: 'update_social_feed',
    response: z.array(SocialFeed),
  }),
  get: route({
    method: 'GET',
    path: '/seller/social-feeds/:id',
    summary: 'One product feed',
    tags,
    permission: 'update_social_feed',
    params: IdParams,
    response: SocialFeed,
    errors: [404],
  }),
  create: route({
    method: 'POST',
    path: '/seller/social-feeds',
    summary: 'Create a product feed of a store',
    tags,
    permission: 'update_social_feed',
    body: SocialFeedBody,
    response: SocialFeed,
    errors: [404, 422],
  }),
  update: route({
    method: 'PUT',
    path: '/seller/social-feeds/:id',
    summary: 'Change a product feed (its address stays)',
    tags,
    permission: 'update_social_feed',
    params: IdParams,
    body: SocialFeedBody,
    response: SocialFeed,
    errors: [404, 422],
  }),
  remove: route({
    method: 'DELETE',
    path: '/seller/social-feeds/:id',
    summary: 'Delete a product feed; its address stops answering',
    tags,
    permission: 'update_social_feed',
    params: IdParams,
    response: DoneAnswer,
    errors: [404],
  }),
  feed: route({
    method: 'GET',
    path: '/public/feeds/:file',
    summary: 'A product feed: `{token}.xml` (Google Merchant RSS) or `{token}.csv` (Facebook)',
    tags,
    auth: 'none',
    params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{16,64}\.(xml|csv)$/) }),
    answer: { kind: 'text', contentType: 'application/xml; charset=utf-8' },
    errors: [404],
  }),
} as const;

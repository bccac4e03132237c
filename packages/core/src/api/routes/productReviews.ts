import { z } from 'zod';
import { StoreSlugParams } from '../../checkout/schemas.js';
import {
  ProductReview,
  ReviewBody,
  ReviewCreated,
  ReviewListQuery,
  ReviewSettingsBody,
  ReviewUpdateBody,
  StoreReviewSetting,
} from '../../store/reviews.js';
import { IdParams } from '../catalogSchemas.js';
import { paginated } from '../pagination.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['product reviews'] as const;

/**
 * Product reviews (issue 12; spec §2 /settings/product-reviews): buyers post them on the store,
 * sellers read them (any member, as the page) and moderate them (update_campaign).
 */
export const productReviews = {
  submit: route({
    method: 'POST',
    path: '/public/stores/:slug/reviews',
    summary: 'A buyer reviews a product they bought (order number and email prove it)',
    description:
      'The review is pending until the seller publishes it, unless the store publishes reviews of its rating on arrival. One review per order and campaign.',
    tags,
    auth: 'none',
    rateLimit: 'tracking',
    params: StoreSlugParams,
    body: ReviewBody,
    response: ReviewCreated,
    errors: [404, 409, 422],
  }),
  list: route({
    method: 'GET',
    path: '/seller/product-reviews',
    summary: "Reviews of the seller's products, newest first, with filters",
    tags,
    permission: ANY_MEMBER,
    query: ReviewListQuery,
    response: paginated(ProductReview),
  }),
  settings: route({
    method: 'GET',
    path: '/seller/product-reviews/settings',
    summary: 'The auto-publish threshold of each store of the seller',
    tags,
    permission: ANY_MEMBER,
    response: z.array(StoreReviewSetting),
  }),
  saveSettings: route({
    method: 'PUT',
    path: '/seller/product-reviews/settings',
    summary: 'Set the auto-publish threshold of stores (null: every review waits)',
    tags,
    permission: 'update_campaign',
    body: ReviewSettingsBody,
    response: z.array(StoreReviewSetting),
    errors: [404],
  }),
  update: route({
    method: 'PUT',
    path: '/seller/product-reviews/:id',
    summary: 'Publish, hide or answer a review',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    body: ReviewUpdateBody,
    response: ProductReview,
    errors: [404],
  }),
} as const;

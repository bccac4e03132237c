import { z } from 'zod';
import {
  CheckoutBody,
  CheckoutCreated,
  CheckoutIdParams,
  OrderLookupQuery,
  OrderStatusView,
  PaidAnswer,
  PayBody,
  StoreSlugParams,
} from '../../checkout/schemas.js';
import { CartRestoreQuery } from '../../customer/AbandonedCheckout.js';
import { Niche } from '../../enums/niches.js';
import {
  PersonalizationCheckBody,
  PersonalizationChecked,
  PersonalizationPreviewQuery,
} from '../../personalized/buyer.js';
import { route } from './RouteContract.js';

const tags = ['storefront'] as const;
const html = { kind: 'text', contentType: 'text/html; charset=utf-8' } as const;
const slug = z.string().min(1).max(200);

/** Query of the store search (spec §3 product search sorts). */
export const PRODUCT_SEARCH_SORTS = [
  'relevant',
  'newest',
  'oldest',
  'highest_price',
  'lowest_price',
  'popular',
  'featured',
  'a_z',
  'z_a',
] as const;
export const StoreSearchQuery = z.object({
  q: z.string().max(200).optional(),
  sort: z.enum(PRODUCT_SEARCH_SORTS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  /** One niche of core `NICHES`: only campaigns of that product category. */
  niche: Niche.optional(),
});

/** Query of the store blog: a page of posts, optionally of one category (its slug). */
export const StoreBlogQuery = z.object({
  category: z.string().min(1).max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});

/**
 * The buyer-facing store: server-rendered pages under `/s/{slug}/` (and at `/` on the store's
 * own host), its small script, and the buyer API of checkout, payment and order lookup. None of
 * them needs a session.
 */
export const storefront = {
  home: route({
    method: 'GET',
    path: '/s/:slug/',
    summary: "A store's home page: featured collections and its campaigns",
    tags,
    auth: 'none',
    params: StoreSlugParams,
    answer: html,
  }),
  product: route({
    method: 'GET',
    path: '/s/:slug/products/:campaign_slug',
    summary: "A campaign's product page: mockups, colour and size pickers, price",
    tags,
    auth: 'none',
    params: z.object({ slug, campaign_slug: slug }),
    answer: html,
  }),
  collection: route({
    method: 'GET',
    path: '/s/:slug/collections/:collection_slug',
    summary: 'A collection of the store, featured campaigns first',
    tags,
    auth: 'none',
    params: z.object({ slug, collection_slug: slug }),
    query: StoreSearchQuery,
    answer: html,
  }),
  search: route({
    method: 'GET',
    path: '/s/:slug/search',
    summary: "Search the store's campaigns with the spec §3 sorts",
    tags,
    auth: 'none',
    params: StoreSlugParams,
    query: StoreSearchQuery,
    answer: html,
  }),
  page: route({
    method: 'GET',
    path: '/s/:slug/pages/:page_slug',
    summary: 'A published CMS page of the store',
    tags,
    auth: 'none',
    params: z.object({ slug, page_slug: slug }),
    answer: html,
  }),
  blog: route({
    method: 'GET',
    path: '/s/:slug/blog',
    summary: "The store's blog: published posts, newest first, optionally of one category",
    tags,
    auth: 'none',
    params: StoreSlugParams,
    query: StoreBlogQuery,
    answer: html,
  }),
  blogPost: route({
    method: 'GET',
    path: '/s/:slug/blog/:post_slug',
    summary: 'A published blog post of the store (drafts answer 404)',
    tags,
    auth: 'none',
    params: z.object({ slug, post_slug: slug }),
    answer: html,
  }),
  cart: route({
    method: 'GET',
    path: '/s/:slug/cart',
    summary: 'The cart (kept in the buyer’s browser)',
    description:
      'With `restore`, the id of an unpaid checkout of this store (the link of a recovery email), the cart is filled with that checkout’s items.',
    tags,
    auth: 'none',
    params: StoreSlugParams,
    query: CartRestoreQuery,
    answer: html,
  }),
  checkoutPage: route({
    method: 'GET',
    path: '/s/:slug/checkout',
    summary: 'The checkout form: email, shipping address, tip, coupon, card or PayPal',
    description:
      '`paypal` (`cancelled`, `declined`, `pending`, `failed`) shows what happened on a trip to PayPal, `stripe` (`declined`, `pending`, `failed`) after a Stripe confirmation.',
    tags,
    auth: 'none',
    params: StoreSlugParams,
    query: z.object({
      paypal: z.string().max(20).optional(),
      stripe: z.string().max(20).optional(),
    }),
    answer: html,
  }),
  thankYou: route({
    method: 'GET',
    path: '/s/:slug/thank-you/:checkout_id',
    summary: 'The order confirmation of a paid checkout',
    tags,
    auth: 'none',
    params: z.object({ slug, checkout_id: z.uuid() }),
    answer: html,
  }),
  orderStatus: route({
    method: 'GET',
    path: '/s/:slug/order-status',
    summary: 'Look an order up by its number and email',
    tags,
    auth: 'none',
    params: StoreSlugParams,
    query: z.object({
      number: z.string().max(40).optional(),
      email: z.string().max(254).optional(),
    }),
    answer: html,
  }),
  sitemap: route({
    method: 'GET',
    path: '/s/:slug/sitemap.xml',
    summary: "The store's sitemap index (sitemaps.org)",
    tags,
    auth: 'none',
    params: StoreSlugParams,
    answer: { kind: 'text', contentType: 'application/xml; charset=utf-8' },
  }),
  sitemapPart: route({
    method: 'GET',
    path: '/s/:slug/sitemaps/:name',
    summary:
      'One sitemap of the index: `products-N.xml`, `collections-1.xml`, `pages-1.xml`, `posts-N.xml`',
    tags,
    auth: 'none',
    params: z.object({ slug, name: z.string().max(60) }),
    answer: { kind: 'text', contentType: 'application/xml; charset=utf-8' },
  }),
  robots: route({
    method: 'GET',
    path: '/s/:slug/robots.txt',
    summary: "The store's robots.txt, naming its sitemap",
    tags,
    auth: 'none',
    params: StoreSlugParams,
    answer: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
  }),
  script: route({
    method: 'GET',
    path: '/public/storefront.js',
    summary: "The storefront's script: option pickers, cart and checkout form",
    tags,
    auth: 'none',
    answer: { kind: 'text', contentType: 'text/javascript; charset=utf-8' },
  }),
  personalizationPreview: route({
    method: 'GET',
    path: '/public/stores/:slug/products/:campaign_slug/preview.png',
    summary: "A personalised product's design drawn with the buyer's values (live preview)",
    description:
      "`values` is the JSON of the buyer's values (the checkout item's `personalization`); fields left empty show the seller's own text or picture. A PNG whose longest side is at most 600 pixels.",
    tags,
    auth: 'none',
    params: z.object({ slug, campaign_slug: slug }),
    query: PersonalizationPreviewQuery,
    answer: { kind: 'binary', contentType: 'image/png' },
    rateLimit: 'images',
    errors: [404, 422],
  }),
  checkPersonalization: route({
    method: 'POST',
    path: '/public/stores/:slug/products/:campaign_slug/personalization',
    summary: "Check a buyer's values of a personalised product before it goes in the cart",
    description:
      'Answers the values as an order keeps them and the lines the cart shows; 422 with a message per field (`personalization.{print_space}.{layer_id}`) otherwise.',
    tags,
    auth: 'none',
    params: z.object({ slug, campaign_slug: slug }),
    body: PersonalizationCheckBody,
    response: PersonalizationChecked,
    errors: [404, 422],
  }),
  createCheckout: route({
    method: 'POST',
    path: '/public/stores/:slug/checkouts',
    summary: 'Price a cart for an address: the checkout to pay, with its totals',
    description:
      'Amounts are integer minor units of the store currency. An address that fails the per-country checks is accepted and flagged `address_invalid`.',
    tags,
    auth: 'none',
    params: StoreSlugParams,
    body: CheckoutBody,
    response: CheckoutCreated,
    errors: [404, 422],
  }),
  pay: route({
    method: 'POST',
    path: '/public/checkouts/:id/pay',
    summary: 'Pay a checkout; a paid checkout makes exactly one order',
    description:
      'Calling it again for a paid checkout answers the same order. The test gateway approves 4242424242424242, declines 4000000000000002 (402) and asks a second step for 4000002500003155 (402 with `customPayload.requires_action`).',
    tags,
    auth: 'none',
    params: CheckoutIdParams,
    body: PayBody,
    response: PaidAnswer,
    errors: [402, 404, 409, 422, 503],
  }),
  stripeWebhook: route({
    method: 'POST',
    path: '/public/payments/stripe/:id/webhook',
    summary: "A Stripe event for a seller's gateway account (signature checked with its secret)",
    description:
      "Verifies `Stripe-Signature` with the account's webhook signing secret. `payment_intent.succeeded` for a checkout makes its order unless it has one: a replayed event never makes a second order.",
    tags,
    auth: 'none',
    params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    bodyKind: 'raw',
    response: z.object({ received: z.boolean() }),
    errors: [400, 404],
  }),
  lookupOrder: route({
    method: 'GET',
    path: '/public/orders/lookup',
    summary: "An order's status for its buyer: order number and the order's email",
    tags,
    auth: 'none',
    query: OrderLookupQuery,
    response: OrderStatusView,
    errors: [404],
  }),
} as const;

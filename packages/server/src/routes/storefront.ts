import { randomUUID } from 'node:crypto';
import {
  API,
  buyerValuesOf,
  CHECKOUT_COUNTRIES,
  campaignUrlName,
  canBookCurrency,
  countLimit,
  LARGE_LIST_COUNT_CAP,
  LEDGER_MESSAGES,
  type Niche,
  normaliseKeyword,
  type PaymentGatewayName,
  personalizationSummary,
  SITEMAP_MAX_URLS,
  saleProfit,
  splitCrossSale,
  toMajor,
  toMinor,
  trackingUrl,
} from '@printloom/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/Db.js';
import { httpError, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { bookSale, type SaleSettings } from '../money/bookings.js';
import { bookCrossSales } from '../money/crossSelling.js';
import { ledgerNow } from '../money/ledgerClock.js';
import { bookSalePoints } from '../money/points.js';
import { bookReferralCommission, type CommissionSettings } from '../money/referralCommission.js';
import { recordCheckoutOrder } from '../orders/recordOrderEvent.js';
import type { PaymentGateway } from '../payments/PaymentGateway.js';
import { applyRefundUpdate } from '../payments/refundUpdate.js';
import {
  StripeGateway,
  stripeEndpoint,
  stripeEvent,
  stripeRefundNews,
} from '../payments/stripeGateway.js';
import { TestGateway } from '../payments/testGateway.js';
import { restorableCheckout } from '../sql/abandoned.js';
import { subscribeFromCheckout } from '../sql/emailCampaigns.js';
import {
  buyerOrder,
  type CheckoutRow,
  insertCheckout,
  insertOrderFromCheckout,
  insertPayment,
  lockCheckout,
  orderIdentity,
  setCheckoutStatus,
} from '../sql/orders.js';
import { gatewayAccountForWebhook, storeGatewayAccount } from '../sql/paymentGateways.js';
import { publishedReviews } from '../sql/productReviews.js';
import { countSearch } from '../sql/searchKeywords.js';
import {
  featuredCollectionCards,
  type PublicStore,
  type StoreSort,
  storeBlogCategories,
  storeBlogPostBySlug,
  storeBlogPosts,
  storeBySlug,
  storeCampaignBySlug,
  storeCampaignCards,
  storeCollectionBySlug,
  storeCollections,
  storeNiches,
  storePageBySlug,
  storePageLinks,
  trackStorefront,
} from '../sql/storefront.js';
import { type CouponResolver, priceCheckout } from '../storefront/checkout.js';
import { checkoutPayment, cspWithStripe, PAY_WITH_PAYPAL } from '../storefront/checkoutPayment.js';
import { restoredSets } from '../storefront/comboCart.js';
import { comboProductPage } from '../storefront/comboPage.js';
import { acceptedEncoding, encodedBody, staticText } from '../storefront/compress.js';
import { storeSlugOfHost } from '../storefront/hosts.js';
import {
  blogPage,
  blogPostPage,
  cartPage,
  checkoutPage,
  cmsPage,
  homePage,
  listingPage,
  noStorePage,
  notFoundPage,
  orderStatusPage,
  type PageContext,
  productPage,
  thankYouPage,
} from '../storefront/pages.js';
import { personalizationHandlers, productPersonalization } from '../storefront/personalization.js';
import { promotionCouponResolver } from '../storefront/promotionCoupons.js';
import { STOREFRONT_SCRIPT } from '../storefront/script.js';
import {
  sitemapFiles,
  sitemapIndexXml,
  sitemapUrls,
  storeOrigin,
  urlsetXml,
} from '../storefront/sitemap.js';
import { gatewayBox, openCredentials } from './paymentGateways.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payment gateways by name: the test gateway always, Stripe and PayPal when configured. */
    paymentGateways: Map<string, PaymentGateway>;
    /** The coupon hook of the checkout (the promotions plug their rules in here). */
    couponResolver: CouponResolver;
    /**
     * Records a checkout's payment and makes its one order with its bookings; the caller holds
     * the checkout row lock and has seen it without an order (the PayPal step uses it).
     */
    placeCheckoutOrder: (
      tx: Queryable,
      checkout: CheckoutRow,
      gateway: PaymentGatewayName,
      reference: string,
    ) => Promise<{ id: number; order_number: string }>;
  }
}

/** Campaigns per listing page. */
const PER_PAGE = 24;
const HOME_FEATURED = 4;
const HOME_LATEST = 12;
/** Posts per blog page. */
const POSTS_PER_PAGE = 10;
/** Published reviews shown on a product page (newest first). */
const REVIEWS_SHOWN = 20;

const COUNTRY_NAMES = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return CHECKOUT_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
})();

/** Campaign ids remembered in a tracking cookie (spec §4: tracked once per campaign). */
function remembered(request: FastifyRequest, name: string): Set<number> {
  const text = request.cookies[name] ?? '';
  return new Set(
    text
      .split(',')
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n > 0),
  );
}
function remember(reply: FastifyReply, name: string, ids: Set<number>): void {
  reply.setCookie(name, [...ids].slice(-200).join(','), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: 60 * 60 * 24 * 30,
  });
}

/**
 * The buyer-facing store: its pages (server-rendered HTML, one small script) and the buyer API.
 * A store's own host reaches the same handlers through the URL rewrite of `storefront/hosts.ts`.
 */
export async function registerStorefrontRoutes(app: FastifyInstance): Promise<void> {
  const saleSettings: SaleSettings = {
    fees: {
      processing_fee: app.config.processingFee,
      processing_fee_min: toMinor(app.config.processingFeeMin),
    },
    holdDays: app.config.ledgerHoldDays,
    rates: app.config.exchangeRates,
  };
  const commissionSettings: CommissionSettings = {
    percent: app.config.referralCommissionPercent,
    holdDays: app.config.ledgerHoldDays,
    rates: app.config.exchangeRates,
  };
  const db = app.db;
  app.decorate('paymentGateways', new Map<string, PaymentGateway>([['test', new TestGateway()]]));
  app.decorate('couponResolver', promotionCouponResolver);
  const domains = [app.config.previewDomain, app.config.marketplaceDomain];

  const originOf = (store: PublicStore) => storeOrigin(store, app.config.previewDomain);

  async function contextOf(request: FastifyRequest, slug: string): Promise<PageContext | null> {
    const store = await storeBySlug(db, slug);
    if (!store) return null;
    const [pages, collections] = await Promise.all([
      storePageLinks(db, store),
      storeCollections(db, store, false),
    ]);
    const hostSlug =
      storeSlugOfHost(request.headers.host, domains) ??
      app.customDomains.slugOf(request.headers.host);
    const prefix = hostSlug === slug ? '' : `/s/${slug}`;
    return { store, prefix, origin: originOf(store), pages, collections };
  }

  /** A page, compressed when the browser accepts it (storefront/compress.ts). */
  const sendHtml = (reply: FastifyReply, page: string, status = 200) => {
    const { body, encoding } = encodedBody(page, reply.request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .send(body);
  };
  const script = staticText(STOREFRONT_SCRIPT);

  /** Runs a page handler for a store; an unknown or archived store is a 404 page. */
  const page =
    <P extends { slug: string }>(
      render: (
        ctx: PageContext,
        args: { params: P; request: FastifyRequest; reply: FastifyReply },
      ) => Promise<string | { status: number; html: string }>,
    ) =>
    async ({
      params,
      request,
      reply,
    }: {
      params: P;
      request: FastifyRequest;
      reply: FastifyReply;
    }) => {
      const ctx = await contextOf(request, params.slug);
      if (!ctx) return sendHtml(reply, noStorePage(), 404);
      const out = await render(ctx, { params, request, reply });
      return typeof out === 'string' ? sendHtml(reply, out) : sendHtml(reply, out.html, out.status);
    };

  const gatewayKeys = gatewayBox(app.config.secret);
  const stripeApi = stripeEndpoint(app.config.stripeApiUrl);
  const testGateway = app.paymentGateways.get('test');

  /**
   * The gateway a checkout of a store pays through: the store's own account when it has one
   * (custom_payment sellers), else the test gateway. A store with its own account takes no
   * test cards.
   */
  const gatewayFor = async (
    q: Queryable,
    storeId: number,
    asked: PaymentGatewayName,
  ): Promise<PaymentGateway> => {
    const account = await storeGatewayAccount(q, storeId);
    if (account) {
      if (account.provider === 'paypal') {
        throw httpError(422, PAY_WITH_PAYPAL, { gateway: [PAY_WITH_PAYPAL] });
      }
      if (asked !== account.provider) {
        throw httpError(422, `This store takes payment through ${account.provider}`, {
          gateway: [`This store takes payment through ${account.provider}`],
        });
      }
      const credentials = openCredentials(gatewayKeys, account);
      if (!credentials) throw httpError(503, 'This payment method is not set up');
      return new StripeGateway(credentials.secret_key, stripeApi);
    }
    const gateway = app.paymentGateways.get(asked) ?? (asked === 'test' ? testGateway : undefined);
    if (!gateway) throw httpError(503, 'This payment method is not set up');
    return gateway;
  };

  /** Records the payment and makes the checkout's one order, with its bookings. */
  const placeOrder = async (
    tx: Queryable,
    checkout: CheckoutRow,
    gatewayName: PaymentGatewayName,
    reference: string,
  ) => {
    await insertPayment(tx, {
      checkoutId: checkout.id,
      sellerId: checkout.seller_id,
      gateway: gatewayName,
      amount: checkout.total,
      currency: checkout.currency,
      reference,
      status: 'paid',
    });
    const order = await insertOrderFromCheckout(tx, checkout, { gateway: gatewayName, reference });
    await recordCheckoutOrder(tx, app.jobs, order.id, checkout, gatewayName);
    await setCheckoutStatus(tx, checkout.id, 'paid', order.id);
    // A buyer who ticked "Email me news and offers" becomes a subscriber of the store.
    if (checkout.marketing_opt_in) {
      await subscribeFromCheckout(tx, {
        seller_id: Number(checkout.seller_id),
        store_id: Number(checkout.store_id),
        email: checkout.email,
        name: checkout.shipping_address.name,
      });
    }
    // The seller's profit, pending for the hold period, booked with the order (issue 14).
    // Campaigns cross-sold from other sellers are booked to their owners, less the store's
    // commission (money/crossSelling.ts); the rest is the store seller's own sale.
    const split = splitCrossSale(checkout.items, checkout.discount, saleSettings.fees);
    if (split.own.lines.length > 0) {
      await bookSale(
        tx,
        {
          id: order.id,
          sellerId: checkout.seller_id,
          orderNumber: order.order_number,
          currency: checkout.currency,
          items: split.own.lines,
          discount: split.own.discount,
        },
        saleSettings,
        ledgerNow(app.config),
      );
    }
    await bookCrossSales(
      tx,
      {
        id: order.id,
        orderNumber: order.order_number,
        storeSellerId: checkout.seller_id,
        storeId: checkout.store_id,
        currency: checkout.currency,
      },
      split.parts,
      saleSettings,
      ledgerNow(app.config),
    );
    // SEN points for the items sold, with the order (issue 14).
    await bookSalePoints(tx, {
      id: order.id,
      sellerId: checkout.seller_id,
      orderNumber: order.order_number,
      items: checkout.items,
    });
    // The referrer's commission when the seller joined through a referral link.
    await bookReferralCommission(
      tx,
      {
        id: order.id,
        sellerId: checkout.seller_id,
        orderNumber: order.order_number,
        currency: checkout.currency,
        revenue: saleProfit(checkout.items, checkout.discount, saleSettings.fees).revenue,
      },
      commissionSettings,
    );
    return order;
  };

  app.decorate('placeCheckoutOrder', placeOrder);

  registerGroup(app, API.storefront, {
    ...personalizationHandlers(app),
    home: page(async (ctx) => {
      const featuredCollections = (await storeCollections(db, ctx.store, true)).slice(
        0,
        HOME_FEATURED,
      );
      // The featured collections' cards (one statement) and the newest ones, side by side.
      const [cards, latest] = await Promise.all([
        featuredCollectionCards(
          db,
          ctx.store,
          featuredCollections.map((collection) => collection.id),
          8,
        ),
        storeCampaignCards(db, ctx.store, {
          sort: 'newest',
          limit: HOME_LATEST,
          offset: 0,
          total: false,
        }),
      ]);
      const featured = featuredCollections.map((collection) => ({
        collection,
        rows: cards.get(collection.id) ?? [],
      }));
      return homePage(
        ctx,
        featured.filter((f) => f.rows.length > 0),
        latest.rows,
      );
    }),
    product: page(async (ctx, { params, request, reply }) => {
      const campaign = await storeCampaignBySlug(db, ctx.store, params.campaign_slug);
      if (!campaign) {
        return { status: 404, html: notFoundPage(ctx, 'This product is not sold here.') };
      }
      const seen = remembered(request, 'clickedCampaigns');
      if (!seen.has(campaign.id)) {
        await trackStorefront(db, ctx.store, [campaign.id], 'visits');
        seen.add(campaign.id);
        remember(reply, 'clickedCampaigns', seen);
      }
      const query = request.query as { product?: string };
      const reviews = await publishedReviews(db, ctx.store.seller_id, campaign.id, REVIEWS_SHOWN);
      // A combo sells its products as one set.
      if (campaign.system_type === 'combo') return comboProductPage(ctx, campaign, reviews);
      const personal = await productPersonalization(db, ctx.store, campaign, params.campaign_slug);
      return productPage(
        ctx,
        campaign,
        app.config.comparePriceRate,
        Number(query.product) || undefined,
        reviews,
        personal,
      );
    }),
    collection: page(async (ctx, { params, request }) => {
      const collection = await storeCollectionBySlug(db, ctx.store, params.collection_slug);
      if (!collection)
        return { status: 404, html: notFoundPage(ctx, 'This collection is not here.') };
      const query = request.query as { sort?: StoreSort; page?: number; q?: string };
      const sort = query.sort ?? 'featured';
      const pageNo = query.page ?? 1;
      // A collection can hold every campaign of a large store: its count stops past the page
      // and the first 1,000 ('More than 1,000 products'), as the seller's own long lists do.
      const { rows, total, totalIsCapped } = await storeCampaignCards(db, ctx.store, {
        sort,
        collectionId: collection.id,
        q: query.q,
        limit: PER_PAGE,
        offset: (pageNo - 1) * PER_PAGE,
        countCap: countLimit(pageNo, PER_PAGE, LARGE_LIST_COUNT_CAP) + 1,
      });
      return listingPage(ctx, {
        title: `${collection.name} | ${ctx.store.title || ctx.store.name}`,
        description:
          collection.description || `${collection.name} at ${ctx.store.title || ctx.store.name}`,
        path: `/collections/${collection.slug}`,
        heading: collection.name,
        intro: collection.description,
        q: query.q,
        sort,
        page: pageNo,
        perPage: PER_PAGE,
        total,
        totalIsCapped,
        rows,
        searchForm: false,
      });
    }),
    search: page(async (ctx, { request }) => {
      const query = request.query as { sort?: StoreSort; page?: number; q?: string; niche?: Niche };
      const sort = query.sort ?? (query.q ? 'relevant' : 'newest');
      const pageNo = query.page ?? 1;
      const [{ rows, total }, niches] = await Promise.all([
        storeCampaignCards(db, ctx.store, {
          sort,
          q: query.q,
          niche: query.niche,
          limit: PER_PAGE,
          offset: (pageNo - 1) * PER_PAGE,
        }),
        storeNiches(db, ctx.store),
      ]);
      // Each search counts once, on its first page (paging through results is the same search).
      const keyword = normaliseKeyword(query.q);
      if (keyword && pageNo === 1) await countSearch(db, ctx.store, keyword, total);
      return listingPage(ctx, {
        title: `${query.q ? `“${query.q}”` : 'All products'} | ${ctx.store.title || ctx.store.name}`,
        description: `Search ${ctx.store.title || ctx.store.name}`,
        path: '/search',
        heading: query.q ? `Results for “${query.q}”` : 'All products',
        q: query.q,
        sort,
        page: pageNo,
        perPage: PER_PAGE,
        total,
        rows,
        searchForm: true,
        niche: query.niche,
        niches,
      });
    }),
    blog: page(async (ctx, { request }) => {
      const query = request.query as { category?: string; page?: number };
      const pageNo = query.page ?? 1;
      const categories = await storeBlogCategories(db, ctx.store);
      const category = query.category
        ? categories.find((c) => c.slug === query.category)
        : undefined;
      if (query.category && !category) {
        return { status: 404, html: notFoundPage(ctx, 'This blog category has no posts.') };
      }
      const { rows, total } = await storeBlogPosts(db, ctx.store, {
        categoryId: category?.id,
        limit: POSTS_PER_PAGE,
        offset: (pageNo - 1) * POSTS_PER_PAGE,
      });
      return blogPage(ctx, {
        posts: rows,
        total,
        page: pageNo,
        perPage: POSTS_PER_PAGE,
        categories,
        category: category ?? null,
      });
    }),
    blogPost: page(async (ctx, { params }) => {
      const post = await storeBlogPostBySlug(db, ctx.store, params.post_slug);
      return post
        ? blogPostPage(ctx, post)
        : { status: 404, html: notFoundPage(ctx, 'This post does not exist.') };
    }),
    page: page(async (ctx, { params }) => {
      const found = await storePageBySlug(db, ctx.store, params.page_slug);
      return found
        ? cmsPage(ctx, found)
        : { status: 404, html: notFoundPage(ctx, 'This page does not exist.') };
    }),
    cart: page(async (ctx, { request }) => {
      const { restore } = request.query as { restore?: string };
      const found =
        restore && /^[0-9a-f-]{36}$/i.test(restore)
          ? await restorableCheckout(db, ctx.store.id, restore)
          : undefined;
      if (!found) return cartPage(ctx);
      return cartPage(
        ctx,
        restoredSets(
          found.items,
          found.items.map((item) => {
            const campaign = found.slugs.find((c) => c.id === Number(item.campaign_id));
            return {
              campaign_id: Number(item.campaign_id),
              product_id: Number(item.product_id),
              color: item.color,
              size: item.size,
              quantity: item.quantity,
              name: item.name,
              price: toMajor(item.price),
              image: '',
              url: `${ctx.prefix}/products/${encodeURIComponent(campaignUrlName(campaign ?? { id: Number(item.campaign_id) }))}`,
              ...(item.personalization?.length
                ? {
                    personalization: buyerValuesOf(item.personalization),
                    details: personalizationSummary(item.personalization),
                  }
                : {}),
            };
          }),
        ),
      );
    }),
    checkoutPage: page(async (ctx, { request, reply }) => {
      const payment = await checkoutPayment(db, ctx.store.id, request.query);
      // Stripe.js loads from js.stripe.com on a Stripe store's checkout only.
      const csp = reply.getHeader('content-security-policy');
      if (payment.method === 'stripe' && typeof csp === 'string') {
        reply.header('content-security-policy', cspWithStripe(csp));
      }
      return checkoutPage(ctx, COUNTRY_NAMES, payment);
    }),
    thankYou: page(async (ctx, { params }) => {
      const id = params.checkout_id;
      const order = /^[0-9a-f-]{36}$/i.test(id)
        ? await buyerOrder(db, { checkoutId: id, storeId: ctx.store.id })
        : undefined;
      return order
        ? thankYouPage(ctx, order)
        : { status: 404, html: notFoundPage(ctx, 'No paid order goes with this address.') };
    }),
    orderStatus: page(async (ctx, { request }) => {
      const query = request.query as { number?: string; email?: string };
      const order =
        query.number && query.email
          ? await buyerOrder(db, { number: query.number, email: query.email })
          : undefined;
      return orderStatusPage(ctx, query, order);
    }),
    sitemap: async ({ params, reply }) => {
      const store = await storeBySlug(db, params.slug);
      if (!store) return reply.status(404).type('text/plain').send('Not found');
      const files = await sitemapFiles(db, store, originOf(store));
      return reply.type('application/xml; charset=utf-8').send(sitemapIndexXml(files));
    },
    sitemapPart: async ({ params, reply }) => {
      const store = await storeBySlug(db, params.slug);
      const id = /^(.+)\.xml$/.exec(params.name)?.[1];
      const found =
        store && id
          ? await sitemapUrls(db, store, originOf(store), id, {
              offset: 0,
              limit: SITEMAP_MAX_URLS,
            })
          : null;
      if (!found) return reply.status(404).type('text/plain').send('Not found');
      return reply.type('application/xml; charset=utf-8').send(urlsetXml(found.urls));
    },
    robots: async ({ params, reply }) => {
      const store = await storeBySlug(db, params.slug);
      if (!store) return reply.status(404).type('text/plain').send('Not found');
      return reply
        .type('text/plain; charset=utf-8')
        .send(
          `User-agent: *\nAllow: /\nDisallow: /cart\nDisallow: /checkout\nDisallow: /thank-you/\nDisallow: /order-status\n\nSitemap: ${originOf(store)}/sitemap.xml\n`,
        );
    },
    script: async ({ request, reply }) => {
      // Pages ask for the script by its version (STOREFRONT_SCRIPT_URL): that address never
      // changes its answer, so it is cached for a year; any other address for five minutes.
      const { v } = request.query as { v?: string };
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .type('text/javascript; charset=utf-8')
        .header(
          'cache-control',
          v === script.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        )
        .header('vary', 'accept-encoding')
        .send(encoding ? script[encoding] : script.plain);
    },
    createCheckout: async ({ params, body, request, reply }) => {
      const store = await storeBySlug(db, params.slug);
      if (!store) throw notFound('This store does not exist');
      // The seller's balance is in USD: money of a currency the platform has no rate for could
      // not be booked, so such a store takes no order (before the buyer pays anything).
      if (!canBookCurrency(store.currency, app.config.exchangeRates)) {
        throw unprocessable(LEDGER_MESSAGES.noExchangeRate(store.currency));
      }
      const priced = await priceCheckout(
        db,
        store,
        body,
        { processingFee: app.config.processingFee, processingFeeMin: app.config.processingFeeMin },
        app.couponResolver,
      );
      const id = randomUUID();
      await insertCheckout(db, {
        id,
        sellerId: store.seller_id,
        storeId: store.id,
        email: body.email,
        address: priced.address,
        problems: priced.problems,
        items: priced.lines,
        coupon: body.coupon ?? null,
        promotionId: priced.promotionId,
        tipPercent: body.tip_percent ?? null,
        totals: priced.totals,
        marketingOptIn: body.marketing_opt_in ?? false,
      });
      const submitted = remembered(request, 'submittedCampaigns');
      const fresh = [...new Set(priced.lines.map((l) => l.campaign_id))].filter(
        (c) => !submitted.has(c),
      );
      if (fresh.length > 0) {
        await trackStorefront(db, store, fresh, 'checkouts');
        for (const c of fresh) submitted.add(c);
        remember(reply, 'submittedCampaigns', submitted);
      }
      return {
        data: {
          checkout_id: id,
          totals: priced.totals,
          address_invalid: priced.problems.length > 0,
          address_problems: priced.problems,
        },
      };
    },
    pay: async ({ params, body }) => {
      const outcome = await db.transaction(async (tx) => {
        const checkout = await lockCheckout(tx, params.id);
        if (!checkout) return { kind: 'missing' } as const;
        if (checkout.order_id !== null) {
          const order = await orderIdentity(tx, checkout.order_id);
          if (order) return { kind: 'paid', order } as const;
        }
        const gateway = await gatewayFor(tx, checkout.store_id, body.gateway);
        await app.couponResolver.confirm?.(tx, checkout);
        const charge = await gateway.charge({
          idempotencyKey: checkout.id,
          amount: checkout.total,
          currency: checkout.currency,
          description: `Checkout ${checkout.id}`,
          email: checkout.email,
          cardNumber: body.card_number,
          reference: body.payment_reference,
        });
        const payment = {
          checkoutId: checkout.id,
          sellerId: checkout.seller_id,
          gateway: gateway.name,
          amount: checkout.total,
          currency: checkout.currency,
        };
        if (charge.status === 'paid') {
          const order = await placeOrder(tx, checkout, gateway.name, charge.reference);
          return { kind: 'paid', order } as const;
        }
        await insertPayment(tx, {
          ...payment,
          reference: charge.reference ?? '',
          status: charge.status,
        });
        if (charge.status === 'requires_action') {
          await setCheckoutStatus(tx, checkout.id, 'requires_action');
        }
        return { kind: charge.status, charge } as const;
      });
      if (outcome.kind === 'missing') throw notFound('This checkout does not exist');
      if (outcome.kind === 'paid') {
        return { data: { order_id: outcome.order.id, order_number: outcome.order.order_number } };
      }
      if (outcome.charge.status === 'requires_action') {
        throw httpError(402, outcome.charge.message, {
          requires_action: [outcome.charge.reference],
        });
      }
      throw httpError(
        402,
        outcome.charge.status === 'declined' ? outcome.charge.message : 'Declined',
      );
    },
    stripeWebhook: async ({ params, body, request }) => {
      const account = await gatewayAccountForWebhook(db, params.id);
      if (!account) throw notFound('No such payment gateway');
      const credentials = openCredentials(gatewayKeys, account);
      if (!credentials) throw notFound('No such payment gateway');
      const signature = request.headers['stripe-signature'];
      let event: ReturnType<typeof stripeEvent>;
      try {
        event = stripeEvent(
          body as Buffer,
          typeof signature === 'string' ? signature : '',
          credentials.webhook_secret,
        );
      } catch {
        throw httpError(400, 'The Stripe-Signature header does not match this event');
      }
      const refundNews = stripeRefundNews(event);
      if (refundNews) {
        // A refund Stripe finished (or gave up) after the refund job left it processing.
        await db.transaction((tx) =>
          applyRefundUpdate(tx, app.jobs, {
            sellerId: account.seller_id,
            provider: 'stripe',
            ...refundNews,
          }),
        );
        return { data: { received: true } };
      }
      if (event.type !== 'payment_intent.succeeded') return { data: { received: true } };
      const intent = event.data.object;
      const checkoutId = intent.metadata?.checkout_id ?? '';
      if (!/^[0-9a-f-]{36}$/i.test(checkoutId)) return { data: { received: true } };
      await db.transaction(async (tx) => {
        const checkout = await lockCheckout(tx, checkoutId);
        // Another seller's checkout, one already ordered (a replayed event) or an intent for
        // other figures makes nothing.
        if (!checkout || checkout.seller_id !== account.seller_id || checkout.order_id !== null) {
          return;
        }
        if (
          intent.amount !== checkout.total ||
          intent.currency.toLowerCase() !== checkout.currency.toLowerCase()
        ) {
          request.log.warn({ checkoutId, intent: intent.id }, 'Stripe intent does not match');
          return;
        }
        await placeOrder(tx, checkout, 'stripe', intent.id);
      });
      return { data: { received: true } };
    },
    lookupOrder: async ({ query }) => {
      const order = await buyerOrder(db, { number: query.number, email: query.email });
      if (!order) throw notFound('No order matches this number and email');
      return {
        data: {
          order_number: order.order_number,
          status: order.status,
          payment_status: order.payment_status,
          fulfillment_status: order.fulfillment_status,
          created_at: order.created_at.toISOString(),
          total: order.total,
          currency: order.currency,
          items: order.items,
          events: order.events.map((e) => ({ kind: e.kind, at: e.at.toISOString() })),
          shipments: order.shipments.map((s) => ({
            carrier: s.carrier,
            tracking_number: s.tracking_number,
            tracking_url: trackingUrl(s.carrier, s.tracking_number),
            shipped_at: s.shipped_at.toISOString(),
          })),
        },
      };
    },
  });
}

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_DOCS_PATH, openApiDocument, type RouteContract } from '@printloom/core';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { type BotCheck, createBotCheck } from './auth/botCheck.js';
import { BLOB_PUT_PREFIX } from './blob/blobStore.js';
import {
  BODY_LIMIT_BYTES,
  isLoggerInstance,
  parseServerSettings,
  type ServerConfig,
  type ServerSettings,
} from './config.js';
import type { Db } from './db/Db.js';
import { openDb } from './db/openDb.js';
import { type AuthContext, hashToken, resolveAuth, tokenOf } from './http/authContext.js';
import { handleError, MESSAGES } from './http/errors.js';
import { RequestLog } from './http/requestLog.js';
import { trustedProxies } from './http/trustedProxies.js';
import {
  type ClaimMemo,
  createClaimMemo,
  createWorkerCache,
  isWorkerCall,
  type WorkerCache,
} from './http/workerCache.js';
import { zodSerializerCompiler, zodValidatorCompiler } from './http/zodCompilers.js';
import { type JobRunner, startJobRunner } from './jobs/createJobRunner.js';
import { enqueueDueEmailCampaigns } from './jobs/emailCampaignJobs.js';
import { SERVER_JOBS } from './jobs/serverJobs.js';
import { registerAbandonedRoutes } from './routes/abandoned.js';
import { registerAccountRoutes } from './routes/account.js';
import { registerAiDesignRoutes } from './routes/aiDesign.js';
import { registerApiKeyRoutes } from './routes/apiKeys.js';
import { registerAuthRoutes } from './routes/auth.js';
import { registerBulkCustomMockupRoutes } from './routes/bulkCustomMockup.js';
import { registerBulkRegularRoutes } from './routes/bulkRegular.js';
import { registerBulkV3Routes } from './routes/bulkV3.js';
import { registerCalendarRoutes } from './routes/calendar.js';
import { registerCampaignExpressRoutes } from './routes/campaignExpress.js';
import { registerCampaignImportRoutes } from './routes/campaignImport.js';
import { registerCampaignTemplateRoutes } from './routes/campaignTemplates.js';
import { registerCatalogRoutes } from './routes/catalog.js';
import { registerClientTrace } from './routes/clientTrace.js';
import { registerCollectionRoutes } from './routes/collections.js';
import { registerCrossSellingRoutes } from './routes/crossSelling.js';
import { registerCustomerRoutes } from './routes/customers.js';
import { registerCustomMockupRoutes } from './routes/customMockups.js';
import { registerDevRoutes } from './routes/dev.js';
import { registerDomainRoutes } from './routes/domains.js';
import { registerEmailCampaignRoutes } from './routes/emailCampaigns.js';
import { registerEmailGatewayRoutes } from './routes/emailGateways.js';
import { registerFeatureRequestRoutes } from './routes/featureRequests.js';
import { registerFulfillmentRoutes } from './routes/fulfillment.js';
import { registerMarketingRoutes } from './routes/marketing.js';
import { registerMoneyRoutes } from './routes/money.js';
import { registerNotificationChannelRoutes } from './routes/notificationChannels.js';
import { registerOrderCareRoutes } from './routes/orderCare.js';
import { registerOrderRoutes } from './routes/orders.js';
import { registerOverviewRoutes } from './routes/overview.js';
import { registerPaymentGatewayRoutes } from './routes/paymentGateways.js';
import { registerPayPalCheckoutRoutes } from './routes/paypalCheckout.js';
import { registerPersonalizedLibraryRoutes } from './routes/personalizedLibrary.js';
import { registerPointRoutes } from './routes/points.js';
import { registerPricingRoutes } from './routes/pricing.js';
import { registerProductReviewRoutes } from './routes/productReviews.js';
import { registerPromotionRoutes } from './routes/promotions.js';
import { registerPublicApiRoutes } from './routes/publicApi.js';
import { registerReferralRoutes } from './routes/referral.js';
import { registerSearchKeywordRoutes } from './routes/searchKeywords.js';
import { registerSenDesignRoutes } from './routes/senDesign.js';
import { registerShellRoutes } from './routes/shell.js';
import { registerShopConnectionRoutes } from './routes/shopConnections.js';
import { registerSocialRoutes } from './routes/social.js';
import { registerSocialFeedRoutes } from './routes/socialFeeds.js';
import { registerStoreContentRoutes } from './routes/storeContent.js';
import { registerStorefrontRoutes } from './routes/storefront.js';
import { registerStoreSettingsRoutes } from './routes/storeSettings.js';
import { registerStoreRoutes } from './routes/stores.js';
import { registerStripeCheckoutRoutes } from './routes/stripeCheckout.js';
import { registerTeamRoutes } from './routes/team.js';
import { registerUploadRoutes } from './routes/uploads.js';
import { registerWebApp } from './routes/webApp.js';
import type { ClaimedRow, originCampaign } from './sql/bulk.js';
import { insertAudit } from './sql/sessions.js';
import { CustomDomains } from './storefront/customDomains.js';
import { storefrontRewrite } from './storefront/hosts.js';

/** How often the custom domain map is read again for changes made by another server. */
const CUSTOM_DOMAIN_REFRESH_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The server's settings, parsed once with every default applied. */
    config: ServerSettings;
    blobDir: string;
    /** Every route as registered, with the table entry it came from (none for others). */
    registeredRoutes: readonly RegisteredRoute[];
    /** Background jobs (src/jobs): register at start, enqueue inside the transaction they go with. */
    jobs: JobRunner;
    /** The bot check of the configured provider (auth/botCheck.ts). */
    botCheck: BotCheck;
    /** Verified custom domains and the store each serves (storefront/customDomains.ts). */
    customDomains: CustomDomains;
    /** What bulk workers' calls reuse for a few seconds (http/workerCache.ts). */
    workerCaches: WorkerCaches;
  }
}

export interface WorkerCaches {
  /** The caller of a worker call, by token (and whether it came as a cookie). */
  auth: WorkerCache<AuthContext>;
  /** Template campaigns as claims hand them out, by seller and campaign. */
  origins: WorkerCache<NonNullable<Awaited<ReturnType<typeof originCampaign>>>>;
  /** Multi-space rows as their claims handed them out, for their saves. */
  claims: ClaimMemo<ClaimedRow>;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  contract: RouteContract | undefined;
}

/** Where Google's reCAPTCHA script and frames come from (its documented CSP sources). */
const RECAPTCHA_ORIGINS = [
  'https://www.google.com/recaptcha/',
  'https://www.gstatic.com/recaptcha/',
];

/** Crisp's documented CSP sources: its loader and assets, its relay socket, its frames. */
const CRISP_SOURCES = {
  script: ['https://client.crisp.chat', 'https://settings.crisp.chat'],
  connect: [
    'https://client.crisp.chat',
    'https://storage.crisp.chat',
    'wss://client.relay.crisp.chat',
    'wss://stream.relay.crisp.chat',
  ],
  frame: ['https://game.crisp.chat'],
};
/** Headway's widget script and the frame it opens. */
const HEADWAY_SOURCES = {
  script: ['https://cdn.headwayapp.co'],
  connect: ['https://headway-widget.net', 'https://*.headwayapp.co'],
  frame: ['https://headway-widget.net'],
};

/**
 * Script, connection and frame sources of the CSP: the page's own, plus those of each third
 * party this deployment configured (reCAPTCHA, the support chat, the changelog), and no other.
 */
export function thirdPartySources(config: {
  botCheck: { provider?: string | undefined };
  crispWebsiteId?: string | undefined;
  headwayAccount?: string | undefined;
}): { script: string[]; connect: string[]; frame: string[] } {
  const script: string[] = [];
  const connect: string[] = [];
  const frame: string[] = [];
  if (config.botCheck.provider === 'recaptcha') {
    script.push(...RECAPTCHA_ORIGINS);
    frame.push(...RECAPTCHA_ORIGINS);
  }
  for (const [on, sources] of [
    [config.crispWebsiteId, CRISP_SOURCES],
    [config.headwayAccount, HEADWAY_SOURCES],
  ] as const) {
    if (!on) continue;
    script.push(...sources.script);
    connect.push(...sources.connect);
    frame.push(...sources.frame);
  }
  return { script, connect, frame };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

let apiDocumentJson: string | undefined;

/**
 * The OpenAPI document of the route table, generated once per process (converting every route's
 * schemas takes a noticeable part of a start) and handed to each app as its own copy.
 */
function apiDocument(): unknown {
  apiDocumentJson ??= JSON.stringify(openApiDocument({ title: 'Printloom API', version: '1.0.0' }));
  return JSON.parse(apiDocumentJson);
}

/**
 * The Printloom API: parses its settings, opens (and migrates) the database, starts the
 * background jobs, then registers a handler for every route of the core route table (`API`).
 * Closing the app stops the jobs, then closes the database.
 */
export async function buildApp(input: ServerConfig): Promise<FastifyInstance> {
  const config = parseServerSettings(input);
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    schema: config.dbSchema,
    dataDir: config.dataDir ? join(config.dataDir, 'db') : undefined,
    pgliteMemory: config.pgliteMemory,
    pgliteImage: config.pgliteImage,
  });
  const blobDir = config.dataDir
    ? join(config.dataDir, 'blobs')
    : await mkdtemp(join(tmpdir(), 'printloom-blobs-'));

  const customDomains = new CustomDomains();
  const app = Fastify({
    ...(isLoggerInstance(config.logger)
      ? { loggerInstance: config.logger }
      : { logger: config.logger }),
    // One line per request instead of two (http/requestLog.ts).
    logController: new RequestLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: trustedProxies(config.trustProxy),
    // A store's own host ({slug}.{preview or marketplace domain}) serves its pages at `/`.
    rewriteUrl: (request) =>
      storefrontRewrite(
        request.url ?? '/',
        request.headers.host,
        [config.previewDomain, config.marketplaceDomain],
        (host) => customDomains.slugOf(host),
      ),
  });
  let jobs: JobRunner;
  try {
    jobs = await startJobRunner({ db, log: app.log, settings: config, blobDir });
  } catch (error) {
    await db.close();
    throw error;
  }
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('blobDir', blobDir);
  app.decorate('jobs', jobs);
  app.decorate('botCheck', createBotCheck(db, config.botCheck, config.secret, app.log));
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      registeredRoutes.push({ method, url: route.url, contract: route.config?.contract });
    }
  });
  app.decorateRequest('auth', null);
  app.decorate('customDomains', customDomains);
  const workerCaches: WorkerCaches = {
    auth: createWorkerCache(),
    origins: createWorkerCache(),
    claims: createClaimMemo(),
  };
  app.decorate('workerCaches', workerCaches);
  await customDomains.reload(db);
  customDomains.start(db, CUSTOM_DOMAIN_REFRESH_MS, (error) =>
    app.log.error({ err: error }, 'custom domain reload failed'),
  );
  app.addHook('onClose', async () => {
    customDomains.stop();
    try {
      await jobs.stop();
    } finally {
      await db.close();
    }
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  app.setErrorHandler(handleError);

  const third = thirdPartySources(config);
  // Security headers on every answer. The middleware is built once: @fastify/helmet built it
  // again on every request (parsing the CSP each time), a cost every bulk worker call paid.
  const securityHeaders = helmet({
    // The dashboard loads its own scripts and styles; images come from the blob store and proxy.
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        'connect-src': ["'self'", 'blob:', 'data:', ...uploadOrigins(config.s3), ...third.connect],
        // The ALTCHA widget solves its proof of work in workers it makes from blob: URLs.
        'worker-src': ["'self'", 'blob:'],
        // reCAPTCHA when it is the bot check, the support chat and the changelog when set.
        ...(third.script.length > 0
          ? { 'script-src': ["'self'", ...third.script], 'frame-src': ["'self'", ...third.frame] }
          : {}),
        // The API is often reached over plain http on a LAN or a container network; upgrading
        // its subresource requests to https there breaks every script and style.
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1 },
  });
  await app.register(rateLimit, { global: false });
  // The documentation is generated from the route table, the same entries the handlers below
  // are registered from (not collected from the registered routes).
  await app.register(swagger, {
    mode: 'static',
    specification: {
      // Built as plain JSON in core (which has no OpenAPI types); it is an OpenAPI 3.0 document.
      document: apiDocument() as unknown as StaticDocumentSpec['document'],
    },
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH });

  // Sessions: Bearer header or HttpOnly cookie. A cookie-authenticated state change must carry
  // X-Requested-With, which a cross-site form cannot set (CSRF; the cookie is SameSite=Lax too).
  app.addHook('onRequest', async (request) => {
    const found = tokenOf(request);
    if (!found) return;
    const contract = request.routeOptions.config?.contract;
    // A route open to anyone (a buyer's checkout) never reads the session: a dashboard cookie
    // sent along on the same host authorises nothing there, so it needs no CSRF header either.
    if (contract?.auth === 'none') return;
    if (
      found.viaCookie &&
      // A GET that claims work (changesState in the route table) counts as a change.
      (!SAFE_METHODS.has(request.method) || contract?.changesState === true) &&
      !request.headers['x-requested-with'] &&
      // A signed blob PUT is authorised by its signature, not the session: the dashboard's
      // upload sends the cookie along (same origin) without the header, and a cross-site page
      // cannot forge the signature.
      !(request.method === 'PUT' && request.url.startsWith(BLOB_PUT_PREFIX))
    ) {
      throw Object.assign(new Error(MESSAGES.csrf), { statusCode: 403 });
    }
    // A bulk worker calls once per row with one token: its session is read once per few
    // seconds (http/workerCache.ts); every other route reads it on every request.
    request.auth = isWorkerCall(contract)
      ? ((await workerCaches.auth.get(
          `${found.viaCookie ? 'c' : 'b'}:${hashToken(found.token)}`,
          async () => (await resolveAuth(db, found.token, found.viaCookie)) ?? undefined,
        )) ?? null)
      : await resolveAuth(db, found.token, found.viaCookie);
  });

  // Whatever a state-changing request did (a sign-out, a member removed or narrowed, a template
  // edited), worker calls after its answer read afresh.
  app.addHook('onResponse', async (request) => {
    const contract = request.routeOptions.config?.contract;
    if (isWorkerCall(contract)) return;
    if (!SAFE_METHODS.has(request.method) || contract?.changesState === true) {
      workerCaches.auth.clear();
      workerCaches.origins.clear();
    }
  });

  // Every change made by an admin signed in as a seller, or a team member acting for one, is
  // audited with the real person as actor.
  // Written before the answer leaves, so a client that saw success can rely on the entry.
  app.addHook('onSend', async (request, reply, payload) => {
    const auth = request.auth;
    if (!auth || SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return payload;
    if (auth.accessUser === null && auth.grant === null) return payload;
    await insertAudit(db, {
      actorId: auth.actorId,
      sellerId: auth.sellerId,
      action: `${request.method} ${request.routeOptions.url ?? request.url}`,
      detail: { requestId: request.id, status: reply.statusCode },
    }).catch((error: unknown) => request.log.error({ err: error }, 'audit write failed'));
    return payload;
  });

  await registerAuthRoutes(app);
  await registerSocialRoutes(app);
  await registerTeamRoutes(app);
  await registerAccountRoutes(app);
  await registerApiKeyRoutes(app);
  await registerShellRoutes(app);
  await registerUploadRoutes(app);
  await registerDevRoutes(app);
  await registerCatalogRoutes(app);
  await registerCampaignTemplateRoutes(app);
  await registerCampaignExpressRoutes(app);
  await registerBulkCustomMockupRoutes(app);
  await registerCampaignImportRoutes(app);
  await registerStoreRoutes(app);
  await registerDomainRoutes(app);
  await registerCollectionRoutes(app);
  await registerEmailGatewayRoutes(app);
  await registerPaymentGatewayRoutes(app);
  await registerFeatureRequestRoutes(app);
  await registerPointRoutes(app);
  await registerMoneyRoutes(app);
  await registerPromotionRoutes(app);
  await registerCustomMockupRoutes(app);
  await registerPersonalizedLibraryRoutes(app);
  await registerPricingRoutes(app);
  await registerStoreContentRoutes(app);
  await registerBulkV3Routes(app);
  await registerBulkRegularRoutes(app);
  await registerStoreSettingsRoutes(app);
  await registerMarketingRoutes(app);
  await registerEmailCampaignRoutes(app);
  await registerNotificationChannelRoutes(app);
  await registerPublicApiRoutes(app);
  await registerOrderRoutes(app);
  await registerSenDesignRoutes(app);
  await registerOverviewRoutes(app);
  await registerClientTrace(app);
  await registerStorefrontRoutes(app);
  await registerPayPalCheckoutRoutes(app);
  await registerStripeCheckoutRoutes(app);
  await registerProductReviewRoutes(app);
  await registerSearchKeywordRoutes(app);
  await registerSocialFeedRoutes(app);
  await registerCustomerRoutes(app);
  await registerFulfillmentRoutes(app);
  await registerShopConnectionRoutes(app);
  await registerAbandonedRoutes(app);
  await registerOrderCareRoutes(app);
  await registerReferralRoutes(app);
  await registerCrossSellingRoutes(app);
  await registerCalendarRoutes(app);
  await registerAiDesignRoutes(app);
  for (const job of SERVER_JOBS) await jobs.register(job);
  await enqueueDueEmailCampaigns(db, jobs);
  const webServed = config.webDist ? await registerWebApp(app, config.webDist) : false;
  if (!webServed) {
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ success: false, message: MESSAGES.notFound }),
    );
  }
  return app;
}

/** Origins the dashboard PUTs pre-signed uploads to, so the content security policy allows them. */
export function uploadOrigins(s3: ServerSettings['s3']): string[] {
  if (!s3) return [];
  const endpoint = new URL(s3.endpoint);
  const origins = new Set<string>([endpoint.origin]);
  if (!s3.forcePathStyle) origins.add(`${endpoint.protocol}//${s3.bucket}.${endpoint.host}`);
  return [...origins];
}

import {
  BotCheckProvider,
  DEFAULT_REFERRAL_COMMISSION_PERCENT,
  ExchangeRates,
  HOLD_PERIOD_DAYS,
  RecaptchaVersion,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
} from '@printloom/core';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { ResolveHost } from './http/safeFetch.js';
import { isProxyAddress } from './http/trustedProxies.js';
import { KLAVIYO_API_URL } from './marketing/importKlaviyoProfiles.js';

/** Session life: the spec's cookie max age (§9, 604800 s). */
export const SESSION_TTL_SECONDS = 604_800;
export const TFA_TOKEN_TTL_SECONDS = 300;
export const RESET_TOKEN_TTL_SECONDS = 3600;
export const VERIFY_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
export const DEFAULT_AUTH_RATE_LIMIT = 20;
/** Demo servers drive many scripted logins from one address (end-to-end tests). */
export const DEMO_AUTH_RATE_LIMIT = 300;
export const DEFAULT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;
export const PRE_SIGNED_URL_TTL_SECONDS = 900;
/** Featured info is cached 60 s (spec §9). */
export const FEATURED_CACHE_MS = 60_000;
/** Default lease of a claimed bulk row: long enough for a slow 3D render and its uploads. */
export const BULK_LEASE_SECONDS = 300;
/**
 * Image proxy requests per minute per address: a campaign page shows up to 100 thumbnails and
 * the in-tab bulk worker reads artwork through it, so the bound is generous; it stops one
 * address from keeping the decoders busy.
 */
export const DEFAULT_IMAGE_RATE_LIMIT = 600;
/**
 * Site config domains when a deployment names none (the spec does not give its defaults):
 * campaign links of sellers without a store of their own point here (spec §6 store base URL).
 */
export const DEFAULT_PREVIEW_DOMAIN = 'preview.printloom.test';
export const DEFAULT_MARKETPLACE_DOMAIN = 'printloom.test';
/**
 * Anonymous upload addresses (`/public/pre-signed-url`) one client address may ask for per
 * minute. A person attaching files asks for a few; 100 MB in 2.5 s came from a script.
 */
export const DEFAULT_PUBLIC_UPLOAD_RATE_LIMIT = 10;
/** Bytes one client address may store anonymously per hour. */
export const DEFAULT_PUBLIC_UPLOAD_BYTES_PER_HOUR = 20 * 1024 * 1024;
/** How often background workers look for due jobs when no notification woke them (seconds). */
export const DEFAULT_JOB_POLLING_SECONDS = 2;
/** How often due cron schedules are looked for (seconds; one replica looks per interval). */
export const DEFAULT_JOB_CRON_CHECK_SECONDS = 30;
/**
 * Waits in seconds before each new attempt of a refund its provider could not take (not
 * reachable, or a server error): 1 min, 5 min, 30 min, 2 h; then the refund is failed.
 */
export const DEFAULT_REFUND_RETRY_SECONDS = [60, 300, 1800, 7200] as const;

/** Public REST API (`/api/v1`) requests per minute per API key. */
export const DEFAULT_API_RATE_LIMIT = 120;
/** How long one webhook attempt may take before it counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Where users reach the dashboard when no public URL is set (printloom serve's default port). */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

/** Google's documented verification endpoint of reCAPTCHA tokens. */
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/**
 * The bot check (spec §5, §7, §8) of registration, forgot-password, anonymous upload addresses
 * and logins after failures. `altcha` (the default) needs no outside service; `recaptcha` asks
 * Google; `off` is an explicit opt-out. See the server README.
 */
export const BotCheckSettings = z.object({
  provider: BotCheckProvider.default('altcha'),
  /** reCAPTCHA site key (public, shown to the browser). */
  recaptchaSiteKey: z.string().min(1).optional(),
  /** reCAPTCHA secret key (server only). */
  recaptchaSecret: z.string().min(1).optional(),
  /** reCAPTCHA v2 (checkbox) or v3 (score). */
  recaptchaVersion: RecaptchaVersion.optional(),
  /** Where tokens are verified (tests point it at a local server answering as Google does). */
  recaptchaVerifyUrl: z.url().default(RECAPTCHA_VERIFY_URL),
  /** Lowest reCAPTCHA v3 score taken as a person (Google suggests 0.5). */
  recaptchaMinScore: z.number().min(0).max(1).default(0.5),
  /** ALTCHA work: PBKDF2 iterations of one attempt. */
  altchaCost: z.number().int().positive().default(1000),
  /** ALTCHA work: the most attempts a solution takes (the counter is drawn from its top 80 %). */
  altchaMaxCounter: z.number().int().min(1).max(1_000_000).default(5000),
  /** How long a challenge may be solved and its solution used (seconds). */
  challengeTtlSeconds: z.number().int().positive().default(600),
  /** Failed logins from one address or for one account after which a login needs a check. */
  loginFailuresBeforeCheck: z.number().int().min(0).default(3),
  /** How long failed logins are remembered (seconds since the last one). */
  loginFailureWindowSeconds: z.number().int().positive().default(3600),
});
export type BotCheckSettings = z.output<typeof BotCheckSettings>;

/** Google's OpenID Connect issuer (discovery at /.well-known/openid-configuration). */
export const GOOGLE_ISSUER = 'https://accounts.google.com';
/** Facebook's login dialog and Graph API, of the Graph API version the server is written for. */
export const FACEBOOK_AUTHORIZE_URL = 'https://www.facebook.com/v21.0/dialog/oauth';
export const FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v21.0';

/**
 * Social sign-in (issue 15, spec §6): a provider is offered on login, register and the account
 * page only when its client is configured. Endpoints are settings so tests answer locally.
 */
export const SocialLoginSettings = z.object({
  google: z
    .object({
      clientId: z.string().min(1),
      clientSecret: z.string().min(1),
      issuer: z.url().default(GOOGLE_ISSUER),
    })
    .optional(),
  facebook: z
    .object({
      appId: z.string().min(1),
      appSecret: z.string().min(1),
      authorizeUrl: z.url().default(FACEBOOK_AUTHORIZE_URL),
      graphUrl: z.url().default(FACEBOOK_GRAPH_URL),
    })
    .optional(),
});
export type SocialLoginSettings = z.output<typeof SocialLoginSettings>;

/** An S3-compatible bucket (AWS S3, MinIO, R2, …) the blob store writes to when configured. */
export const S3Config = z.object({
  /** e.g. https://s3.amazonaws.com or http://minio:9000 */
  endpoint: z.url(),
  bucket: z.string().min(1),
  region: z.string().min(1),
  accessKeyId: z.string().min(1),
  secretAccessKey: z.string().min(1),
  /** Bucket in the path (MinIO) instead of the host name (AWS). */
  forcePathStyle: z.boolean().optional(),
  /** Where stored objects are read publicly (a CDN); the bucket address when unset. */
  publicUrl: z.url().optional(),
});
export type S3Config = z.infer<typeof S3Config>;

/**
 * The personalisation design tool `GET /seller/get-pb-token` hands access to: where its API and
 * its iframe live, and the secret its access tokens are signed with (shared with the tool).
 */
export const DesignToolConfig = z.object({
  apiUrl: z.url(),
  iframeUrl: z.url(),
  tokenSecret: z.string().min(1),
});
export type DesignToolConfig = z.infer<typeof DesignToolConfig>;

/** A pino logger given whole (its methods make it one), not options to make one. */
export function isLoggerInstance(logger: unknown): logger is FastifyBaseLogger {
  return (
    typeof logger === 'object' &&
    logger !== null &&
    typeof (logger as { child?: unknown }).child === 'function'
  );
}

/**
 * Every setting of a running server, with its default. `buildApp` parses what it is given with
 * this schema once; the app and its routes read `app.config` (the parsed value) and never apply
 * a default of their own. `printloom serve` builds the input from flags and the environment with
 * `readServerEnvironment`.
 */
export const ServerSettings = z
  .object({
    /** Real PostgreSQL when set; PGlite otherwise. */
    databaseUrl: z.string().min(1).optional(),
    /** Postgres schema to work in (tests use one per file). */
    dbSchema: z.string().optional(),
    /** Data directory: PGlite files and the blob store; in memory + temp dir when undefined. */
    dataDir: z.string().optional(),
    /**
     * In-memory PGlite only: a dump of a data directory (`PGlite.dumpDataDir`) the database starts
     * from instead of running initdb; migrations then apply only what the dump lacks. Tests start
     * every app from one migrated image (test/pgliteImage.ts).
     */
    pgliteImage: z.instanceof(Blob).optional(),
    /** PGlite's memory settings (db/pgliteMemory.ts); the server's own when unset. */
    pgliteMemory: z
      .object({
        sharedBuffers: z.string(),
        workMem: z.string(),
        maintenanceWorkMem: z.string(),
        tempBuffers: z.string(),
      })
      .optional(),
    /** HMAC key of signed upload URLs. */
    secret: z.string().min(1),
    /** Logger: pino options, a pino logger (printloom serve's, see its --log-format), or false. */
    logger: z
      .union([
        z.custom<FastifyBaseLogger>(isLoggerInstance),
        z.boolean(),
        z.object({ level: z.string() }),
      ])
      .default(false),
    /** Demo mode: seed demo data once; demo passwords allowed. */
    demo: z.boolean().default(false),
    /** Built web app to serve at / (packages/web/dist). */
    webDist: z.string().optional(),
    /** Requests per minute per address on auth routes (higher in demo mode when unset). */
    authRateLimit: z.number().int().positive().optional(),
    /** Requests per minute per address on the image proxy (`GET /img`). */
    imageRateLimit: z.number().int().positive().default(DEFAULT_IMAGE_RATE_LIMIT),
    /**
     * Name resolver of the image proxy; the system's when unset. Each name is resolved once and
     * the connection goes to the checked address (http/safeFetch.ts).
     */
    resolveHost: z.custom<ResolveHost>((value) => typeof value === 'function').optional(),
    /** Largest upload in bytes. */
    uploadMaxBytes: z.number().int().positive().default(DEFAULT_UPLOAD_MAX_BYTES),
    /** Anonymous upload addresses per minute per client address. */
    publicUploadRateLimit: z.number().int().positive().default(DEFAULT_PUBLIC_UPLOAD_RATE_LIMIT),
    /** Bytes one client address may upload anonymously per hour. */
    publicUploadBytesPerHour: z
      .number()
      .int()
      .positive()
      .default(DEFAULT_PUBLIC_UPLOAD_BYTES_PER_HOUR),
    /**
     * Provider endpoints of sellers' email gateways (issue 15), overridable so tests answer
     * locally: Mailgun US and EU API bases, and the SES v2 base with `{region}` replaced.
     */
    mailgunBaseUrl: z.string().url().default('https://api.mailgun.net'),
    mailgunEuBaseUrl: z.string().url().default('https://api.eu.mailgun.net'),
    sesBaseUrl: z.string().min(1).default('https://email.{region}.amazonaws.com'),
    /**
     * Whether a seller's SMTP gateway may point at a loopback or private address (tests and
     * local demos; `PRINTLOOM_ALLOW_PRIVATE_SMTP`, on with `serve --demo` unless set false); off,
     * such a host is refused so a gateway cannot reach the internal network.
     */
    emailGatewayPrivateHosts: z.boolean().default(false),
    /**
     * Email campaigns (issue 15): recipients claimed per batch, and the most mails per second
     * one server sends through one gateway (or the platform SMTP).
     */
    campaignBatchSize: z.number().int().min(1).max(1000).default(100),
    campaignRatePerSecond: z.number().min(0.1).max(10_000).default(20),
    /**
     * Seconds after which a campaign mail still marked sending is taken for one interrupted
     * mid-call by a server that died: it becomes uncertain (never sent again). Longer than the
     * SMTP timeouts of a live call (40 s).
     */
    campaignInFlightSeconds: z.number().min(1).max(3600).default(120),
    /** SMTP URL; mail goes only to the outbox and the log when unset. */
    smtpUrl: z.string().min(1).optional(),
    /** S3-compatible bucket for uploads; the local-disk store when unset. */
    s3: S3Config.optional(),
    /**
     * Proxies whose X-Forwarded-For gives the client address (rate limits, logs): false for
     * none, a list of addresses and CIDR ranges (`['10.0.0.1', '192.168.0.0/16']`), or true for
     * loopback proxies only (http/trustedProxies.ts). Never every peer: anyone could then claim
     * any address and escape the login limits.
     */
    trustProxy: z
      .union([
        z.boolean(),
        z.array(
          z.string().refine(isProxyAddress, {
            message: 'must be an IP address or CIDR range such as 10.0.0.1 or 192.168.0.0/16',
          }),
        ),
      ])
      .default(false),
    /** What GET /api3/version reports: when this server started unless given. */
    lastUpdate: z.string().default(() => new Date().toISOString()),
    /** Seconds a worker holds a claimed bulk row before another worker may take it over. */
    bulkLeaseSeconds: z.number().int().positive().default(BULK_LEASE_SECONDS),
    /** Klaviyo's API (sync-profiles). */
    klaviyoApiUrl: z.url().default(KLAVIYO_API_URL),
    /** The personalisation design tool; unset: `GET /seller/get-pb-token` answers 503. */
    designTool: DesignToolConfig.optional(),
    /** Crisp website id of the support chat (spec §1); unset: the dashboard shows no chat. */
    crispWebsiteId: z.string().min(1).optional(),
    /** Headway account of the changelog widget; unset: Changelog opens the notifications. */
    headwayAccount: z.string().min(1).optional(),
    /** Host of storefront previews (spec §3 Site config). */
    previewDomain: z.string().min(1).default(DEFAULT_PREVIEW_DOMAIN),
    /** Host of the marketplace (spec §3 Site config). */
    marketplaceDomain: z.string().min(1).default(DEFAULT_MARKETPLACE_DOMAIN),
    /** Site setting processing_fee (spec §3): percent of a checkout charged as a fee; 0 for none. */
    processingFee: z.number().min(0).max(100).default(0),
    /** Site setting processing_fee_min: the smallest fee charged, in major units of the currency. */
    processingFeeMin: z.number().min(0).default(0),
    /**
     * Key sealing payout account details (AES-256-GCM; `PRINTLOOM_PAYMENT_ACCOUNT_KEY`). When
     * unset the key is derived from `secret` by HKDF under its own label, so demo and test servers
     * work without one; a production server sets its own, kept apart from the database.
     */
    paymentAccountKey: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Days a sale's profit stays pending before it can be paid out (core HOLD_PERIOD_DAYS). */
    ledgerHoldDays: z.number().min(0).max(365).default(HOLD_PERIOD_DAYS),
    /**
     * Seconds the ledger's clock runs ahead of the machine's (`PRINTLOOM_LEDGER_CLOCK_OFFSET_SECONDS`),
     * so a test can see a sale mature after its hold period by restarting the server later in
     * ledger time. Only a demo server takes one (refused otherwise): money is never moved by a
     * clock setting in production.
     */
    ledgerClockOffsetSeconds: z.number().int().min(0).default(0),
    /**
     * USD per one unit of each store currency (`PRINTLOOM_EXCHANGE_RATES=EUR=1.0825,GBP=1.27`):
     * money earned in another currency is converted at this rate when it is booked. A store whose
     * currency has no rate takes no orders (checkout answers 422).
     */
    exchangeRates: ExchangeRates.default({}),
    /**
     * Percent of a referred seller's order (goods less discount) the referrer earns as commission
     * (`PRINTLOOM_REFERRAL_COMMISSION_PERCENT`; core DEFAULT_REFERRAL_COMMISSION_PERCENT); 0 turns
     * commissions off.
     */
    referralCommissionPercent: z
      .number()
      .min(0)
      .max(100)
      .default(DEFAULT_REFERRAL_COMMISSION_PERCENT),
    /** Site setting compare_price_rate: compare-at price = price × rate on product pages (≤ 1: none). */
    comparePriceRate: z.number().min(0).default(0),
    /** Background jobs (src/jobs): how often idle workers poll for retries and deferred jobs. */
    jobPollingSeconds: z.number().min(0.5).default(DEFAULT_JOB_POLLING_SECONDS),
    /** The bot check (see BotCheckSettings). */
    botCheck: BotCheckSettings.prefault({}),
    /** Google and Facebook sign-in (see SocialLoginSettings); none configured by default. */
    socialLogin: SocialLoginSettings.prefault({}),
    /**
     * Where users reach the dashboard (`PRINTLOOM_PUBLIC_URL`): mailed links start with it.
     * `http://localhost:<port>` of `printloom serve` when unset there.
     */
    publicUrl: z.url().default(DEFAULT_PUBLIC_URL),
    /** Background jobs: how often due cron schedules are looked for (pg-boss allows 1–45 s). */
    jobCronCheckSeconds: z.number().int().min(1).max(45).default(DEFAULT_JOB_CRON_CHECK_SECONDS),
    /**
     * Notification channels may target private and loopback addresses
     * (`PRINTLOOM_ALLOW_PRIVATE_WEBHOOKS`; tests and `serve --demo` set it). Off, such
     * targets are refused when saved and when delivered.
     */
    allowPrivateWebhooks: z.boolean().default(false),
    /**
     * Waits before each webhook attempt in seconds; core's schedule (immediately, 5 s, 5 min,
     * 30 min, 2 h, 5 h, 10 h, 10 h) unless a test shortens it.
     */
    webhookRetrySeconds: z
      .array(z.number().min(0))
      .min(1)
      .default(() => [...WEBHOOK_RETRY_SCHEDULE_SECONDS]),
    /**
     * Waits before each retry of a refund whose provider could not take it (unreachable, 5xx,
     * 429); one retry per entry, then the refund is recorded failed with the last error.
     */
    refundRetrySeconds: z.array(z.number().min(0)).default(() => [...DEFAULT_REFUND_RETRY_SECONDS]),
    /** Stripe's API base (`STRIPE_API_BASE`); Stripe's own unless a test server stands in. */
    stripeApiUrl: z.url().optional(),
    /**
     * PayPal's REST API base (`PAYPAL_API_BASE`) for every PayPal account; unset, each account
     * uses PayPal's own (api-m.sandbox.paypal.com or api-m.paypal.com by its mode). Tests point
     * it at a local server.
     */
    paypalApiUrl: z.url().optional(),
    /**
     * DNS servers custom domains are verified against (`PRINTLOOM_DNS_SERVERS`, comma-separated
     * `ip` or `ip:port`); the system's resolvers when unset.
     */
    dnsServers: z.array(z.string().min(1)).min(1).optional(),
    /**
     * Connected shops (issue 16) may be at http:// and on private or loopback addresses
     * (`PRINTLOOM_SHOP_PRIVATE_HOSTS`; tests and local demos). Off, a shop address must be https://
     * on a public address, so a seller cannot make the server call into its own network.
     */
    shopPrivateHosts: z.boolean().default(false),
    /** TikTok Shop's authorisation service (authorise page, token exchange and refresh). */
    ttsAuthBaseUrl: z.url().default('https://auth.tiktok-shops.com'),
    /** TikTok Shop's Open API (shops, order search). */
    ttsApiBaseUrl: z.url().default('https://open-api.tiktokglobalshop.com'),
    /** Public REST API (`/api/v1`) requests per minute per API key (`PRINTLOOM_API_RATE_LIMIT`). */
    apiRateLimit: z.number().int().positive().default(DEFAULT_API_RATE_LIMIT),
    /** How long one webhook attempt may take (ms). */
    webhookTimeoutMs: z.number().int().positive().default(WEBHOOK_TIMEOUT_MS),
  })
  .refine((settings) => settings.ledgerClockOffsetSeconds === 0 || settings.demo, {
    message: 'ledgerClockOffsetSeconds is only taken by a demo server (serve --demo)',
    path: ['ledgerClockOffsetSeconds'],
  })
  .transform((settings) => ({
    ...settings,
    authRateLimit:
      settings.authRateLimit ?? (settings.demo ? DEMO_AUTH_RATE_LIMIT : DEFAULT_AUTH_RATE_LIMIT),
  }));

/** The settings a running server works with: every default applied. */
export type ServerSettings = z.output<typeof ServerSettings>;
/** What `buildApp` and `startServer` take: only `secret` is required. */
export type ServerConfig = z.input<typeof ServerSettings>;

/** Settings refused at start; `problems` name each variable or option with what is wrong. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

/** Parses a server's settings once, applying defaults; refuses bad ones naming the option. */
export function parseServerSettings(config: ServerConfig): ServerSettings {
  const parsed = ServerSettings.safeParse(config);
  if (parsed.success) return parsed.data;
  throw new SettingsError(
    parsed.error.issues.map((issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`),
  );
}

import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { ResolveHost } from './http/safeFetch.js';
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
    /** SMTP URL; mail goes only to the outbox and the log when unset. */
    smtpUrl: z.string().min(1).optional(),
    /** S3-compatible bucket for uploads; the local-disk store when unset. */
    s3: S3Config.optional(),
    /** Behind a load balancer: read the client address from X-Forwarded-For (rate limits, logs). */
    trustProxy: z.boolean().default(false),
    /** What GET /api3/version reports: when this server started unless given. */
    lastUpdate: z.string().default(() => new Date().toISOString()),
    /** Seconds a worker holds a claimed bulk row before another worker may take it over. */
    bulkLeaseSeconds: z.number().int().positive().default(BULK_LEASE_SECONDS),
    /** Klaviyo's API (sync-profiles). */
    klaviyoApiUrl: z.url().default(KLAVIYO_API_URL),
    /** The personalisation design tool; unset: `GET /seller/get-pb-token` answers 503. */
    designTool: DesignToolConfig.optional(),
    /** Host of storefront previews (spec §3 Site config). */
    previewDomain: z.string().min(1).default(DEFAULT_PREVIEW_DOMAIN),
    /** Host of the marketplace (spec §3 Site config). */
    marketplaceDomain: z.string().min(1).default(DEFAULT_MARKETPLACE_DOMAIN),
    /** Background jobs (src/jobs): how often idle workers poll for retries and deferred jobs. */
    jobPollingSeconds: z.number().min(0.5).default(DEFAULT_JOB_POLLING_SECONDS),
    /** Background jobs: how often due cron schedules are looked for (pg-boss allows 1–45 s). */
    jobCronCheckSeconds: z.number().int().min(1).max(45).default(DEFAULT_JOB_CRON_CHECK_SECONDS),
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

import type { S3Config } from './blob/s3Presign.js';

export interface ServerConfig {
  /** Real PostgreSQL when set; PGlite otherwise. */
  databaseUrl?: string | undefined;
  /** Postgres schema to work in (tests use one per file). */
  dbSchema?: string | undefined;
  /** Data directory: PGlite files and the blob store; in memory + temp dir when undefined. */
  dataDir?: string | undefined;
  /** HMAC key of signed upload URLs. */
  secret: string;
  /** Logger: pino options or false. */
  logger?: boolean | { level: string };
  /** Demo mode: seed demo data once; demo passwords allowed. */
  demo?: boolean;
  /** Built web app to serve at / (packages/web/dist). */
  webDist?: string | undefined;
  /** Requests per minute per address on auth routes. */
  authRateLimit?: number | undefined;
  /** Largest upload in bytes. */
  uploadMaxBytes?: number;
  /** SMTP URL; mail goes only to the outbox and the log when unset. */
  smtpUrl?: string | undefined;
  /** S3-compatible bucket for uploads; the local-disk store when unset. */
  s3?: S3Config | undefined;
  /** Behind a load balancer: read the client address from X-Forwarded-For (rate limits, logs). */
  trustProxy?: boolean;
  /** What GET /api3/version reports. */
  lastUpdate?: string;
  /** Seconds a worker holds a claimed bulk row before another worker may take it over. */
  bulkLeaseSeconds?: number | undefined;
  /** Klaviyo's API (sync-profiles); https://a.klaviyo.com when unset. */
  klaviyoApiUrl?: string | undefined;
  /**
   * The personalisation design tool `GET /seller/get-pb-token` hands access to: where its API and
   * its iframe live, and the secret its access tokens are signed with (shared with the tool).
   * Unset: the call answers 503.
   */
  designTool?: DesignToolConfig | undefined;
  /** Host of storefront previews (spec §3 Site config); DEFAULT_PREVIEW_DOMAIN when unset. */
  previewDomain?: string | undefined;
  /** Host of the marketplace (spec §3 Site config); DEFAULT_MARKETPLACE_DOMAIN when unset. */
  marketplaceDomain?: string | undefined;
}

export interface DesignToolConfig {
  apiUrl: string;
  iframeUrl: string;
  tokenSecret: string;
}

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
 * Site config domains when a deployment names none (the spec does not give its defaults):
 * campaign links of sellers without a store of their own point here (spec §6 store base URL).
 */
export const DEFAULT_PREVIEW_DOMAIN = 'preview.printloom.test';
export const DEFAULT_MARKETPLACE_DOMAIN = 'printloom.test';

import { isAbsolute, resolve } from 'node:path';
import { parseExchangeRates } from '@printloom/core';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type ServerConfig, SettingsError } from './config.js';
import { isProxyAddress } from './http/trustedProxies.js';

export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA_DIR = '.printloom';
export const DEFAULT_S3_REGION = 'us-east-1';

/** What `printloom serve` passes on from its command line; a flag wins over the environment. */
export interface ServeFlags {
  port?: number | undefined;
  host?: string | undefined;
  dataDir?: string | undefined;
  demo?: boolean | undefined;
  logLevel?: string | undefined;
  /** A logger to log through (printloom serve's terminal or JSON lines); wins over logLevel. */
  logger?: FastifyBaseLogger | undefined;
  /** The built dashboard to serve at /. */
  webDist?: string | undefined;
}

export type Environment = Readonly<Record<string, string | undefined>>;

/** `secret` is left out when PRINTLOOM_SECRET is unset: the caller keeps one in the data directory. */
export interface ServeSettings {
  config: Omit<ServerConfig, 'secret'> & { secret?: string | undefined; dataDir: string };
  listen: { port: number; host: string };
}

// Each issue's message is written to follow the variable's name: "PORT must be …".
const unset = (raw: string | undefined): raw is undefined => raw === undefined || raw === '';

const text = z
  .string()
  .optional()
  .transform((raw) => (unset(raw) ? undefined : raw));

const absoluteUrl = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (unset(raw)) return undefined;
    if (URL.canParse(raw)) return raw;
    ctx.addIssue({ code: 'custom', message: `must be an absolute URL, got "${raw}"` });
    return z.NEVER;
  });

const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return undefined;
      const value = Number(raw);
      if (/^\s*$/.test(raw) || !Number.isInteger(value) || value < min || value > max) {
        const range =
          max === Number.MAX_SAFE_INTEGER ? `above ${min - 1}` : `from ${min} to ${max}`;
        ctx.addIssue({ code: 'custom', message: `must be a whole number ${range}, got "${raw}"` });
        return z.NEVER;
      }
      return value;
    });

/** A plain decimal number within a range (a percent, an amount in major units). */
const decimal = (min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return undefined;
      const value = Number(raw);
      if (!/^\s*\d+(\.\d+)?\s*$/.test(raw) || value < min || value > max) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a number from ${min} to ${max}, got "${raw}"`,
        });
        return z.NEVER;
      }
      return value;
    });

const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** A host name store links are built on (no scheme, path or port). */
const hostName = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (unset(raw)) return undefined;
    if (HOST_NAME.test(raw)) return raw.toLowerCase();
    ctx.addIssue({
      code: 'custom',
      message: `must be a host name such as shop.example.com, got "${raw}"`,
    });
    return z.NEVER;
  });

const flag = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (unset(raw)) return undefined;
    const value = raw.trim().toLowerCase();
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    ctx.addIssue({ code: 'custom', message: `must be true or false, got "${raw}"` });
    return z.NEVER;
  });

/**
 * TRUST_PROXY: true (loopback proxies only), false, or a comma-separated list of proxy
 * addresses and CIDR ranges (`10.0.0.1,192.168.0.0/16`).
 */
const proxyList = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (unset(raw)) return undefined;
    const value = raw.trim().toLowerCase();
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (entries.length > 0 && bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false or proxy addresses and CIDR ranges such as 10.0.0.1,192.168.0.0/16, got "${raw}"`,
    });
    return z.NEVER;
  });

/** Names the variables of a group that are missing when its first one is set. */
function requireWith(
  env: Record<string, unknown>,
  ctx: z.RefinementCtx,
  leader: string,
  others: readonly string[],
): void {
  if (env[leader] === undefined) return;
  const missing = others.filter((name) => env[name] === undefined);
  if (missing.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: [leader],
      message: `is set but ${missing.join(', ')} missing`,
    });
  }
}

/**
 * The environment variables `printloom serve` reads (the README's configuration table), each
 * checked here once. An empty variable counts as unset.
 */
export const ServerEnvironment = z
  .object({
    PORT: wholeNumber(0, 65_535),
    HOST: text,
    PRINTLOOM_DATA_DIR: text,
    DATABASE_URL: text,
    PRINTLOOM_SECRET: text,
    PRINTLOOM_PAYMENT_ACCOUNT_KEY: text,
    PRINTLOOM_LEDGER_HOLD_DAYS: wholeNumber(0, 365),
    PRINTLOOM_LEDGER_CLOCK_OFFSET_SECONDS: wholeNumber(0),
    PRINTLOOM_PROCESSING_FEE: decimal(0, 100),
    PRINTLOOM_EXCHANGE_RATES: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        if (unset(raw)) return undefined;
        const rates = parseExchangeRates(raw);
        if (rates) return rates;
        ctx.addIssue({
          code: 'custom',
          message: `must list CODE=rate pairs such as EUR=1.0825,GBP=1.27, got "${raw}"`,
        });
        return z.NEVER;
      }),
    PRINTLOOM_PROCESSING_FEE_MIN: decimal(0, 1_000_000),
    PRINTLOOM_REFERRAL_COMMISSION_PERCENT: wholeNumber(0, 100),
    PRINTLOOM_BULK_LEASE_SECONDS: wholeNumber(1),
    PRINTLOOM_AUTH_RATE_LIMIT: wholeNumber(1),
    PRINTLOOM_IMAGE_RATE_LIMIT: wholeNumber(1),
    PRINTLOOM_PUBLIC_UPLOAD_RATE_LIMIT: wholeNumber(1),
    PRINTLOOM_PUBLIC_UPLOAD_MB_PER_HOUR: wholeNumber(1),
    SMTP_URL: absoluteUrl,
    S3_BUCKET: text,
    S3_ENDPOINT: absoluteUrl,
    S3_REGION: text,
    S3_ACCESS_KEY_ID: text,
    S3_SECRET_ACCESS_KEY: text,
    S3_FORCE_PATH_STYLE: flag,
    S3_PUBLIC_URL: absoluteUrl,
    KLAVIYO_API_URL: absoluteUrl,
    PB_API_URL: absoluteUrl,
    PB_IFRAME_URL: absoluteUrl,
    PB_TOKEN_SECRET: text,
    CRISP_WEBSITE_ID: text,
    HEADWAY_ACCOUNT: text,
    PRINTLOOM_PREVIEW_DOMAIN: hostName,
    PRINTLOOM_MARKETPLACE_DOMAIN: hostName,
    TRUST_PROXY: proxyList,
    PRINTLOOM_PUBLIC_URL: absoluteUrl,
    PRINTLOOM_BOT_CHECK: z
      .enum(['altcha', 'recaptcha', 'off'], { error: 'must be altcha, recaptcha or off' })
      .optional(),
    RECAPTCHA_SITE_KEY: text,
    RECAPTCHA_SECRET_KEY: text,
    RECAPTCHA_VERSION: z.enum(['v2', 'v3'], { error: 'must be v2 or v3' }).optional(),
    RECAPTCHA_VERIFY_URL: absoluteUrl,
    PRINTLOOM_BOT_CHECK_LOGIN_FAILURES: wholeNumber(0),
    PRINTLOOM_ALLOW_PRIVATE_WEBHOOKS: flag,
    PRINTLOOM_ALLOW_PRIVATE_SMTP: flag,
    PRINTLOOM_API_RATE_LIMIT: wholeNumber(1),
    PRINTLOOM_DNS_SERVERS: text,
    STRIPE_API_BASE: absoluteUrl,
    PAYPAL_API_BASE: absoluteUrl,
    PRINTLOOM_SHOP_PRIVATE_HOSTS: flag,
    TTS_AUTH_BASE_URL: absoluteUrl,
    TTS_API_BASE_URL: absoluteUrl,
    GOOGLE_CLIENT_ID: text,
    GOOGLE_CLIENT_SECRET: text,
    GOOGLE_ISSUER: absoluteUrl,
    FACEBOOK_APP_ID: text,
    FACEBOOK_APP_SECRET: text,
    FACEBOOK_AUTHORIZE_URL: absoluteUrl,
    FACEBOOK_GRAPH_URL: absoluteUrl,
  })
  .superRefine((env, ctx) => {
    requireWith(env, ctx, 'S3_BUCKET', ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
    requireWith(env, ctx, 'PB_API_URL', ['PB_IFRAME_URL', 'PB_TOKEN_SECRET']);
    requireWith(env, ctx, 'GOOGLE_CLIENT_ID', ['GOOGLE_CLIENT_SECRET']);
    requireWith(env, ctx, 'FACEBOOK_APP_ID', ['FACEBOOK_APP_SECRET']);
  });
export type ServerEnvironment = z.output<typeof ServerEnvironment>;

/**
 * The settings of `printloom serve`: its flags, then the environment, then the defaults. Throws
 * a SettingsError naming every variable that is wrong, so a bad deployment stops at start.
 */
export function readServerEnvironment(env: Environment, flags: ServeFlags = {}): ServeSettings {
  const parsed = ServerEnvironment.safeParse(env);
  if (!parsed.success) {
    throw new SettingsError(
      parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`),
    );
  }
  const e = parsed.data;
  const dataDir = flags.dataDir ?? e.PRINTLOOM_DATA_DIR ?? DEFAULT_DATA_DIR;
  const port = flags.port ?? e.PORT ?? DEFAULT_PORT;
  return {
    listen: {
      port,
      host: flags.host ?? e.HOST ?? DEFAULT_HOST,
    },
    config: {
      secret: e.PRINTLOOM_SECRET,
      paymentAccountKey: e.PRINTLOOM_PAYMENT_ACCOUNT_KEY,
      ledgerHoldDays: e.PRINTLOOM_LEDGER_HOLD_DAYS,
      ledgerClockOffsetSeconds: e.PRINTLOOM_LEDGER_CLOCK_OFFSET_SECONDS,
      processingFee: e.PRINTLOOM_PROCESSING_FEE,
      exchangeRates: e.PRINTLOOM_EXCHANGE_RATES,
      processingFeeMin: e.PRINTLOOM_PROCESSING_FEE_MIN,
      referralCommissionPercent: e.PRINTLOOM_REFERRAL_COMMISSION_PERCENT,
      dataDir: isAbsolute(dataDir) ? dataDir : resolve(dataDir),
      databaseUrl: e.DATABASE_URL,
      demo: flags.demo ?? false,
      webDist: flags.webDist,
      logger: flags.logger ?? { level: flags.logLevel ?? 'info' },
      smtpUrl: e.SMTP_URL,
      s3: e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT ?? '',
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? DEFAULT_S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
            publicUrl: e.S3_PUBLIC_URL,
          }
        : undefined,
      klaviyoApiUrl: e.KLAVIYO_API_URL,
      designTool: e.PB_API_URL
        ? {
            apiUrl: e.PB_API_URL,
            iframeUrl: e.PB_IFRAME_URL ?? '',
            tokenSecret: e.PB_TOKEN_SECRET ?? '',
          }
        : undefined,
      trustProxy: e.TRUST_PROXY ?? false,
      previewDomain: e.PRINTLOOM_PREVIEW_DOMAIN,
      marketplaceDomain: e.PRINTLOOM_MARKETPLACE_DOMAIN,
      crispWebsiteId: e.CRISP_WEBSITE_ID,
      headwayAccount: e.HEADWAY_ACCOUNT,
      authRateLimit: e.PRINTLOOM_AUTH_RATE_LIMIT,
      imageRateLimit: e.PRINTLOOM_IMAGE_RATE_LIMIT,
      bulkLeaseSeconds: e.PRINTLOOM_BULK_LEASE_SECONDS,
      publicUploadRateLimit: e.PRINTLOOM_PUBLIC_UPLOAD_RATE_LIMIT,
      publicUrl: e.PRINTLOOM_PUBLIC_URL ?? `http://localhost:${port}`,
      botCheck: {
        provider: e.PRINTLOOM_BOT_CHECK,
        recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
        recaptchaSecret: e.RECAPTCHA_SECRET_KEY,
        recaptchaVersion: e.RECAPTCHA_VERSION,
        recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
        loginFailuresBeforeCheck: e.PRINTLOOM_BOT_CHECK_LOGIN_FAILURES,
      },
      // Demo servers post to receivers on the same machine unless told otherwise.
      allowPrivateWebhooks: e.PRINTLOOM_ALLOW_PRIVATE_WEBHOOKS ?? flags.demo ?? false,
      // Likewise a seller's SMTP gateway on the same machine (a local mail catcher in a demo).
      emailGatewayPrivateHosts: e.PRINTLOOM_ALLOW_PRIVATE_SMTP ?? flags.demo ?? false,
      apiRateLimit: e.PRINTLOOM_API_RATE_LIMIT,
      stripeApiUrl: e.STRIPE_API_BASE,
      paypalApiUrl: e.PAYPAL_API_BASE,
      dnsServers: e.PRINTLOOM_DNS_SERVERS?.split(',')
        .map((server) => server.trim())
        .filter((server) => server !== ''),
      shopPrivateHosts: e.PRINTLOOM_SHOP_PRIVATE_HOSTS,
      ttsAuthBaseUrl: e.TTS_AUTH_BASE_URL,
      ttsApiBaseUrl: e.TTS_API_BASE_URL,
      socialLogin: {
        google: e.GOOGLE_CLIENT_ID
          ? {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET ?? '',
              issuer: e.GOOGLE_ISSUER,
            }
          : undefined,
        facebook: e.FACEBOOK_APP_ID
          ? {
              appId: e.FACEBOOK_APP_ID,
              appSecret: e.FACEBOOK_APP_SECRET ?? '',
              authorizeUrl: e.FACEBOOK_AUTHORIZE_URL,
              graphUrl: e.FACEBOOK_GRAPH_URL,
            }
          : undefined,
      },
      publicUploadBytesPerHour:
        e.PRINTLOOM_PUBLIC_UPLOAD_MB_PER_HOUR === undefined
          ? undefined
          : e.PRINTLOOM_PUBLIC_UPLOAD_MB_PER_HOUR * 1024 * 1024,
    },
  };
}

import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { CliError, EXIT } from '../CliError.js';

export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA_DIR = '.printloom';
/** The built dashboard, from src/commands and dist/commands alike. */
const WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

export interface ServeOptions {
  demo: boolean;
  port: number;
  host: string;
  dataDir: string;
  logLevel: string;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new CliError(`Invalid port "${value}": use a number from 0 to 65535`, EXIT.usage);
  }
  return port;
}

/**
 * The HMAC key of signed upload URLs: PRINTLOOM_SECRET, else one generated once and kept in the
 * data directory so addresses stay valid across restarts.
 */
async function secretFor(dataDir: string): Promise<string> {
  if (process.env.PRINTLOOM_SECRET) return process.env.PRINTLOOM_SECRET;
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/** A whole-number setting from the environment; unset is undefined, anything else is refused. */
export function positiveIntEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new CliError(`${name} must be a whole number above 0, got "${raw}"`, EXIT.usage);
  }
  return value;
}

/** A host name from the environment (store links are built on it); unset is undefined. */
export function hostEnv(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (
    !/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(
      raw,
    )
  ) {
    throw new CliError(
      `${name} must be a host name such as shop.example.com, got "${raw}"`,
      EXIT.usage,
    );
  }
  return raw.toLowerCase();
}

/** The S3-compatible bucket from S3_* variables, when S3_BUCKET is set. */
export function s3FromEnv(env: NodeJS.ProcessEnv) {
  if (!env.S3_BUCKET) return undefined;
  const missing = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(
    (name) => !env[name],
  );
  if (missing.length > 0)
    throw new CliError(`S3_BUCKET is set but ${missing.join(', ')} missing`, EXIT.usage);
  return {
    endpoint: env.S3_ENDPOINT ?? '',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    publicUrl: env.S3_PUBLIC_URL || undefined,
  };
}

/**
 * The personalisation design tool behind `GET /seller/get-pb-token`, from PB_API_URL,
 * PB_IFRAME_URL and PB_TOKEN_SECRET (shared with the tool), when PB_API_URL is set.
 */
export function designToolFromEnv(env: NodeJS.ProcessEnv) {
  if (!env.PB_API_URL) return undefined;
  const missing = ['PB_IFRAME_URL', 'PB_TOKEN_SECRET'].filter((name) => !env[name]);
  if (missing.length > 0)
    throw new CliError(`PB_API_URL is set but ${missing.join(', ')} missing`, EXIT.usage);
  for (const name of ['PB_API_URL', 'PB_IFRAME_URL']) {
    if (!URL.canParse(env[name] ?? ''))
      throw new CliError(`${name} must be an absolute URL, got "${env[name]}"`, EXIT.usage);
  }
  return {
    apiUrl: env.PB_API_URL,
    iframeUrl: env.PB_IFRAME_URL ?? '',
    tokenSecret: env.PB_TOKEN_SECRET ?? '',
  };
}

/** Starts the API (and the built dashboard) and resolves once it has shut down on a signal. */
export async function serve(
  options: ServeOptions,
  out: NodeJS.WritableStream = process.stdout,
  stopSignal?: AbortSignal,
): Promise<void> {
  const { startServer } = await import('@printloom/server');
  const dataDir = resolve(options.dataDir);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const server = await startServer(
    {
      secret: await secretFor(dataDir),
      dataDir,
      databaseUrl,
      demo: options.demo,
      webDist: WEB_DIST,
      logger: { level: options.logLevel },
      smtpUrl: process.env.SMTP_URL || undefined,
      s3: s3FromEnv(process.env),
      klaviyoApiUrl: process.env.KLAVIYO_API_URL || undefined,
      designTool: designToolFromEnv(process.env),
      trustProxy: process.env.TRUST_PROXY === 'true',
      previewDomain: hostEnv(process.env, 'PRINTLOOM_PREVIEW_DOMAIN'),
      marketplaceDomain: hostEnv(process.env, 'PRINTLOOM_MARKETPLACE_DOMAIN'),
      authRateLimit: positiveIntEnv(process.env, 'PRINTLOOM_AUTH_RATE_LIMIT'),
      bulkLeaseSeconds: positiveIntEnv(process.env, 'PRINTLOOM_BULK_LEASE_SECONDS'),
    },
    { port: options.port, host: options.host },
    (line) => out.write(`${line}\n`),
  );
  await new Promise<void>((done) => {
    const stop = (signal: NodeJS.Signals) => {
      out.write(`Received ${signal}, shutting down.\n`);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      // In-flight requests finish; new connections are refused; the database closes last.
      server.close().then(done, (error: unknown) => {
        out.write(`Shutdown failed: ${String(error)}\n`);
        done();
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    stopSignal?.addEventListener('abort', () => stop('SIGTERM'), { once: true });
  });
}

export function registerServeCommands(program: Command): void {
  program
    .command('serve')
    .description('Run the Printloom API and dashboard (PGlite in --data-dir, or DATABASE_URL)')
    .option('--demo', 'seed demo accounts and data once; demo password printloom-demo', false)
    .option(
      '--port <port>',
      'port to listen on',
      parsePort,
      Number(process.env.PORT) || DEFAULT_PORT,
    )
    .option('--host <host>', 'address to listen on', process.env.HOST || DEFAULT_HOST)
    .option(
      '--data-dir <dir>',
      'database and uploads directory',
      process.env.PRINTLOOM_DATA_DIR || DEFAULT_DATA_DIR,
    )
    .option('--log-level <level>', 'pino log level', 'info')
    .action(async (options: ServeOptions) => {
      await serve(options);
    });
}

import { webDist } from '@printloom/web/dist-path';
import type { Command } from 'commander';
import { CliError, EXIT } from '../CliError.js';
import { createServeLogger, LOG_FORMATS, type LogFormat } from '../serveLog.js';

// Shown in --help; the server applies them (readServerEnvironment) when neither a flag nor its
// variable gives a value. The server is loaded only when serving, so they are repeated here.
export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA_DIR = '.printloom';

/** Flags as given; one left out is read from its variable (PORT, HOST, PRINTLOOM_DATA_DIR). */
export interface ServeOptions {
  demo: boolean;
  port?: number;
  host?: string;
  dataDir?: string;
  logLevel: string;
  /** Bulk workers inside the server (0: none). */
  workers: number;
  /** Terminal lines or JSON lines; default pretty on a terminal. */
  logFormat?: LogFormat | undefined;
}

export const DEFAULT_SERVER_WORKERS = 1;

function parseWorkers(value: string): number {
  const workers = Number(value);
  if (!/^\d+$/.test(value) || workers > 64) {
    throw new CliError(`Invalid --workers "${value}": use a number from 0 to 64`, EXIT.usage);
  }
  return workers;
}

function parseLogFormat(value: string): LogFormat {
  if (!(LOG_FORMATS as readonly string[]).includes(value)) {
    throw new CliError(`Invalid --log-format "${value}": use pretty or json`, EXIT.usage);
  }
  return value as LogFormat;
}

/** The server's own address as a client on this machine reaches it (any-address → loopback). */
export function loopbackUrl(address: { address: string; port: number }): string {
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.address.includes(':')
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new CliError(`Invalid port "${value}": use a number from 0 to 65535`, EXIT.usage);
  }
  return port;
}

/** Starts the API (and the built dashboard) and resolves once it has shut down on a signal. */
export async function serve(
  options: ServeOptions,
  out: NodeJS.WritableStream = process.stdout,
  stopSignal?: AbortSignal,
): Promise<void> {
  const serverModule = await import('@printloom/server');
  const { SettingsError, startServerFromEnvironment } = serverModule;
  const logger = createServeLogger({
    format: options.logFormat ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    level: options.logLevel,
  });
  const { workers: workerCount, logFormat: _format, ...flags } = options;
  // The server reads and checks its settings (flags first, then the environment) in one place.
  const server = await startServerFromEnvironment(
    {
      flags: { ...flags, webDist, logger },
      env: process.env,
    },
    (line) => out.write(`${line}\n`),
  ).catch((error: unknown) => {
    if (error instanceof SettingsError) throw new CliError(error.message, EXIT.usage);
    throw error;
  });
  const stopWorkers = new AbortController();
  const abandonWorkers = new AbortController();
  let workers: Promise<void> = Promise.resolve();
  const address = server.app.server.address();
  if (workerCount > 0 && address && typeof address === 'object') {
    const { runServerWorkers } = await import('../worker/serverWorkers.js');
    workers = runServerWorkers({
      count: workerCount,
      api: loopbackUrl(address),
      server: {
        db: server.app.db,
        sellersWithBulkWork: serverModule.sellersWithBulkWork,
        openServiceSession: (db, sellerId) => serverModule.openServiceSession(db, sellerId),
      },
      logger,
      signal: stopWorkers.signal,
      abandon: abandonWorkers.signal,
    }).catch((error: unknown) => server.app.log.error({ err: error }, 'Server workers stopped'));
    out.write(
      `${workerCount} bulk ${workerCount === 1 ? 'worker' : 'workers'} running in this process (--workers 0 turns them off)\n`,
    );
  }
  await new Promise<void>((done) => {
    const stop = (signal: NodeJS.Signals) => {
      out.write(`Received ${signal}, shutting down.\n`);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      // Workers finish and save the rows in hand (over HTTP, so before the server closes);
      // then in-flight requests finish, new connections are refused, the database closes last.
      // A second signal does not wait for the rows: the workers give them back to the queue
      // (a third one ends the process as usual).
      stopWorkers.abort();
      const hurry = (again: NodeJS.Signals) => {
        out.write(`Received ${again} again, giving the rows in hand back.\n`);
        abandonWorkers.abort();
      };
      process.once('SIGINT', hurry);
      process.once('SIGTERM', hurry);
      workers
        .then(() => server.close())
        .then(done, (error: unknown) => {
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
    .option('--port <port>', `port to listen on (default: $PORT or ${DEFAULT_PORT})`, parsePort)
    .option('--host <host>', `address to listen on (default: $HOST or ${DEFAULT_HOST})`)
    .option(
      '--data-dir <dir>',
      `database and uploads directory (default: $PRINTLOOM_DATA_DIR or ${DEFAULT_DATA_DIR})`,
    )
    .option('--log-level <level>', 'pino log level (debug also shows routine requests)', 'info')
    .option(
      '--log-format <format>',
      'pretty (short lines, default on a terminal) or json (default otherwise)',
      parseLogFormat,
    )
    .option(
      '--workers <n>',
      'bulk workers inside the server, serving every seller (0 turns them off)',
      parseWorkers,
      DEFAULT_SERVER_WORKERS,
    )
    .action(async (options: ServeOptions) => {
      await serve(options);
    });
}

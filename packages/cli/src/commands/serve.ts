import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { CliError, EXIT } from '../CliError.js';

// Shown in --help; the server applies them (readServerEnvironment) when neither a flag nor its
// variable gives a value. The server is loaded only when serving, so they are repeated here.
export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA_DIR = '.printloom';
/** The built dashboard, from src/commands and dist/commands alike. */
const WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** Flags as given; one left out is read from its variable (PORT, HOST, PRINTLOOM_DATA_DIR). */
export interface ServeOptions {
  demo: boolean;
  port?: number;
  host?: string;
  dataDir?: string;
  logLevel: string;
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
  const { SettingsError, startServerFromEnvironment } = await import('@printloom/server');
  // The server reads and checks its settings (flags first, then the environment) in one place.
  const server = await startServerFromEnvironment(
    {
      flags: { ...options, webDist: WEB_DIST },
      env: process.env,
    },
    (line) => out.write(`${line}\n`),
  ).catch((error: unknown) => {
    if (error instanceof SettingsError) throw new CliError(error.message, EXIT.usage);
    throw error;
  });
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
    .option('--port <port>', `port to listen on (default: $PORT or ${DEFAULT_PORT})`, parsePort)
    .option('--host <host>', `address to listen on (default: $HOST or ${DEFAULT_HOST})`)
    .option(
      '--data-dir <dir>',
      `database and uploads directory (default: $PRINTLOOM_DATA_DIR or ${DEFAULT_DATA_DIR})`,
    )
    .option('--log-level <level>', 'pino log level', 'info')
    .action(async (options: ServeOptions) => {
      await serve(options);
    });
}

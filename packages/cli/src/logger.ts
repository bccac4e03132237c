import pino, { type Logger } from 'pino';

export interface LoggerOptions {
  verbose?: boolean;
  /** Where logs go; default stderr so stdout stays clean for `--json` output. */
  stream?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Force pretty (true) or JSON (false); default pretty only on a terminal. */
  pretty?: boolean;
}

/**
 * The CLI's logger: JSON lines when the output is not a terminal (containers, log shippers),
 * readable lines on a terminal.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const stream = options.stream ?? process.stderr;
  const level = options.verbose ? 'debug' : 'info';
  const pretty = options.pretty ?? stream.isTTY === true;
  if (!pretty) return pino({ level, base: { pid: process.pid } }, stream);
  return pino({
    level,
    transport: {
      target: 'pino-pretty',
      options: {
        colorize: true,
        translateTime: 'HH:MM:ss',
        ignore: 'pid,hostname',
        destination: 2,
      },
    },
  });
}

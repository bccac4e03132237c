import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

/**
 * The log of `printloom serve`. JSON lines (one per request, plus events and errors) when the
 * output is not a terminal or with `--log-format json`: log shippers read every field. On a
 * terminal, short lines a person can follow:
 *
 *   12:04:31 POST /seller/campaign/bulk-v3/jobs 200 48ms
 *   12:04:33 server worker 1 · Seller queue drained seller=2 processed=20
 *   12:04:35 ERROR unexpected error          (then the error's stack and fields in full)
 *
 * Routine requests (successful reads, the dashboard's polls, the server's own workers' calls)
 * are debug lines there: `--log-level debug` shows them too.
 */
export const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

const ANSI = { red: 31, green: 32, yellow: 33, gray: 90, bold: 1 } as const;

interface LogLine {
  level: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  worker?: string;
  err?: { stack?: string; message?: string };
  [field: string]: unknown;
}

/** Fields every line has, not worth repeating on a terminal. */
const QUIET_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'worker', 'err']);

function clock(time: number | undefined): string {
  const at = new Date(time ?? Date.now());
  return [at.getHours(), at.getMinutes(), at.getSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
}

function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Whether a request line is routine: a successful read, or one of the server's own workers. */
export function isRoutineRequest(line: LogLine): boolean {
  if (line.worker) return (line.res?.statusCode ?? 0) < 500;
  const method = line.req?.method ?? 'GET';
  const status = line.res?.statusCode ?? 0;
  return (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') && status < 400;
}

export interface PrettyOptions {
  /** Show routine requests (the configured level is debug or trace). */
  routine: boolean;
  color: boolean;
}

/** One JSON log line as the terminal shows it, or null when it is not shown. */
export function prettyLine(json: string, options: PrettyOptions): string | null {
  let line: LogLine;
  try {
    line = JSON.parse(json) as LogLine;
  } catch {
    return json.trimEnd();
  }
  const paint = (code: number, text: string) =>
    options.color ? `\u001b[${code}m${text}\u001b[0m` : text;
  const time = paint(ANSI.gray, clock(line.time));
  const who = line.worker ? `${line.worker} · ` : '';
  if (line.msg === 'request completed' && line.req && line.level < 50) {
    if (!options.routine && isRoutineRequest(line)) return null;
    const status = line.res?.statusCode ?? 0;
    const colour = status >= 500 ? ANSI.red : status >= 400 ? ANSI.yellow : ANSI.green;
    // The path only: query strings can be long and can carry tokens.
    const path = (line.req.url ?? '').split('?')[0];
    const ms = line.responseTime === undefined ? '' : ` ${Math.round(line.responseTime)}ms`;
    return `${time} ${who}${line.req.method ?? ''} ${path} ${paint(colour, String(status))}${ms}`;
  }
  const level = LEVELS[line.level] ?? String(line.level);
  const fields = Object.entries(line)
    .filter(([key]) => !QUIET_FIELDS.has(key))
    .map(([key, value]) => `${key}=${fieldText(value)}`)
    .join(' ');
  const head =
    line.level >= 40
      ? `${time} ${paint(line.level >= 50 ? ANSI.red : ANSI.yellow, level)} ${who}${line.msg ?? ''}`
      : `${time} ${who}${line.msg ?? ''}`;
  const text = fields ? `${head} ${paint(ANSI.gray, fields)}` : head;
  // Errors in full: the stack says where.
  if (line.level >= 50 && line.err) return `${text}\n${line.err.stack ?? line.err.message ?? ''}`;
  return text;
}

/** A stream taking pino's JSON lines and writing the terminal's short lines to `out`. */
export function prettyStream(out: NodeJS.WritableStream, options: PrettyOptions): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += String(chunk);
      let end = pending.indexOf('\n');
      while (end !== -1) {
        const shown = prettyLine(pending.slice(0, end), options);
        if (shown !== null) out.write(`${shown}\n`);
        pending = pending.slice(end + 1);
        end = pending.indexOf('\n');
      }
      done();
    },
  });
}

export interface ServeLoggerOptions {
  format: LogFormat;
  level: string;
  out?: NodeJS.WritableStream & { isTTY?: boolean };
}

/** `printloom serve`'s logger, handed to the server so requests and workers log through it. */
export function createServeLogger(options: ServeLoggerOptions): Logger {
  const out = options.out ?? process.stdout;
  if (options.format === 'json') return pino({ level: options.level }, out);
  const level = pino.levels.values[options.level] ?? 30;
  return pino(
    { level: options.level },
    prettyStream(out, { routine: level <= 20, color: out.isTTY === true }),
  );
}

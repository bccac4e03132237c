import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { type ApiClient, createApiClient, type FetchLike } from '@printloom/core';
import { CliError } from './CliError.js';

/** Where `printloom login` stores the session and which API it belongs to. */
export interface StoredConfig {
  api?: string;
  token?: string;
  email?: string;
}

export const DEFAULT_API = 'http://127.0.0.1:3000';
export const NOT_LOGGED_IN = 'Not logged in: run `printloom login` or set PRINTLOOM_TOKEN';

type Env = Record<string, string | undefined>;

/** `$XDG_CONFIG_HOME/printloom/config.json`, else `~/.config/printloom/config.json`. */
export function configPath(env: Env = process.env): string {
  const base = env.XDG_CONFIG_HOME?.trim() || join(homedir(), '.config');
  return join(base, 'printloom', 'config.json');
}

export async function readConfig(env: Env = process.env): Promise<StoredConfig> {
  const path = configPath(env);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const record = parsed as Record<string, unknown>;
    const pick = (key: string) => (typeof record[key] === 'string' ? record[key] : undefined);
    const config: StoredConfig = {};
    const api = pick('api');
    const token = pick('token');
    const email = pick('email');
    if (api) config.api = api;
    if (token) config.token = token;
    if (email) config.email = email;
    return config;
  } catch {
    throw new CliError(`${path} is not valid JSON: fix or delete it, then log in again`);
  }
}

/** Writes the config readable by its owner only (mode 0600): it holds a session token. */
export async function writeConfig(config: StoredConfig, env: Env = process.env): Promise<string> {
  const path = configPath(env);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // writeFile keeps the mode of a file that existed before.
  await chmod(path, 0o600);
  return path;
}

export async function clearConfig(env: Env = process.env): Promise<void> {
  await rm(configPath(env), { force: true });
}

export interface Session {
  api: string;
  token: string | undefined;
  email: string | undefined;
}

/** The API and token to use: PRINTLOOM_API / PRINTLOOM_TOKEN win over the stored file. */
export async function resolveSession(env: Env = process.env, apiFlag?: string): Promise<Session> {
  const stored = await readConfig(env);
  const api = apiFlag?.trim() || env.PRINTLOOM_API?.trim() || stored.api || DEFAULT_API;
  const token = env.PRINTLOOM_TOKEN?.trim() || stored.token;
  return { api: normaliseApi(api), token, email: stored.email };
}

export function normaliseApi(api: string): string {
  let url: URL;
  try {
    url = new URL(api);
  } catch {
    throw new CliError(`Invalid API address "${api}": use e.g. http://127.0.0.1:3000`, 2);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`Invalid API address "${api}": use http or https`, 2);
  }
  return api.replace(/\/+$/, '');
}

/** The fetch every command uses; tests swap it for a fake. */
export const transport: { fetch: FetchLike } = {
  fetch: (input, init) => globalThis.fetch(input, init),
};

/**
 * A client of `session`'s API. `watch` sees every call on its way (the bulk workers stop on a
 * refused token or an API that is gone, see worker/connectionWatch.ts).
 */
export function clientFor(
  session: Pick<Session, 'api' | 'token'>,
  watch: (fetch: FetchLike) => FetchLike = (fetch) => fetch,
): ApiClient {
  const watched = watch((input, init) => transport.fetch(input, init));
  return createApiClient({
    baseUrl: session.api,
    fetch: async (input, init) => {
      try {
        return await watched(input, init);
      } catch (error) {
        // undici says only 'fetch failed'; name the address and the cause instead.
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        const why = cause?.code ?? cause?.message ?? (error as Error).message;
        throw new Error(`Cannot reach the API at ${session.api} (${why})`);
      }
    },
    getToken: () => session.token,
  });
}

/** A client for commands that need a session; fails with a clear message without one. */
export async function authedClient(
  env: Env = process.env,
): Promise<{ session: Session; client: ApiClient }> {
  const session = await resolveSession(env);
  if (!session.token) throw new CliError(NOT_LOGGED_IN);
  return { session, client: clientFor(session) };
}

import { isApiKey } from '@printloom/core';
import type { Command } from 'commander';
import { CliError, EXIT } from '../CliError.js';
import {
  authedClient,
  clearConfig,
  clientFor,
  configPath,
  readConfig,
  resolveSession,
  writeConfig,
} from '../config.js';
import { printer, printJson } from '../output.js';
import { ask, isInteractive, readAllStdin } from '../prompt.js';

/**
 * `printloom login | logout | whoami`. The token is stored in the user's config file (mode
 * 0600); PRINTLOOM_API and PRINTLOOM_TOKEN override it, so containers need no file at all.
 * Either may be a session token (from email and password) or an API key (`plk_…`, made in the
 * dashboard under Settings → API keys), which does not expire and suits servers and CI.
 */

interface LoginOptions {
  api?: string;
  email?: string;
  passwordStdin?: boolean;
  apiKey?: string;
  json?: boolean;
}

/** The key of `--api-key`; `-` reads it from stdin so it stays out of the process list. */
async function apiKeyOf(option: string): Promise<string> {
  const key = (option === '-' ? await readAllStdin() : option).trim();
  if (!isApiKey(key)) {
    throw new CliError('That is not an API key: keys start with "plk_"', EXIT.usage);
  }
  return key;
}

/** A session token from email and password, with the two-factor step when the account has it. */
async function passwordLogin(api: string, options: LoginOptions): Promise<string> {
  const { email, password } = await credentials(options);
  const client = clientFor({ api, token: undefined });
  const answer = await client.auth.sellerLogin({ body: { email, password } });
  if ('access_token' in answer) return answer.access_token;
  const verified = await client.auth.tfaVerify({
    body: {
      tfa_token: answer.tfa_token,
      code: await tfaCode(),
    },
  });
  return verified.access_token;
}

async function credentials(options: LoginOptions): Promise<{ email: string; password: string }> {
  let email = options.email?.trim();
  if (!email) {
    if (!isInteractive()) throw new CliError('Give --email when not on a terminal', EXIT.usage);
    email = await ask('Email');
  }
  let password: string;
  if (options.passwordStdin) {
    password = await readAllStdin();
  } else if (isInteractive()) {
    password = await ask('Password', true);
  } else {
    throw new CliError('Give --password-stdin when not on a terminal', EXIT.usage);
  }
  if (password === '') throw new CliError('Password is required', EXIT.usage);
  return { email, password };
}

async function tfaCode(): Promise<string> {
  const fromEnv = process.env.PRINTLOOM_TFA_CODE?.trim();
  if (fromEnv) return fromEnv;
  if (!isInteractive()) {
    throw new CliError(
      'This account uses two-factor authentication: run login on a terminal or set PRINTLOOM_TFA_CODE',
    );
  }
  return ask('Two-factor code');
}

export function registerAuthCommands(program: Command): void {
  program
    .command('login')
    .description('Log in to a Printloom API and store the session token')
    .option('--api <url>', 'API address (default: PRINTLOOM_API, the stored one, or local)')
    .option('--email <email>', 'account email (prompted when interactive)')
    .option('--password-stdin', 'read the password from stdin')
    .option('--api-key <key>', 'use an API key instead of a password ("-" reads it from stdin)')
    .option('--json', 'print the result as JSON')
    .action(async (options: LoginOptions, command: Command) => {
      if (options.apiKey !== undefined && (options.email || options.passwordStdin)) {
        throw new CliError('Give either --api-key or --email and a password', EXIT.usage);
      }
      const session = await resolveSession(process.env, options.api);
      const token =
        options.apiKey !== undefined
          ? await apiKeyOf(options.apiKey)
          : await passwordLogin(session.api, options);
      // Also checks a key before it is stored: a revoked or mistyped key fails here.
      const me = await clientFor({ api: session.api, token }).auth.me();
      const path = await writeConfig({ api: session.api, token, email: me.email });
      if (options.json) {
        printJson(command, { api: session.api, email: me.email, config: path, token });
      } else {
        printer(command)(`Logged in to ${session.api} as ${me.email}\n`);
      }
    });

  program
    .command('logout')
    .description('End the session and forget the stored token')
    .action(async (_options: unknown, command: Command) => {
      const stored = await readConfig();
      if (stored.token && isApiKey(stored.token)) {
        // A key has no session to end; forgetting it here does not disable it.
        await clearConfig();
        printer(command)('Forgot the API key. It works until revoked in the dashboard.\n');
        return;
      }
      if (stored.token) {
        const session = await resolveSession();
        try {
          await clientFor({ api: stored.api ?? session.api, token: stored.token }).auth.logout();
        } catch {
          // The token is forgotten locally even when the server cannot be reached.
        }
      }
      await clearConfig();
      printer(command)(stored.token ? 'Logged out.\n' : `Not logged in (${configPath()}).\n`);
    });

  program
    .command('whoami')
    .description('Show the account of the current session')
    .option('--json', 'print the user as JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const { session, client } = await authedClient();
      const me = await client.auth.me();
      if (options.json) {
        printJson(command, { api: session.api, ...me });
        return;
      }
      const roles = me.roles.length > 0 ? ` (${me.roles.join(', ')})` : '';
      printer(command)(`${me.email} — ${me.name}${roles} on ${session.api}\n`);
    });
}

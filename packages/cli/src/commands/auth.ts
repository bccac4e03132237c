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
 */

interface LoginOptions {
  api?: string;
  email?: string;
  passwordStdin?: boolean;
  json?: boolean;
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
    .option('--json', 'print the result as JSON')
    .action(async (options: LoginOptions, command: Command) => {
      const session = await resolveSession(process.env, options.api);
      const { email, password } = await credentials(options);
      const client = clientFor({ api: session.api, token: undefined });
      const answer = await client.auth.sellerLogin({ body: { email, password } });
      let token: string;
      if ('access_token' in answer) {
        token = answer.access_token;
      } else {
        const verified = await client.auth.tfaVerify({
          body: {
            tfa_token: answer.tfa_token,
            code: await tfaCode(),
          },
        });
        token = verified.access_token;
      }
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

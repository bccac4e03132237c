import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalApi, meAnswer, ok, refused, startLocalApi } from '../../test/localApi.js';

/**
 * `printloom login` typed into a real terminal: the built binary runs in a tmux pane (a
 * pseudo-terminal), keys are sent as a person types them, and the pane is read back as the
 * person sees it. CI installs tmux (.ci/run).
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const NODE = join(ROOT, 'node_modules/.bin/node');
const BIN = join(ROOT, 'packages/cli/dist/bin.js');
const SECRET = 'hunter2-typed-secret';
const EMAIL = 'tty@printloom.test';
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
if (!hasTmux && process.env.CI) throw new Error('tmux is missing: .ci/run installs it');

const socket = `printloom-login-${process.pid}`;
const tmux = (...args: string[]) =>
  execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
const pane = () => tmux('capture-pane', '-p', '-t', 'login');

/** Reads the pane until `seen` is on it (the prompt is drawn asynchronously). */
async function waitForPane(seen: RegExp, timeoutMs = 15_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const text = pane();
    if (seen.test(text)) return text;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${seen} on:\n${text}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

let api: LocalApi;
let home: string;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'printloom-tty-'));
  api = await startLocalApi({
    'POST /auth/seller/login': ({ body }) => {
      const { email, password } = body as { email: string; password: string };
      return email === EMAIL && password === SECRET
        ? ok({ access_token: 'token-from-tty-login' })
        : refused(422, 'These credentials do not match our records.');
    },
    'GET /me': () => meAnswer(EMAIL),
  });
});

afterAll(async () => {
  if (hasTmux) spawnSync('tmux', ['-L', socket, 'kill-server']);
  await api?.close();
  rmSync(home, { recursive: true, force: true });
});

const title = hasTmux
  ? 'printloom login on a terminal (tmux)'
  : 'printloom login on a terminal: not run, tmux is missing';

describe.skipIf(!hasTmux)(title, () => {
  it('asks for the email and the password, masks the password and stores the session', async () => {
    const command = [
      `XDG_CONFIG_HOME=${join(home, 'config')}`,
      NODE,
      BIN,
      'login',
      '--api',
      api.url,
    ].join(' ');
    // remain-on-exit keeps the pane readable after the command has ended.
    tmux(
      'start-server',
      ';',
      'set-option',
      '-g',
      'remain-on-exit',
      'on',
      ';',
      'new-session',
      '-d',
      '-s',
      'login',
      '-x',
      '100',
      '-y',
      '20',
      `env ${command}`,
    );
    await waitForPane(/Email/);
    tmux('send-keys', '-t', 'login', '-l', EMAIL);
    tmux('send-keys', '-t', 'login', 'Enter');
    await waitForPane(/Password/);
    tmux('send-keys', '-t', 'login', '-l', SECRET);
    // Before Enter: what is typed shows as one '*' per character, never as text.
    const typing = await waitForPane(new RegExp(`\\*{${SECRET.length}}`));
    expect(typing).not.toContain(SECRET);
    tmux('send-keys', '-t', 'login', 'Enter');
    const done = await waitForPane(/Logged in to/);
    expect(done).toContain(`Logged in to ${api.url} as ${EMAIL}`);
    expect(done).not.toContain(SECRET);
    expect(done).toMatch(/Email.*tty@printloom\.test/);
    const stored = JSON.parse(
      readFileSync(join(home, 'config', 'printloom', 'config.json'), 'utf8'),
    ) as { token: string; email: string };
    expect(stored).toEqual({ api: api.url, token: 'token-from-tty-login', email: EMAIL });
  });
});

import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError } from './CliError.js';
import {
  clientFor,
  configPath,
  DEFAULT_API,
  readConfig,
  resolveSession,
  writeConfig,
} from './config.js';

const dir = mkdtempSync(join(tmpdir(), 'printloom-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('config', () => {
  it('lives under XDG_CONFIG_HOME, else ~/.config', () => {
    expect(configPath({ XDG_CONFIG_HOME: dir })).toBe(join(dir, 'printloom', 'config.json'));
    expect(configPath({})).toBe(join(homedir(), '.config', 'printloom', 'config.json'));
  });

  it('is written with mode 0600, even over a file that was readable by others', async () => {
    const env = { XDG_CONFIG_HOME: join(dir, 'a') };
    await writeConfig({ api: 'http://a.test' }, env);
    const path = configPath(env);
    writeFileSync(path, '{}', { mode: 0o644 });
    await writeConfig({ api: 'http://a.test', token: 'secret' }, env);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(await readConfig(env)).toEqual({ api: 'http://a.test', token: 'secret' });
  });

  it('lets PRINTLOOM_API and PRINTLOOM_TOKEN override the file', async () => {
    const env = { XDG_CONFIG_HOME: join(dir, 'b') };
    await writeConfig({ api: 'http://file.test', token: 'file-token', email: 'a@b.test' }, env);
    expect(await resolveSession(env)).toEqual({
      api: 'http://file.test',
      token: 'file-token',
      email: 'a@b.test',
    });
    expect(
      await resolveSession({ ...env, PRINTLOOM_API: 'http://api:3000/', PRINTLOOM_TOKEN: 'env' }),
    ).toMatchObject({ api: 'http://api:3000', token: 'env' });
  });

  it('defaults to the local API with no file and no env', async () => {
    expect(await resolveSession({ XDG_CONFIG_HOME: join(dir, 'none') })).toEqual({
      api: DEFAULT_API,
      token: undefined,
      email: undefined,
    });
  });

  it('refuses an API address that is not http(s) as a usage error', async () => {
    const attempt = resolveSession({ XDG_CONFIG_HOME: dir, PRINTLOOM_API: 'ftp://x' });
    await expect(attempt).rejects.toBeInstanceOf(CliError);
    await expect(attempt).rejects.toMatchObject({ exitCode: 2 });
  });

  it('names the file when it is not JSON', async () => {
    const env = { XDG_CONFIG_HOME: join(dir, 'c') };
    await writeConfig({}, env);
    writeFileSync(configPath(env), 'not json');
    await expect(readConfig(env)).rejects.toThrow(`${configPath(env)} is not valid JSON`);
  });
});

describe('clientFor', () => {
  it('names the API address when it cannot be reached', async () => {
    const client = clientFor({ api: 'http://127.0.0.1:1', token: 't' });
    await expect(client.auth.me()).rejects.toThrow(
      /^Cannot reach the API at http:\/\/127\.0\.0\.1:1 \(/,
    );
  });
});

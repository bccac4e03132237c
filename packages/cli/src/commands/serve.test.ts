import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../CliError.js';
import { createProgram } from '../program.js';
import { DEFAULT_HOST, DEFAULT_PORT, loopbackUrl } from './serve.js';

// Starting the server itself is tested in @printloom/server (startServer.test.ts) and end to end
// by tests/e2e, which run `printloom serve --demo`. Its settings are read by the server
// (readServerEnvironment.test.ts).
describe('printloom serve', () => {
  it('offers --demo, --port, --host and --data-dir with the documented defaults', () => {
    const serve = createProgram().commands.find((c) => c.name() === 'serve');
    expect(serve?.options.map((o) => o.long)).toEqual(
      expect.arrayContaining(['--demo', '--port', '--host', '--data-dir']),
    );
    expect(DEFAULT_PORT).toBe(3000);
    expect(DEFAULT_HOST).toBe('127.0.0.1');
  });

  it('offers --workers (default 1) and --log-format, and refuses bad values', async () => {
    const serve = createProgram().commands.find((c) => c.name() === 'serve');
    const workers = serve?.options.find((o) => o.long === '--workers');
    expect(workers?.defaultValue).toBe(1);
    const quiet = {
      stdout: process.stdout,
      stderr: { write: () => true } as unknown as NodeJS.WritableStream,
    };
    await expect(
      createProgram(quiet).parseAsync(['serve', '--workers', 'many'], { from: 'user' }),
    ).rejects.toThrow('Invalid --workers "many": use a number from 0 to 64');
    await expect(
      createProgram(quiet).parseAsync(['serve', '--log-format', 'xml'], { from: 'user' }),
    ).rejects.toThrow('Invalid --log-format "xml": use pretty or json');
  });

  it('reaches its own server on loopback when it listens on every address', () => {
    expect(loopbackUrl({ address: '0.0.0.0', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(loopbackUrl({ address: '::', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(loopbackUrl({ address: '10.0.0.5', port: 80 })).toBe('http://10.0.0.5:80');
    expect(loopbackUrl({ address: '::1', port: 3000 })).toBe('http://[::1]:3000');
  });

  it('refuses a port that is not a number with a usage error', async () => {
    const errors: string[] = [];
    const program = createProgram({
      stdout: process.stdout,
      stderr: { write: (s: string) => errors.push(s) } as unknown as NodeJS.WritableStream,
    });
    await expect(program.parseAsync(['serve', '--port', 'abc'], { from: 'user' })).rejects.toThrow(
      'Invalid port "abc"',
    );
  });

  it('refuses a bad setting at start with a usage error naming the variable', async () => {
    // The built binary, as a deployment runs it: the server reads the settings and refuses them
    // before opening anything.
    const root = fileURLToPath(new URL('../../../../', import.meta.url));
    const child = spawn(
      join(root, 'node_modules/.bin/node'),
      [join(root, 'packages/cli/dist/bin.js'), 'serve', '--port', '0'],
      {
        env: { ...process.env, DATABASE_URL: '', PRINTLOOM_BULK_LEASE_SECONDS: 'soon' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(EXIT.usage);
    expect(stderr).toContain(
      'PRINTLOOM_BULK_LEASE_SECONDS must be a whole number above 0, got "soon"',
    );
  });
});

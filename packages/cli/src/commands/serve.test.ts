import { describe, expect, it } from 'vitest';
import { createProgram } from '../program.js';
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  designToolFromEnv,
  hostEnv,
  positiveIntEnv,
  s3FromEnv,
} from './serve.js';

// Starting the server itself is tested in @printloom/server (startServer.test.ts) and end to end
// by tests/e2e, which run `printloom serve --demo`.
describe('printloom serve', () => {
  it('offers --demo, --port, --host and --data-dir with the documented defaults', () => {
    const serve = createProgram().commands.find((c) => c.name() === 'serve');
    expect(serve?.options.map((o) => o.long)).toEqual(
      expect.arrayContaining(['--demo', '--port', '--host', '--data-dir']),
    );
    expect(DEFAULT_PORT).toBe(3000);
    expect(DEFAULT_HOST).toBe('127.0.0.1');
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

  it('reads the bucket from S3_* variables and names what is missing', () => {
    expect(s3FromEnv({})).toBeUndefined();
    expect(
      s3FromEnv({
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toMatchObject({ bucket: 'media', region: 'us-east-1', forcePathStyle: true });
    expect(() => s3FromEnv({ S3_BUCKET: 'media' })).toThrow(
      'S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY missing',
    );
  });

  it('reads the design tool from PB_* variables and names what is missing', () => {
    expect(designToolFromEnv({})).toBeUndefined();
    expect(
      designToolFromEnv({
        PB_API_URL: 'https://pb.example.test/api',
        PB_IFRAME_URL: 'https://pb.example.test/editor',
        PB_TOKEN_SECRET: 's3cret',
      }),
    ).toEqual({
      apiUrl: 'https://pb.example.test/api',
      iframeUrl: 'https://pb.example.test/editor',
      tokenSecret: 's3cret',
    });
    expect(() => designToolFromEnv({ PB_API_URL: 'https://pb.example.test' })).toThrow(
      'PB_API_URL is set but PB_IFRAME_URL, PB_TOKEN_SECRET missing',
    );
    expect(() =>
      designToolFromEnv({
        PB_API_URL: 'pb',
        PB_IFRAME_URL: 'https://x.test',
        PB_TOKEN_SECRET: 'k',
      }),
    ).toThrow('PB_API_URL must be an absolute URL, got "pb"');
  });
  it('reads whole-number settings such as PRINTLOOM_BULK_LEASE_SECONDS and refuses the rest', () => {
    expect(positiveIntEnv({}, 'PRINTLOOM_BULK_LEASE_SECONDS')).toBeUndefined();
    expect(
      positiveIntEnv({ PRINTLOOM_BULK_LEASE_SECONDS: '20' }, 'PRINTLOOM_BULK_LEASE_SECONDS'),
    ).toBe(20);
    for (const bad of ['0', '-5', '2.5', 'soon']) {
      expect(() =>
        positiveIntEnv({ PRINTLOOM_BULK_LEASE_SECONDS: bad }, 'PRINTLOOM_BULK_LEASE_SECONDS'),
      ).toThrow(`PRINTLOOM_BULK_LEASE_SECONDS must be a whole number above 0, got "${bad}"`);
    }
  });

  it('reads store host names such as PRINTLOOM_PREVIEW_DOMAIN and refuses addresses', () => {
    expect(hostEnv({}, 'PRINTLOOM_PREVIEW_DOMAIN')).toBeUndefined();
    expect(
      hostEnv({ PRINTLOOM_PREVIEW_DOMAIN: 'Preview.Shop.example' }, 'PRINTLOOM_PREVIEW_DOMAIN'),
    ).toBe('preview.shop.example');
    for (const bad of ['https://shop.example', 'shop.example/x', '-bad.example', 'a b']) {
      expect(() => hostEnv({ PRINTLOOM_PREVIEW_DOMAIN: bad }, 'PRINTLOOM_PREVIEW_DOMAIN')).toThrow(
        `PRINTLOOM_PREVIEW_DOMAIN must be a host name such as shop.example.com, got "${bad}"`,
      );
    }
  });
});

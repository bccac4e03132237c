import { describe, expect, it } from 'vitest';
import { parseServerSettings, SettingsError } from './config.js';
import { readServerEnvironment } from './readServerEnvironment.js';

const read = (env: Record<string, string>) => readServerEnvironment(env).config;

describe('readServerEnvironment', () => {
  it('reads the bucket from S3_* variables and names what is missing', () => {
    expect(read({}).s3).toBeUndefined();
    expect(
      read({
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toMatchObject({ bucket: 'media', region: 'us-east-1', forcePathStyle: true });
    expect(() => read({ S3_BUCKET: 'media' })).toThrow(
      'S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY missing',
    );
  });

  it('reads the bot check and the public URL, ALTCHA and localhost:<port> by default', () => {
    const defaults = parseServerSettings({ ...read({}), secret: 's' });
    expect(defaults.botCheck.provider).toBe('altcha');
    expect(defaults.publicUrl).toBe('http://localhost:3000');
    expect(readServerEnvironment({ PORT: '4100' }).config.publicUrl).toBe('http://localhost:4100');
    const recaptcha = parseServerSettings({
      ...read({
        PRINTLOOM_BOT_CHECK: 'recaptcha',
        RECAPTCHA_SITE_KEY: 'site',
        RECAPTCHA_SECRET_KEY: 'secret',
        RECAPTCHA_VERSION: 'v2',
        PRINTLOOM_BOT_CHECK_LOGIN_FAILURES: '5',
        PRINTLOOM_PUBLIC_URL: 'https://dash.example.test',
      }),
      secret: 's',
    });
    expect(recaptcha.botCheck).toMatchObject({
      provider: 'recaptcha',
      recaptchaSiteKey: 'site',
      recaptchaSecret: 'secret',
      recaptchaVersion: 'v2',
      loginFailuresBeforeCheck: 5,
    });
    expect(recaptcha.publicUrl).toBe('https://dash.example.test');
    expect(() => read({ PRINTLOOM_BOT_CHECK: 'hcaptcha' })).toThrow(
      'PRINTLOOM_BOT_CHECK must be altcha, recaptcha or off',
    );
    expect(() => read({ RECAPTCHA_VERSION: 'v1' })).toThrow('RECAPTCHA_VERSION must be v2 or v3');
  });

  it('allows private webhook targets only when told, or in demo mode, and reads the API limit', () => {
    expect(parseServerSettings({ ...read({}), secret: 's' })).toMatchObject({
      allowPrivateWebhooks: false,
      apiRateLimit: 120,
    });
    expect(read({ PRINTLOOM_ALLOW_PRIVATE_WEBHOOKS: 'true' }).allowPrivateWebhooks).toBe(true);
    expect(readServerEnvironment({}, { demo: true }).config.allowPrivateWebhooks).toBe(true);
    expect(
      readServerEnvironment({ PRINTLOOM_ALLOW_PRIVATE_WEBHOOKS: 'false' }, { demo: true }).config
        .allowPrivateWebhooks,
    ).toBe(false);
    expect(read({}).emailGatewayPrivateHosts).toBe(false);
    expect(read({ PRINTLOOM_ALLOW_PRIVATE_SMTP: 'true' }).emailGatewayPrivateHosts).toBe(true);
    expect(readServerEnvironment({}, { demo: true }).config.emailGatewayPrivateHosts).toBe(true);
    expect(
      readServerEnvironment({ PRINTLOOM_ALLOW_PRIVATE_SMTP: 'false' }, { demo: true }).config
        .emailGatewayPrivateHosts,
    ).toBe(false);
    expect(read({ PRINTLOOM_API_RATE_LIMIT: '30' }).apiRateLimit).toBe(30);
    expect(() => read({ PRINTLOOM_ALLOW_PRIVATE_WEBHOOKS: 'maybe' })).toThrow(
      'PRINTLOOM_ALLOW_PRIVATE_WEBHOOKS must be true or false',
    );
  });

  it('reads the design tool from PB_* variables and names what is missing', () => {
    expect(read({}).designTool).toBeUndefined();
    expect(
      read({
        PB_API_URL: 'https://pb.example.test/api',
        PB_IFRAME_URL: 'https://pb.example.test/editor',
        PB_TOKEN_SECRET: 's3cret',
      }).designTool,
    ).toEqual({
      apiUrl: 'https://pb.example.test/api',
      iframeUrl: 'https://pb.example.test/editor',
      tokenSecret: 's3cret',
    });
    expect(() => read({ PB_API_URL: 'https://pb.example.test' })).toThrow(
      'PB_API_URL is set but PB_IFRAME_URL, PB_TOKEN_SECRET missing',
    );
    expect(() =>
      read({
        PB_API_URL: 'pb',
        PB_IFRAME_URL: 'https://x.test',
        PB_TOKEN_SECRET: 'k',
      }),
    ).toThrow('PB_API_URL must be an absolute URL, got "pb"');
  });

  it('reads whole-number settings such as PRINTLOOM_BULK_LEASE_SECONDS and refuses the rest', () => {
    expect(read({}).bulkLeaseSeconds).toBeUndefined();
    expect(read({ PRINTLOOM_BULK_LEASE_SECONDS: '20' }).bulkLeaseSeconds).toBe(20);
    for (const bad of ['0', '-5', '2.5', 'soon']) {
      expect(() => read({ PRINTLOOM_BULK_LEASE_SECONDS: bad })).toThrow(
        `PRINTLOOM_BULK_LEASE_SECONDS must be a whole number above 0, got "${bad}"`,
      );
    }
  });

  it('reads store host names such as PRINTLOOM_PREVIEW_DOMAIN and refuses addresses', () => {
    expect(read({}).previewDomain).toBeUndefined();
    expect(read({ PRINTLOOM_PREVIEW_DOMAIN: 'Preview.Shop.example' }).previewDomain).toBe(
      'preview.shop.example',
    );
    for (const bad of ['https://shop.example', 'shop.example/x', '-bad.example', 'a b']) {
      expect(() => read({ PRINTLOOM_PREVIEW_DOMAIN: bad })).toThrow(
        `PRINTLOOM_PREVIEW_DOMAIN must be a host name such as shop.example.com, got "${bad}"`,
      );
    }
  });

  it('reads TRUST_PROXY as proxy addresses and ranges; true means loopback proxies only', () => {
    expect(read({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
    ]);
    expect(read({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseServerSettings({ secret: 's', trustProxy: true }).trustProxy).toBe(true);
    for (const bad of ['*', '10.0.0.1/33', 'proxy.example', '10.0.0.0/8,nope']) {
      expect(() => read({ TRUST_PROXY: bad })).toThrow(`TRUST_PROXY must be true, false or`);
    }
    expect(() => parseServerSettings({ secret: 's', trustProxy: ['10.0.0.0/99'] })).toThrow(
      'trustProxy.0: must be an IP address or CIDR range such as 10.0.0.1 or 192.168.0.0/16',
    );
  });

  it('names every wrong variable at once, and treats empty ones as unset', () => {
    let error: unknown;
    try {
      read({ PORT: '99999', TRUST_PROXY: 'yes', SMTP_URL: 'mail', DATABASE_URL: '' });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(SettingsError);
    expect((error as SettingsError).problems).toEqual([
      'PORT must be a whole number from 0 to 65535, got "99999"',
      'SMTP_URL must be an absolute URL, got "mail"',
      'TRUST_PROXY must be true, false or proxy addresses and CIDR ranges such as 10.0.0.1,192.168.0.0/16, got "yes"',
    ]);
    expect(read({ DATABASE_URL: '', TRUST_PROXY: '' })).toMatchObject({
      databaseUrl: undefined,
      trustProxy: false,
    });
  });

  it('lets flags win over the environment, which wins over the defaults', () => {
    const env = { PORT: '4000', HOST: '0.0.0.0', PRINTLOOM_DATA_DIR: '/srv/printloom' };
    expect(readServerEnvironment(env).listen).toEqual({ port: 4000, host: '0.0.0.0' });
    expect(readServerEnvironment(env, { port: 5000 }).listen).toEqual({
      port: 5000,
      host: '0.0.0.0',
    });
    expect(readServerEnvironment({}).listen).toEqual({ port: 3000, host: '127.0.0.1' });
    expect(readServerEnvironment(env).config.dataDir).toBe('/srv/printloom');
    expect(read({ PRINTLOOM_PUBLIC_UPLOAD_MB_PER_HOUR: '5' }).publicUploadBytesPerHour).toBe(
      5 * 1024 * 1024,
    );
  });
});

describe('parseServerSettings', () => {
  it('applies every default once, so no route applies its own', () => {
    const settings = parseServerSettings({ secret: 's' });
    expect(settings).toMatchObject({
      uploadMaxBytes: 50 * 1024 * 1024,
      bulkLeaseSeconds: 300,
      authRateLimit: 20,
      previewDomain: 'preview.printloom.test',
      marketplaceDomain: 'printloom.test',
      klaviyoApiUrl: 'https://a.klaviyo.com',
      trustProxy: false,
      jobPollingSeconds: 2,
    });
    expect(parseServerSettings({ secret: 's', demo: true }).authRateLimit).toBe(300);
  });

  it('refuses settings that cannot work, naming them', () => {
    expect(() => parseServerSettings({ secret: '', uploadMaxBytes: -1 })).toThrow(SettingsError);
    expect(() => parseServerSettings({ secret: 's', jobPollingSeconds: 0.1 })).toThrow(
      /jobPollingSeconds/,
    );
  });
});

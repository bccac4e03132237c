import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { channelRequest } from './channelMessage.js';
import { WEBHOOK_RETRY_SCHEDULE_SECONDS } from './constants.js';
import { nextAttemptAt } from './retrySchedule.js';
import { hmacSha256, sha256 } from './sha256.js';
import {
  fromBase64,
  isWebhookSignatureValid,
  signWebhook,
  toBase64,
  webhookSecretKey,
  webhookSecretOf,
} from './signWebhook.js';

describe('sha256 and hmac', () => {
  it('agree with node:crypto on any bytes and key', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 100 }), (m, k) => {
        expect(Buffer.from(sha256(m)).toString('hex')).toBe(
          createHash('sha256').update(m).digest('hex'),
        );
        expect(Buffer.from(hmacSha256(k, m)).toString('hex')).toBe(
          createHmac('sha256', k).update(m).digest('hex'),
        );
      }),
    );
  });
  it('base64 round-trips and matches Buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = toBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(Array.from(fromBase64(text) ?? [])).toEqual(Array.from(bytes));
      }),
    );
  });
});

describe('signWebhook', () => {
  it('matches the Standard Webhooks test vector', () => {
    const input = {
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
      body: '{"test": 2432232314}',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    };
    expect(signWebhook(input)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    expect(
      isWebhookSignatureValid(input, 'v1,bogus v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE='),
    ).toBe(true);
    expect(isWebhookSignatureValid({ ...input, body: '{"test": 1}' }, signWebhook(input))).toBe(
      false,
    );
  });
  it('makes whsec_ secrets of the random bytes and reads their key back', () => {
    const bytes = new Uint8Array(24).map((_, i) => i * 7);
    const secret = webhookSecretOf(bytes);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Array.from(webhookSecretKey(secret) ?? [])).toEqual(Array.from(bytes));
    expect(webhookSecretKey('nope')).toBeNull();
    expect(() => signWebhook({ id: 'a', timestamp: 1, body: '', secret: 'x' })).toThrow(/whsec_/);
  });
});

describe('nextAttemptAt', () => {
  it('follows immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const waits = WEBHOOK_RETRY_SCHEDULE_SECONDS.map(
      (_, n) => ((nextAttemptAt(n, now)?.getTime() ?? 0) - now.getTime()) / 1000,
    );
    expect(waits).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(nextAttemptAt(WEBHOOK_RETRY_SCHEDULE_SECONDS.length, now)).toBeNull();
  });
});

describe('channelRequest', () => {
  const message = {
    id: 'msg_1',
    event: 'order.created' as const,
    occurredAt: '2026-01-01T00:00:00.000Z',
    data: {
      order_id: 7,
      order_number: 'PL100007',
      status: 'processing',
      payment_status: 'paid',
      fulfillment_status: 'unfulfilled',
      currency: 'USD',
      total: 2599,
      customer_name: 'Ada <Lovelace>',
    },
  };
  const target = { url: 'https://hooks.example.com/x', chatId: null, secret: null };
  it('speaks each service format', () => {
    const discord = JSON.parse(channelRequest({ ...target, type: 'discord' }, message, 1).body);
    expect(discord.content).toContain('PL100007');
    expect(discord.embeds[0].fields).toContainEqual({
      name: 'Total',
      value: '25.99 USD',
      inline: true,
    });
    const slack = JSON.parse(channelRequest({ ...target, type: 'slack' }, message, 1).body);
    expect(slack.text).toContain('New order');
    expect(slack.blocks[1].fields[0].text).toBe('*Order*\nPL100007');
    const teams = JSON.parse(channelRequest({ ...target, type: 'ms_teams' }, message, 1).body);
    expect(teams['@type']).toBe('MessageCard');
    const telegram = channelRequest(
      {
        type: 'telegram',
        url: 'https://api.telegram.org/bot123:abc',
        chatId: '-100',
        secret: null,
      },
      message,
      1,
    );
    expect(telegram.url).toBe('https://api.telegram.org/bot123:abc/sendMessage');
    const sent = JSON.parse(telegram.body);
    expect(sent).toMatchObject({ chat_id: '-100', parse_mode: 'HTML' });
    expect(sent.text).toContain('Ada &lt;Lovelace&gt;');
  });
  it('signs custom webhooks over the exact body', () => {
    const secret = webhookSecretOf(new Uint8Array(24).fill(9));
    const request = channelRequest({ ...target, type: 'webhook', secret }, message, 1700000000);
    expect(JSON.parse(request.body)).toMatchObject({
      type: 'order.created',
      data: { order_id: 7 },
    });
    expect(request.headers['webhook-id']).toBe('msg_1');
    expect(request.headers['webhook-timestamp']).toBe('1700000000');
    const key = Buffer.from(secret.slice(6), 'base64');
    const expected = createHmac('sha256', key)
      .update(`msg_1.1700000000.${request.body}`)
      .digest('base64');
    expect(request.headers['webhook-signature']).toBe(`v1,${expected}`);
  });
});

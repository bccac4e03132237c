import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  envelope,
  fieldErrorsOf,
  ImageProxyQuery,
  jsonText,
  LoginAnswer,
  LoginCredentials,
  MockupsQuery,
  PreSignedUrlBody,
  parseJsonText,
  RegisterBody,
  splitIds,
  successEnvelope,
} from './index.js';

describe('response envelope', () => {
  const answer = envelope(z.object({ last_update: z.string() }));

  it('reads a success with data and an optional message', () => {
    expect(answer.parse({ success: true, data: { last_update: 'x' } })).toEqual({
      success: true,
      data: { last_update: 'x' },
    });
  });

  it('reads a failure with message and field errors', () => {
    const failure = answer.parse({
      success: false,
      message: 'The given data was invalid.',
      errors: { phone: ['Too short'] },
    });
    expect(failure).toEqual({
      success: false,
      message: 'The given data was invalid.',
      errors: { phone: ['Too short'] },
    });
  });

  it('refuses a success without data and a failure without message', () => {
    expect(answer.safeParse({ success: true }).success).toBe(false);
    expect(answer.safeParse({ success: false }).success).toBe(false);
    const result = successEnvelope(z.number()).safeParse({ success: true, data: 'one' });
    expect(result.success ? {} : fieldErrorsOf(result.error)).toEqual({
      data: ['Invalid input: expected number, received string'],
    });
  });
});

describe('login', () => {
  it('answers an access token or a two-factor challenge', () => {
    expect(LoginAnswer.parse({ access_token: 'a' })).toEqual({ access_token: 'a' });
    expect(LoginAnswer.parse({ tfa_required: true, tfa_token: 't' })).toEqual({
      tfa_required: true,
      tfa_token: 't',
    });
    expect(LoginAnswer.safeParse({ tfa_required: false }).success).toBe(false);
  });

  it('needs a valid email and a password', () => {
    const result = LoginCredentials.safeParse({ email: 'nope', password: '' });
    expect(result.success ? {} : fieldErrorsOf(result.error)).toEqual({
      email: ['Please enter a valid email'],
      password: ['Password is required'],
    });
  });

  it('asks a new account for 8 characters of password', () => {
    const result = RegisterBody.safeParse({ name: 'A', email: 'a@b.co', password: '1234567' });
    expect(result.success ? {} : fieldErrorsOf(result.error)).toEqual({
      password: ['Password must be at least 8 characters'],
    });
  });
});

describe('uploads', () => {
  it('takes a file name and a relative folder', () => {
    expect(PreSignedUrlBody.parse({ fileName: 'a.png', filePath: 'p/12' })).toEqual({
      fileName: 'a.png',
      filePath: 'p/12',
    });
    for (const filePath of ['/etc', '../x', 'p/../x', 'p//x']) {
      expect(PreSignedUrlBody.safeParse({ fileName: 'a.png', filePath }).success).toBe(false);
    }
    expect(PreSignedUrlBody.safeParse({ fileName: 'a/b.png' }).success).toBe(false);
  });

  it('proxies images up to the 4500 px design3x preset', () => {
    expect(ImageProxyQuery.parse({ url: 'https://x.io/a.png', w: '160', h: '200' })).toMatchObject({
      w: 160,
      h: 200,
    });
    expect(ImageProxyQuery.safeParse({ url: 'https://x.io/a.png', w: '4501' }).success).toBe(false);
  });

  it('reads template ids separated by commas', () => {
    expect(splitIds(MockupsQuery.parse({ template_ids: '1,22' }).template_ids)).toEqual([1, 22]);
    expect(MockupsQuery.safeParse({ template_ids: '1,,x' }).success).toBe(false);
  });
});

describe('JSON text', () => {
  const spaces = z.array(z.object({ name: z.string() }));

  it('reports errors of the content under the field path', () => {
    const schema = z.object({ print_spaces: jsonText(spaces) });
    const result = schema.safeParse({ print_spaces: '[{"name":1}]' });
    expect(result.success ? {} : Object.keys(fieldErrorsOf(result.error))).toEqual([
      'print_spaces.0.name',
    ]);
  });

  it('parses without throwing', () => {
    expect(parseJsonText(spaces, '[{"name":"front"}]')).toEqual({
      ok: true,
      value: [{ name: 'front' }],
    });
    expect(parseJsonText(spaces, '{')).toEqual({ ok: false, message: 'Must be valid JSON text' });
    expect(parseJsonText(spaces, null).ok).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { EmailGatewayBody, maskedCredentials, maskSecret } from './emailGateways.js';

describe('email gateway schemas', () => {
  it('masks only the secret fields of each driver', () => {
    expect(
      maskedCredentials('ses', {
        region: 'eu-west-1',
        access_key_id: 'AKIAIOSFODNN7EXAMPLE',
        secret_access_key: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        from: 'shop@example.test',
      }),
    ).toEqual({
      region: 'eu-west-1',
      access_key_id: '•••• MPLE',
      secret_access_key: '•••• EKEY',
      from: 'shop@example.test',
    });
    expect(
      maskedCredentials('smtp', { host: 'mail.example.test', port: 587, password: 'short' }),
    ).toEqual({ host: 'mail.example.test', port: 587, password: '••••' });
    expect(maskSecret('')).toBe('');
  });

  it('checks the credentials of the driver named, with their defaults', () => {
    const smtp = EmailGatewayBody.parse({
      name: 'Own',
      driver: 'smtp',
      credentials: { host: 'mail.example.test', port: 465, from: 'a@example.test' },
    });
    expect(smtp).toMatchObject({
      store_id: null,
      credentials: { secure: false, username: '', password: '' },
    });
    const wrong = EmailGatewayBody.safeParse({
      name: 'Gun',
      driver: 'mailgun',
      credentials: { host: 'mail.example.test', port: 465, from: 'a@example.test' },
    });
    expect(wrong.success).toBe(false);
    const region = EmailGatewayBody.safeParse({
      name: 'SES',
      driver: 'ses',
      credentials: {
        region: 'Frankfurt',
        access_key_id: 'AKIAIOSFODNN7EXAMPLE',
        secret_access_key: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        from: 'a@example.test',
      },
    });
    expect(region.success).toBe(false);
  });
});

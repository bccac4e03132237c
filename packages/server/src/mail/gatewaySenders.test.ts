import { describe, expect, it } from 'vitest';
import { GatewayError, sendThroughGateway, signV4 } from './gatewaySenders.js';

describe('signV4', () => {
  it('matches the get-vanilla case of the AWS Signature V4 test suite', () => {
    const headers = signV4({
      method: 'GET',
      url: new URL('https://example.amazonaws.com/'),
      body: '',
      region: 'us-east-1',
      service: 'service',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      headers: {},
      now: new Date('2015-08-30T12:36:00Z'),
      contentHashHeader: false,
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
    expect(headers['x-amz-date']).toBe('20150830T123600Z');
  });
});

describe('SMTP gateway hosts', () => {
  const endpoints = {
    mailgunBaseUrl: 'https://api.mailgun.net',
    mailgunEuBaseUrl: 'https://api.eu.mailgun.net',
    sesBaseUrl: 'https://email.{region}.amazonaws.com',
  };
  const mail = { to: 'a@example.test', subject: 'Hi', text: 'Hello' };
  it.each(['127.0.0.1', '10.1.2.3', '192.168.0.10', '169.254.169.254', '::1', 'localhost'])(
    'refuses the private address %s',
    async (host) => {
      const sending = sendThroughGateway(
        {
          driver: 'smtp',
          credentials: {
            host,
            port: 25,
            secure: false,
            username: '',
            password: '',
            from: 'a@example.test',
          },
        },
        mail,
        endpoints,
      );
      await expect(sending).rejects.toBeInstanceOf(GatewayError);
      await expect(sending).rejects.toThrow('is not a public address');
    },
  );
});

import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { signDesignToolToken } from './signDesignToolToken.js';

const TOOL = { apiUrl: 'https://pb-api.example.test/v1', tokenSecret: 'shared-with-the-tool' };
const key = (secret: string) => new TextEncoder().encode(secret);

describe('signDesignToolToken', () => {
  it('gives the design tool a token it verifies with the shared secret, for its audience only', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await signDesignToolToken(TOOL, { sellerId: 7, actorId: 9, storeIds: [3] }, now);
    const { payload } = await jwtVerify(token, key(TOOL.tokenSecret), {
      issuer: 'printloom',
      audience: 'https://pb-api.example.test',
      algorithms: ['HS256'],
    });
    expect(payload).toMatchObject({ sub: 'seller:7', seller_id: 7, actor_id: 9, store_ids: [3] });
    await expect(jwtVerify(token, key('another-secret'))).rejects.toThrow();
    await expect(
      jwtVerify(token, key(TOOL.tokenSecret), { audience: 'https://elsewhere.test' }),
    ).rejects.toThrow();
  });

  it('expires after one hour', async () => {
    const issued = Math.floor(Date.now() / 1000) - 3601;
    const token = await signDesignToolToken(
      TOOL,
      { sellerId: 1, actorId: 1, storeIds: null },
      issued,
    );
    await expect(jwtVerify(token, key(TOOL.tokenSecret))).rejects.toThrow(/exp/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  memberSession,
  type TestApp,
} from '../../test/helpers.js';
import { campaignFrom } from '../marketing/campaignMail.js';

describe.each(BACKENDS)('email marketing settings on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seller: string;
  let other: string;
  let storeId: number;
  let secondStoreId: number;

  const call = (as: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const addStore = async (name: string, url: string) => {
    const [row] = await t.app.db.query<{ id: number }>(
      'INSERT INTO stores (seller_id, name, base_url) VALUES ($1, $2, $3) RETURNING id',
      [sellerId, name, url],
    );
    return Number(row?.id);
  };
  const addSender = async (store: number, username: string) =>
    body<{ id: number }>(
      await call(seller, 'POST', '/seller/email-marketing/senders', {
        store_domain_id: store,
        username,
        name: 'Tee Shop',
      }),
    ).data.id;

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'ems@example.test', tags: ['email marketing'] }))
      .id;
    await createUser(t.app, { email: 'ems-other@example.test', tags: ['email marketing'] });
    seller = await login(t.app, 'ems@example.test');
    other = await login(t.app, 'ems-other@example.test');
    storeId = await addStore('Tee Shop', 'https://tees.example.test');
    secondStoreId = await addStore('Mug Shop', 'https://mugs.example.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers empty settings first, then keeps a sender of the store and the footer', async () => {
    const url = `/seller/stores/${storeId}/email-marketing/settings`;
    expect(body(await call(seller, 'GET', url)).data).toEqual({
      store_id: storeId,
      default_sender_id: null,
      footer_address: '',
      unsubscribe_text: '',
    });
    const senderId = await addSender(storeId, 'hello');
    const saved = await call(seller, 'PUT', url, {
      default_sender_id: senderId,
      footer_address: '  1 Main Street\nSpringfield, IL 62701  ',
      unsubscribe_text: 'You get this because you bought from us.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body(saved).message).toBe('Email settings saved.');
    expect(body(await call(seller, 'GET', url)).data).toEqual({
      store_id: storeId,
      default_sender_id: senderId,
      footer_address: '1 Main Street\nSpringfield, IL 62701',
      unsubscribe_text: 'You get this because you bought from us.',
    });
  });

  it('sends a campaign without a sender from the store’s verified default sender', async () => {
    const senderId = await addSender(storeId, 'news');
    await t.app.db.query("UPDATE email_senders SET status = 'verified' WHERE id = $1", [senderId]);
    await call(seller, 'PUT', `/seller/stores/${storeId}/email-marketing/settings`, {
      default_sender_id: senderId,
      footer_address: '',
      unsubscribe_text: '',
    });
    expect(
      await campaignFrom(t.app.db, { seller_id: sellerId, store_id: storeId, sender_id: null }),
    ).toBe('"Tee Shop" <news@tees.example.test>');
    // A store with no default keeps the gateway's own From.
    expect(
      await campaignFrom(t.app.db, {
        seller_id: sellerId,
        store_id: secondStoreId,
        sender_id: null,
      }),
    ).toBeUndefined();
  });

  it('refuses a sender of another store, other sellers, members without the permission, bad text', async () => {
    const url = `/seller/stores/${storeId}/email-marketing/settings`;
    const mugSender = await addSender(secondStoreId, 'mugs');
    const wrong = await call(seller, 'PUT', url, {
      default_sender_id: mugSender,
      footer_address: '',
      unsubscribe_text: '',
    });
    expect(wrong.statusCode).toBe(422);
    expect(body(wrong).message).toBe('Choose one of this store’s senders as its default sender.');
    expect((await call(other, 'GET', url)).statusCode).toBe(404);
    const put = { default_sender_id: null, footer_address: '', unsubscribe_text: '' };
    expect((await call(other, 'PUT', url, put)).statusCode).toBe(404);
    const member = await memberSession(t.app, sellerId, 'ems-helper@example.test', ['get_orders']);
    expect((await call(member, 'GET', url)).statusCode).toBe(403);
    const long = await call(seller, 'PUT', url, { ...put, unsubscribe_text: 'x'.repeat(121) });
    expect(long.statusCode).toBe(400);
  });
});

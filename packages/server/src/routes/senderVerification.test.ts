import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';
import { startSmtpSink } from '../../test/smtpSink.js';

/** Spec §4 senders: verified by a signed link mailed to the sender address (issue 15). */
describe.each(BACKENDS)('sender verification by mailed link on %s', (backend) => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let seller: string;
  let other: string;
  let storeId: number;

  const call = (as: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

  const linkTo = async (address: string): Promise<string> => {
    let path = '';
    await vi.waitFor(
      () => {
        const mail = sink.mails.filter((m) => m.to.includes(address)).at(-1);
        path =
          /https?:\/\/[^\s/]+(\/email\/senders\/verify\/\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
        expect(path).not.toBe('');
      },
      { timeout: 20_000, interval: 100 },
    );
    return path;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp(backend, { smtpUrl: sink.url });
    const { id } = await createUser(t.app, { email: 'sv@example.test', tags: ['email marketing'] });
    await createUser(t.app, { email: 'sv-other@example.test', tags: ['email marketing'] });
    seller = await login(t.app, 'sv@example.test');
    other = await login(t.app, 'sv-other@example.test');
    const [store] = await t.app.db.query<{ id: number }>(
      "INSERT INTO stores (seller_id, name, base_url) VALUES ($1, 'Tee Shop', 'https://www.shop.example.test') RETURNING id",
      [id],
    );
    storeId = Number(store?.id);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('mails a link on add; opening it verifies the sender; resends are limited', async () => {
    const created = await call(seller, 'POST', '/seller/email-marketing/senders', {
      store_domain_id: storeId,
      username: 'news',
      name: 'Tee Shop News',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(body(created).message).toBe('We mailed a verification link to the sender address.');
    const sender = body<{ id: number; status: string; link_sent_at: string | null }>(created).data;
    expect(sender.status).toBe('pending');
    expect(sender.link_sent_at).not.toBeNull();
    const mail = sink.mails.find((m) => m.to.includes('news@shop.example.test'));
    expect(mail?.headers.get('subject')).toBe(
      'Confirm news@shop.example.test as a sender of Tee Shop',
    );
    const path = await linkTo('news@shop.example.test');

    // A second link within the minute is refused; nobody else may ask for one.
    const soon = await call(
      seller,
      'POST',
      `/seller/email-marketing/senders/${sender.id}/verification`,
    );
    expect(soon.statusCode).toBe(422);
    expect(body(soon).message).toBe(
      'A verification link was just mailed; wait a minute before asking for another.',
    );
    expect(
      (await call(other, 'POST', `/seller/email-marketing/senders/${sender.id}/verification`))
        .statusCode,
    ).toBe(404);

    // A forged link verifies nothing.
    const forged = await t.app.inject({
      method: 'GET',
      url: path.replace(/\.[A-Za-z0-9_-]{32}$/, `.${'A'.repeat(32)}`),
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.body).toContain('Link not valid');

    const opened = await t.app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('Sender verified');
    expect(opened.body).toContain(
      'news@shop.example.test may now send the email campaigns of Tee Shop',
    );
    const view = body<{ status: string; verified_by: string }>(
      await call(seller, 'GET', `/seller/email-marketing/senders/${sender.id}`),
    ).data;
    expect(view).toMatchObject({ status: 'verified', verified_by: 'link' });
    const again = await call(
      seller,
      'POST',
      `/seller/email-marketing/senders/${sender.id}/verification`,
    );
    expect(again.statusCode).toBe(422);
    expect(body(again).message).toBe('This sender is already verified.');
  });

  it('"Resend verification" mails a fresh link; a link of an old address verifies nothing', async () => {
    const created = await call(seller, 'POST', '/seller/email-marketing/senders', {
      store_domain_id: storeId,
      username: 'deals',
      name: 'Deals',
    });
    const id = body<{ id: number }>(created).data.id;
    const oldLink = await linkTo('deals@shop.example.test');
    // A minute later the seller asks again.
    await t.app.db.query(
      "UPDATE email_senders SET link_sent_at = now() - interval '2 minutes' WHERE id = $1",
      [id],
    );
    const before = sink.mails.length;
    const resent = await call(seller, 'POST', `/seller/email-marketing/senders/${id}/verification`);
    expect(resent.statusCode, resent.body).toBe(200);
    await vi.waitFor(() => expect(sink.mails.length).toBe(before + 1), { timeout: 20_000 });

    // The address changes: links mailed to the old one no longer verify.
    const renamed = await call(seller, 'PATCH', `/seller/email-marketing/senders/${id}`, {
      store_domain_id: storeId,
      username: 'offers',
      name: 'Deals',
    });
    expect(renamed.statusCode).toBe(200);
    const stale = await t.app.inject({ method: 'GET', url: oldLink });
    expect(stale.statusCode).toBe(404);
    const view = body<{ status: string }>(
      await call(seller, 'GET', `/seller/email-marketing/senders/${id}`),
    ).data;
    expect(view.status).toBe('pending');
  });
});

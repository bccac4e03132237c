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

interface RequestAnswer {
  id: number;
  title: string;
  slug: string;
  status: string;
  votes: number;
  comments: number;
  voted: boolean;
  mine: boolean;
  author_name: string;
  comment_list?: Array<{ body: string; author_name: string; by_operator: boolean }>;
}

describe.each(BACKENDS)('feature requests on %s', (backend) => {
  let t: TestApp;
  let anna: string;
  let ben: string;
  let member: string;
  let admin: string;

  const call = (
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const post = async (as: string, title: string, category = 'editor') => {
    const response = await call(as, 'POST', '/seller/feature-requests', {
      title,
      body: `${title}: please, it would save me an hour a day.`,
      category,
    });
    expect(response.statusCode, response.body).toBe(200);
    return body<RequestAnswer>(response).data;
  };
  const list = async (as: string, query = '') =>
    body<{ data: RequestAnswer[]; total: number }>(
      await call(as, 'GET', `/seller/feature-requests${query}`),
    ).data;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const annaUser = await createUser(t.app, { email: 'anna@example.test', name: 'Anna Lopez' });
    await createUser(t.app, { email: 'ben@example.test', name: 'Ben Ode' });
    await createUser(t.app, { email: 'operator@example.test', isAdmin: true });
    [anna, ben, admin] = await Promise.all([
      login(t.app, 'anna@example.test'),
      login(t.app, 'ben@example.test'),
      login(t.app, 'operator@example.test'),
    ]);
    member = await memberSession(t.app, annaUser.id, 'anna-staff@example.test', []);
  }, 60_000);
  afterAll(() => t.close());

  it('posts a request with its poster’s vote and an address ending in its id', async () => {
    const posted = await post(anna, 'Dark mode for the editor');
    expect(posted).toMatchObject({ status: 'under_review', votes: 1, voted: true, mine: true });
    expect(posted.slug).toBe(`dark-mode-for-the-editor-${posted.id}`);
    expect(posted.author_name).toBe('Anna');
    const seenByBen = (await list(ben)).data.find((r) => r.id === posted.id);
    expect(seenByBen).toMatchObject({ votes: 1, voted: false, mine: false, author_name: 'Anna' });
  });

  it('counts one vote per seller account, however often it votes, and takes it back', async () => {
    const posted = await post(anna, 'Bulk price change by collection', 'bulk');
    for (let i = 0; i < 3; i++) {
      expect(
        (await call(ben, 'POST', `/seller/feature-requests/${posted.id}/vote`)).statusCode,
      ).toBe(200);
    }
    // Anna's team member votes as Anna's account, which already voted.
    const asMember = await call(member, 'POST', `/seller/feature-requests/${posted.id}/vote`);
    expect(body<RequestAnswer>(asMember).data).toMatchObject({ votes: 2, voted: true });
    const taken = await call(ben, 'DELETE', `/seller/feature-requests/${posted.id}/vote`);
    expect(body<RequestAnswer>(taken).data).toMatchObject({ votes: 1, voted: false });
    const again = await call(ben, 'DELETE', `/seller/feature-requests/${posted.id}/vote`);
    expect(body<RequestAnswer>(again).data.votes).toBe(1);
  });

  it('sorts by votes, filters by category, status and own votes, and searches', async () => {
    const popular = await post(ben, 'Etsy order import every hour', 'integrations');
    await call(anna, 'POST', `/seller/feature-requests/${popular.id}/vote`);
    const first = (await list(ben)).data[0];
    expect(first?.id).toBe(popular.id);
    expect((await list(ben, '?category=integrations')).data.map((r) => r.id)).toEqual([popular.id]);
    expect((await list(ben, '?q=ETSY')).data.map((r) => r.id)).toEqual([popular.id]);
    const mine = (await list(ben, '?voted=1')).data;
    expect(mine.every((r) => r.voted)).toBe(true);
    expect((await list(ben, '?status=done')).total).toBe(0);
    const bad = await call(ben, 'GET', '/seller/feature-requests?category=nope');
    expect(bad.statusCode).toBe(400);
  });

  it('keeps comments in order, marks the operator’s, and lets only an operator set a status', async () => {
    const posted = await post(anna, 'Sleeve print space on hoodies', 'campaigns');
    await call(ben, 'POST', `/seller/feature-requests/${posted.id}/comments`, {
      body: 'Yes please',
    });
    await call(admin, 'POST', `/seller/feature-requests/${posted.id}/comments`, {
      body: 'On our list for spring.',
    });
    const detail = body<RequestAnswer>(
      await call(anna, 'GET', `/seller/feature-requests/${posted.id}`),
    ).data;
    expect(detail.comments).toBe(2);
    expect(detail.comment_list).toEqual([
      expect.objectContaining({ body: 'Yes please', author_name: 'Ben', by_operator: false }),
      expect.objectContaining({
        body: 'On our list for spring.',
        author_name: 'Printloom team',
        by_operator: true,
      }),
    ]);

    const refused = await call(anna, 'PUT', `/admin/feature-requests/${posted.id}/status`, {
      status: 'done',
    });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe(
      'Only a platform operator can change the status of a request.',
    );
    const planned = await call(admin, 'PUT', `/admin/feature-requests/${posted.id}/status`, {
      status: 'planned',
    });
    expect(body<RequestAnswer>(planned).data.status).toBe('planned');
    expect((await list(anna, '?status=planned')).data.map((r) => r.id)).toEqual([posted.id]);
  });

  it('refuses empty comments, short titles and unknown requests with a reason', async () => {
    const short = await call(anna, 'POST', '/seller/feature-requests', {
      title: 'Hi',
      body: 'too short?',
      category: 'other',
    });
    expect(short.statusCode).toBe(400);
    expect(body(short).errors?.title).toEqual(['The title needs 5 to 120 characters.']);
    const empty = await call(anna, 'POST', '/seller/feature-requests/1/comments', { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect((await call(anna, 'GET', '/seller/feature-requests/999999')).statusCode).toBe(404);
    expect((await call(anna, 'POST', '/seller/feature-requests/999999/vote')).statusCode).toBe(404);
  });
});

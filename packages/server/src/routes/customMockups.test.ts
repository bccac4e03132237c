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

interface MockupAnswer {
  id: number;
  name: string;
  file_url: string;
  width: number;
  height: number;
  print_area: { x: number; y: number; width: number; height: number };
}

const PHOTO = {
  name: 'Tee on a chair',
  file_url: 'custom-mockups/tee-chair.jpg',
  width: 1200,
  height: 900,
  print_area: { x: 400, y: 200, width: 400, height: 500 },
};

describe.each(BACKENDS)('custom mockups on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seller: string;
  let other: string;

  const call = (
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'photographer@example.test' })).id;
    await createUser(t.app, { email: 'neighbour@example.test' });
    seller = await login(t.app, 'photographer@example.test');
    other = await login(t.app, 'neighbour@example.test');
  });
  afterAll(() => t.close());

  it('saves a photo with its print area, lists, edits and deletes it', async () => {
    const created = await call(seller, 'POST', '/seller/custom-mockups', PHOTO);
    expect(created.statusCode, created.body).toBe(200);
    const mockup = body<MockupAnswer>(created).data;
    expect(mockup).toMatchObject(PHOTO);
    expect(body(created).message).toBe('Mockup saved');

    const listed = body<MockupAnswer[]>(await call(seller, 'GET', '/seller/custom-mockups')).data;
    expect(listed.map((m) => m.name)).toEqual(['Tee on a chair']);
    const searched = await call(seller, 'GET', '/seller/custom-mockups?q=mug');
    expect(body<MockupAnswer[]>(searched).data).toEqual([]);

    const moved = await call(seller, 'PUT', `/seller/custom-mockups/${mockup.id}`, {
      ...PHOTO,
      name: 'Tee, closer',
      print_area: { x: 0, y: 0, width: 1200, height: 900 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const read = body<MockupAnswer>(
      await call(seller, 'GET', `/seller/custom-mockups/${mockup.id}`),
    ).data;
    expect(read.name).toBe('Tee, closer');
    expect(read.print_area).toEqual({ x: 0, y: 0, width: 1200, height: 900 });

    const gone = await call(seller, 'DELETE', `/seller/custom-mockups/${mockup.id}`);
    expect(gone.statusCode).toBe(200);
    expect((await call(seller, 'GET', `/seller/custom-mockups/${mockup.id}`)).statusCode).toBe(404);
  });

  it('refuses a print area outside the photo with a message on the field', async () => {
    const response = await call(seller, 'POST', '/seller/custom-mockups', {
      ...PHOTO,
      print_area: { x: 1000, y: 200, width: 400, height: 500 },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).errors?.print_area).toEqual(['The print area must lie inside the photo']);
    const tiny = await call(seller, 'POST', '/seller/custom-mockups', {
      ...PHOTO,
      print_area: { x: 0, y: 0, width: 2, height: 2 },
    });
    expect(body(tiny).errors?.print_area?.[0]).toMatch(/at least 8 pixels/);
  });

  it("keeps another seller's mockup out of reach (404) and out of their list", async () => {
    const mine = body<MockupAnswer>(
      await call(seller, 'POST', '/seller/custom-mockups', PHOTO),
    ).data;
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', PHOTO],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(other, method, `/seller/custom-mockups/${mine.id}`, payload);
      expect(response.statusCode, `${method}`).toBe(404);
    }
    expect(body<MockupAnswer[]>(await call(other, 'GET', '/seller/custom-mockups')).data).toEqual(
      [],
    );
    const still = await call(seller, 'GET', `/seller/custom-mockups/${mine.id}`);
    expect(body<MockupAnswer>(still).data.name).toBe('Tee on a chair');
  });

  it('lets a member who may read campaigns list mockups but not change them', async () => {
    const reader = await memberSession(t.app, sellerId, 'mockup-reader@example.test', [
      'get_campaigns',
    ]);
    expect((await call(reader, 'GET', '/seller/custom-mockups')).statusCode).toBe(200);
    expect((await call(reader, 'POST', '/seller/custom-mockups', PHOTO)).statusCode).toBe(403);
    const editor = await memberSession(t.app, sellerId, 'mockup-editor@example.test', [
      'get_campaigns',
      'update_campaign',
    ]);
    expect((await call(editor, 'POST', '/seller/custom-mockups', PHOTO)).statusCode).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/createApiClient.js';
import {
  BULK_MESSAGES,
  BULK_ROW_MAX_ATTEMPTS,
  MULTI_SPACE_POLL_MS,
  MULTI_SPACE_POLL_THROTTLE_MS,
  MULTI_SPACE_RETRY_WAIT_MS,
} from './constants.js';
import {
  initialMultiSpaceState,
  MULTI_SPACE_MODES as M,
  type MultiSpaceState,
  planMultiSpace,
  type RenderedRow,
  runMultiSpaceWorker,
  transition,
  type WorkerClock,
} from './multiSpaceWorker.js';
import type { PendingBulkRecord } from './PendingBulkRecord.js';

const template = {
  id: 7,
  products: [
    {
      id: 11,
      template_id: 3,
      print_spaces: JSON.stringify([{ name: 'front', width: 4200, height: 4800 }]),
      designs: [],
      template_mockups: [{ id: 21, print_space: 'front' }],
      full_printed: 0 as const,
      mockup_type: '2d' as const,
    },
  ],
};

function row(id: number, designs: string | null, lease = `lease-${id}`): PendingBulkRecord {
  return {
    id,
    bulk_id: 1,
    template_campaign_id: 7,
    template_campaign: template,
    type: 'regular_multi_space',
    designs,
    lease_token: lease,
  };
}

const goodDesigns = JSON.stringify([{ new_url: '/files/art/1.png', print_space: 'front' }]);
const rendered: RenderedRow = {
  designs: [{ print_space: 'front', product_id: 11, file_url: 'd/1.png', option: 'print' }],
  designs3D: [{ file_url: 'p/7/21_1.jpg', mockup_id: 21, product_id: 11, print_space: 'front' }],
};

describe('multi-space transition', () => {
  it('claims a valid row, renders it, saves it and goes back to loading', () => {
    let s = initialMultiSpaceState();
    expect(planMultiSpace(s)).toEqual({ kind: 'claim' });
    s = transition(s, { type: 'claimed', records: [row(1, goodDesigns)], now: 0 });
    expect(s.mode).toBe(M.preload);
    const plan = planMultiSpace(s);
    expect(plan.kind).toBe('render');
    if (plan.kind === 'render') {
      expect(plan.designs).toEqual([
        { product_id: 11, template_id: 3, print_space: 'front', new_url: '/files/art/1.png' },
      ]);
      expect(plan.mockups).toEqual([{ product_id: 11, mockup_id: 21, print_space: 'front' }]);
    }
    s = transition(s, { type: 'rendered', result: rendered });
    expect(s.mode).toBe(M.applySuccess);
    expect(planMultiSpace(s)).toMatchObject({ kind: 'save', result: rendered });
    s = transition(s, { type: 'saved' });
    expect(s.mode).toBe(M.loadPending);
    expect(s.counts).toEqual({ processed: 1, invalid: 0, errors: 0 });
    expect(s.record).toBeNull();
  });

  it.each([
    ['not JSON', 'Designs is invalid'],
    ['[]', 'Empty valid design'],
    [JSON.stringify([{ print_space: 'front' }]), 'Design url is invalid'],
    [JSON.stringify([{ new_url: 'a.png', print_space: 'sleeve' }]), 'PRINT_SPACE_IS_MISSING'],
  ])('marks a row with designs %s invalid with "%s"', (designs, message) => {
    let s = transition(initialMultiSpaceState(), {
      type: 'claimed',
      records: [row(2, designs)],
      now: 0,
    });
    expect(s.mode).toBe(M.invalidDesign);
    expect(planMultiSpace(s)).toMatchObject({ kind: 'mark_invalid', message });
    s = transition(s, { type: 'marked_invalid' });
    expect(s.mode).toBe(M.loadPending);
    expect(s.counts.invalid).toBe(1);
  });

  it('polls every 1000 ms but claims again only 10 000 ms after an empty claim', () => {
    let s = transition(initialMultiSpaceState(), { type: 'claimed', records: [], now: 5000 });
    expect(s.mode).toBe(M.polling);
    expect(planMultiSpace(s)).toEqual({ kind: 'sleep', ms: MULTI_SPACE_POLL_MS, after: 'tick' });
    for (let t = 6000; t < 5000 + MULTI_SPACE_POLL_THROTTLE_MS; t += MULTI_SPACE_POLL_MS) {
      s = transition(s, { type: 'tick', now: t });
      expect(s.mode).toBe(M.polling);
    }
    s = transition(s, { type: 'tick', now: 15_000 });
    expect(s.mode).toBe(M.loadPending);
  });

  it('stops on an empty claim with once', () => {
    const s = transition(initialMultiSpaceState({ once: true }), {
      type: 'claimed',
      records: [],
      now: 0,
    });
    expect(s.mode).toBe(M.stopped);
    expect(planMultiSpace(s)).toEqual({ kind: 'stop' });
  });

  it('waits 2000 ms after a failed claim, render or save', () => {
    let s = transition(initialMultiSpaceState(), { type: 'claim_failed', message: 'offline' });
    expect(s.mode).toBe(M.waiting);
    expect(s.lastError).toBe(`${BULK_MESSAGES.failedToGetPendingRecords}: offline`);
    expect(planMultiSpace(s)).toEqual({
      kind: 'sleep',
      ms: MULTI_SPACE_RETRY_WAIT_MS,
      after: 'waited',
    });
    s = transition(s, { type: 'waited' });
    expect(s.mode).toBe(M.loadPending);
    s = transition(s, { type: 'claimed', records: [row(3, goodDesigns)], now: 0 });
    s = transition(s, { type: 'failed', message: 'Load img failed' });
    expect(s).toMatchObject({ mode: M.waiting, lastError: 'Load img failed', record: null });
    s = transition(transition(s, { type: 'waited' }), {
      type: 'claimed',
      records: [row(4, goodDesigns)],
      now: 0,
    });
    s = transition(transition(s, { type: 'rendered', result: rendered }), {
      type: 'failed',
      message: 'Upload file failed',
    });
    expect(s.mode).toBe(M.waiting);
    expect(s.counts.errors).toBe(3);
  });

  it('fails a row whose render fails on its last attempt, with the reason', () => {
    const claimed = (attempts: number) =>
      transition(initialMultiSpaceState(), {
        type: 'claimed',
        records: [{ ...row(6, goodDesigns), attempts }],
        now: 0,
      });
    const failure = { type: 'failed', message: 'Cannot load /files/art/1.png: HTTP 404' } as const;
    // Before the last attempt the row keeps its lease; another claim tries it again.
    expect(transition(claimed(BULK_ROW_MAX_ATTEMPTS - 1), failure).mode).toBe(M.waiting);
    let s = transition(claimed(BULK_ROW_MAX_ATTEMPTS), failure);
    expect(s.mode).toBe(M.invalidDesign);
    expect(planMultiSpace(s)).toMatchObject({
      kind: 'mark_invalid',
      message: 'Failed after 3 attempts: Cannot load /files/art/1.png: HTTP 404',
    });
    s = transition(s, { type: 'marked_invalid' });
    expect(s.mode).toBe(M.loadPending);
    expect(s.counts).toEqual({ processed: 0, invalid: 1, errors: 1 });
  });

  it('finishes the row in hand on stop, and stops at once between rows', () => {
    let s = transition(initialMultiSpaceState(), {
      type: 'claimed',
      records: [row(5, goodDesigns)],
      now: 0,
    });
    s = transition(s, { type: 'stop' });
    expect(s.mode).toBe(M.preload);
    s = transition(transition(s, { type: 'rendered', result: rendered }), { type: 'saved' });
    expect(s.mode).toBe(M.stopped);
    expect(transition(initialMultiSpaceState(), { type: 'stop' }).mode).toBe(M.stopped);
    const waiting = transition(initialMultiSpaceState(), { type: 'claim_failed', message: 'x' });
    expect(transition(waiting, { type: 'stop' }).mode).toBe(M.stopped);
  });

  it('ignores events that do not belong to the mode', () => {
    const s = initialMultiSpaceState();
    expect(transition(s, { type: 'saved' })).toBe(s);
    const stopped: MultiSpaceState = { ...s, mode: M.stopped };
    expect(transition(stopped, { type: 'waited' })).toBe(stopped);
  });
});

function fakeClock(): WorkerClock & { slept: number[] } {
  let now = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

const silent = { info() {}, warn() {}, error() {} };

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fake API server over `fetch`: queued rows, recorded calls, PUTs failing as told. */
function fakeApi(rows: PendingBulkRecord[], putFailures = 0) {
  const calls: Call[] = [];
  let failuresLeft = putFailures;
  const fetch = async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    calls.push({ method, url, body });
    const json = (data: unknown) =>
      new Response(JSON.stringify({ success: true, data }), { status: 200 });
    if (url.includes('/bulk-v3/pending')) return json(rows.splice(0, 1));
    if (url.endsWith('/pre-signed-url')) {
      const key = `${body.filePath}/${body.fileName}`;
      return json({ filePath: key, preSignedUrl: `/blob/${key}`, fileUrl: `/files/${key}` });
    }
    if (method === 'PUT') {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return new Response('', { status: 500 });
      }
      return new Response('', { status: 200 });
    }
    if (url.endsWith('/bulk-v3/release')) return json({ id: body.id, status: 'pending' });
    if (url.endsWith('/save-processed-row') || url.endsWith('/mark-row-invalid')) {
      return json({ id: body.id, status: url.endsWith('invalid') ? 'failed' : 'completed' });
    }
    return new Response(JSON.stringify({ success: false, message: 'Not found' }), {
      status: 404,
    });
  };
  // Upload retries without the real waits between attempts.
  const client = createApiClient({ baseUrl: 'http://api.test', fetch, sleep: async () => {} });
  return { client, calls };
}

/** A renderer that uploads one mockup through the client, as the real one does. */
function uploadingRenderer(client: ReturnType<typeof createApiClient>, clock: WorkerClock) {
  return {
    async renderRow({
      record,
      mockups,
    }: {
      record: PendingBulkRecord;
      mockups: { mockup_id: number; product_id: number; print_space: string }[];
    }) {
      const designs3D = [];
      for (const mockup of mockups) {
        const answer = await client.uploads.uploadMockup({
          campaignId: record.template_campaign_id,
          mockupId: mockup.mockup_id,
          timestamp: clock.now(),
          file: new Uint8Array([1, 2, 3]),
        });
        designs3D.push({ ...mockup, file_url: answer.filePath });
      }
      return { designs: rendered.designs, designs3D };
    },
  };
}

describe('runMultiSpaceWorker against a fake API', () => {
  it('saves a good row with its lease token and marks a bad row invalid, then exits with once', async () => {
    const { client, calls } = fakeApi([row(1, goodDesigns, 'tok-1'), row(2, '[]', 'tok-2')]);
    const clock = fakeClock();
    const final = await runMultiSpaceWorker({
      api: client,
      renderer: uploadingRenderer(client, clock),
      clock,
      logger: silent,
      signal: new AbortController().signal,
      identity: { deviceId: 'dev-1', sessionId: 'sess-1' },
      once: true,
    });
    expect(final.mode).toBe(M.stopped);
    expect(final.counts).toEqual({ processed: 1, invalid: 1, errors: 0 });
    const save = calls.find((c) => c.url.endsWith('/save-processed-row'));
    expect(save?.body).toMatchObject({
      id: 1,
      leaseToken: 'tok-1',
      deviceId: 'dev-1',
      sessionId: 'sess-1',
      designs3D: [{ mockup_id: 21, file_url: 'p/7/21_0.jpg' }],
    });
    const invalid = calls.find((c) => c.url.endsWith('/mark-row-invalid'));
    expect(invalid?.body).toMatchObject({
      id: 2,
      message: 'Empty valid design',
      leaseToken: 'tok-2',
    });
  });

  it('retries an upload up to 3 attempts and succeeds on the third', async () => {
    const { client, calls } = fakeApi([row(1, goodDesigns)], 2);
    const clock = fakeClock();
    const final = await runMultiSpaceWorker({
      api: client,
      renderer: uploadingRenderer(client, clock),
      clock,
      logger: silent,
      signal: new AbortController().signal,
      identity: { deviceId: 'd', sessionId: 's' },
      once: true,
    });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(3);
    expect(final.counts.processed).toBe(1);
  });

  it('gives up on a row after 3 failed uploads, logs the failure and waits 2 s', async () => {
    const { client, calls } = fakeApi([row(1, goodDesigns)], 3);
    const clock = fakeClock();
    const errors: string[] = [];
    const final = await runMultiSpaceWorker({
      api: client,
      renderer: uploadingRenderer(client, clock),
      clock,
      logger: { ...silent, error: (_f, message) => errors.push(message) },
      signal: new AbortController().signal,
      identity: { deviceId: 'd', sessionId: 's' },
      once: true,
    });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(3);
    expect(calls.some((c) => c.url.endsWith('/save-processed-row'))).toBe(false);
    expect(errors).toEqual(['Upload file failed']);
    expect(clock.slept).toEqual([MULTI_SPACE_RETRY_WAIT_MS]);
    expect(final.counts).toEqual({ processed: 0, invalid: 0, errors: 1 });
  });

  it("marks a row failed with the renderer's reason when its last attempt fails", async () => {
    const { client, calls } = fakeApi([{ ...row(1, goodDesigns, 'tok-1'), attempts: 3 }]);
    const final = await runMultiSpaceWorker({
      api: client,
      renderer: {
        renderRow: async () => {
          throw new Error('https://cdn.test/a.png is not a PNG, JPEG, WebP or GIF image');
        },
      },
      clock: fakeClock(),
      logger: silent,
      signal: new AbortController().signal,
      identity: { deviceId: 'd', sessionId: 's' },
      once: true,
    });
    const invalid = calls.find((c) => c.url.endsWith('/mark-row-invalid'));
    expect(invalid?.body).toMatchObject({
      id: 1,
      leaseToken: 'tok-1',
      message:
        'Failed after 3 attempts: https://cdn.test/a.png is not a PNG, JPEG, WebP or GIF image',
    });
    expect(final.counts).toEqual({ processed: 0, invalid: 1, errors: 1 });
  });

  it('stops between polls when the signal aborts', async () => {
    const { client } = fakeApi([]);
    const controller = new AbortController();
    const clock = fakeClock();
    const sleep = clock.sleep;
    clock.sleep = async (ms, signal) => {
      await sleep(ms, signal);
      if (clock.slept.length === 3) controller.abort();
    };
    const final = await runMultiSpaceWorker({
      api: client,
      renderer: uploadingRenderer(client, clock),
      clock,
      logger: silent,
      signal: controller.signal,
      identity: { deviceId: 'd', sessionId: 's' },
    });
    expect(final.mode).toBe(M.stopped);
    expect(clock.slept).toEqual([1000, 1000, 1000]);
  });
  it('on stop mid-row, saves the row in hand before stopping', async () => {
    const { client, calls } = fakeApi([row(1, goodDesigns, 'tok-1'), row(2, goodDesigns)]);
    const controller = new AbortController();
    const clock = fakeClock();
    const inner = uploadingRenderer(client, clock);
    const final = await runMultiSpaceWorker({
      api: client,
      renderer: {
        renderRow: async (input) => {
          controller.abort();
          return inner.renderRow(input);
        },
      },
      clock,
      logger: silent,
      signal: controller.signal,
      identity: { deviceId: 'd', sessionId: 's' },
    });
    expect(final.mode).toBe(M.stopped);
    expect(final.counts.processed).toBe(1);
    const saves = calls.filter((c) => c.url.endsWith('/save-processed-row'));
    expect(saves.map((c) => (c.body as { leaseToken: string }).leaseToken)).toEqual(['tok-1']);
    expect(calls.filter((c) => c.url.includes('/bulk-v3/pending'))).toHaveLength(1);
  });
});

describe('a worker that drops its row', () => {
  /** A renderer that works until it is cancelled, as a long render does. */
  function renderUntilCancelled(started: () => void) {
    return {
      renderRow: ({ signal }: { signal: AbortSignal }) =>
        new Promise<RenderedRow>((_resolve, reject) => {
          const cancel = () => reject(new Error('Render cancelled'));
          signal.addEventListener('abort', cancel, { once: true });
          started();
        }),
    };
  }

  it('gives the row in hand back with its lease token, saves nothing and stops', async () => {
    const { client, calls } = fakeApi([row(1, goodDesigns, 'tok-1'), row(2, goodDesigns)]);
    const stop = new AbortController();
    const abandon = new AbortController();
    const final = await runMultiSpaceWorker({
      api: client,
      renderer: renderUntilCancelled(() => {
        stop.abort();
        abandon.abort();
      }),
      clock: fakeClock(),
      logger: silent,
      signal: stop.signal,
      abandon: abandon.signal,
      identity: { deviceId: 'd', sessionId: 's' },
    });
    expect(final.mode).toBe(M.stopped);
    const releases = calls.filter((c) => c.url.endsWith('/bulk-v3/release'));
    expect(releases.map((c) => c.body)).toEqual([{ id: 1, leaseToken: 'tok-1' }]);
    expect(calls.some((c) => c.url.endsWith('/save-processed-row'))).toBe(false);
    expect(calls.some((c) => c.url.endsWith('/mark-row-invalid'))).toBe(false);
    // Only the one claim: the worker took no further row.
    expect(calls.filter((c) => c.url.includes('/bulk-v3/pending'))).toHaveLength(1);
  });

  it('still finishes and saves the row in hand on a plain stop', async () => {
    const { client, calls } = fakeApi([row(1, goodDesigns, 'tok-1')]);
    const stop = new AbortController();
    const clock = fakeClock();
    const upload = uploadingRenderer(client, clock);
    const final = await runMultiSpaceWorker({
      api: client,
      renderer: {
        renderRow: (input) => {
          stop.abort();
          return upload.renderRow(input);
        },
      },
      clock,
      logger: silent,
      signal: stop.signal,
      abandon: new AbortController().signal,
      identity: { deviceId: 'd', sessionId: 's' },
    });
    expect(final.mode).toBe(M.stopped);
    expect(final.counts.processed).toBe(1);
    expect(calls.some((c) => c.url.endsWith('/bulk-v3/release'))).toBe(false);
  });
});

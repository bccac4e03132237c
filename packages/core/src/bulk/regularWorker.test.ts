import { describe, expect, it } from 'vitest';
import type { BulkRegularJob, NextJobAnswer } from './BulkRegularJob.js';
import { REGULAR_WORKER_LOG_MESSAGES } from './constants.js';
import type { WorkerClock } from './multiSpaceWorker.js';
import type { TemplateCampaign } from './PendingBulkRecord.js';
import {
  initialRegularState,
  planRegular,
  REGULAR_MODES as R,
  type RegularApi,
  type RegularRendered,
  retryDelayFor,
  runRegularWorker,
  templateProblem,
  transitionRegular,
} from './regularWorker.js';

const job: BulkRegularJob = {
  id: 9,
  template_campaign_id: 7,
  campaign_id: null,
  campaign_name: 'Sunset tee',
  designs: JSON.stringify([{ new_url: '/files/art/sunset.png' }]),
  created: false,
  pending: true,
  new_products: 0,
};

const template: TemplateCampaign = {
  id: 7,
  products: [
    {
      id: 11,
      template_id: 3,
      print_spaces: JSON.stringify([{ name: 'front', width: 4200, height: 4800 }]),
      designs: [
        { print_space: 'front', file_url: '/files/d.png' },
      ] as TemplateCampaign['products'][number]['designs'],
      template_mockups: [{ id: 21, print_space: 'front' }],
      full_printed: 0,
      mockup_type: '2d',
    },
  ],
};

const rendered: RegularRendered = {
  designs: [
    { print_space: 'front', product_id: 11, campaign_id: 50, file_url: 'd/1.png', option: 'print' },
  ],
  mockups: [
    {
      campaign_id: 50,
      product_id: 11,
      mockup_id: 21,
      print_space: 'front',
      file_url: 'p/50/21_1.jpg',
      is_default_mockup: '1',
    },
  ],
};

const answer = (over: Partial<NextJobAnswer>): NextJobAnswer => ({
  reload: false,
  pending: false,
  created: false,
  reason: null,
  job: null,
  ...over,
});

describe('regular transition', () => {
  it('walks a job through create, load, render and save, then asks for the next', () => {
    let s = initialRegularState();
    expect(planRegular(s)).toEqual({ kind: 'next_job' });
    s = transitionRegular(s, { type: 'next_job', answer: answer({ pending: true, job }) });
    expect(s.mode).toBe(R.createCampaign);
    expect(planRegular(s)).toEqual({ kind: 'create_campaign', job });
    s = transitionRegular(s, { type: 'campaign_created', campaignId: 50 });
    expect(planRegular(s)).toEqual({ kind: 'load_template', job, campaignId: 50 });
    s = transitionRegular(s, { type: 'template_loaded', template });
    expect(s.mode).toBe(R.render);
    s = transitionRegular(s, { type: 'rendered', result: rendered });
    expect(planRegular(s)).toMatchObject({ kind: 'save', campaignId: 50, result: rendered });
    s = transitionRegular(s, { type: 'saved' });
    expect(s.mode).toBe(R.getNextJob);
    expect(s.counts.processed).toBe(1);
  });

  it('skips creation when the campaign exists already', () => {
    const s = transitionRegular(initialRegularState(), {
      type: 'next_job',
      answer: answer({
        pending: true,
        created: true,
        job: { ...job, created: true, campaign_id: 50 },
      }),
    });
    expect(s.mode).toBe(R.loadTemplate);
    expect(s.campaignId).toBe(50);
  });

  it.each([
    ['bulk_not_processing', 1000],
    ['limit_campaign_per_minute', 30_000],
    ['limit_campaign_per_day', 30_000],
    [null, 10_000],
  ] as const)('waits after reason %s for %i ms', (reason, ms) => {
    const s = transitionRegular(initialRegularState(), {
      type: 'next_job',
      answer: answer({ reason }),
    });
    expect(s.mode).toBe(R.waiting);
    expect(planRegular(s)).toEqual({ kind: 'sleep', ms });
    expect(retryDelayFor(reason)).toBe(ms);
    expect(transitionRegular(s, { type: 'waited' }).mode).toBe(R.getNextJob);
  });

  it('stops with once when there is no job and no reason', () => {
    const s = transitionRegular(initialRegularState({ once: true }), {
      type: 'next_job',
      answer: answer({}),
    });
    expect(s.mode).toBe(R.stopped);
  });

  it.each([
    [null, REGULAR_WORKER_LOG_MESSAGES.campaignDataNotFound],
    [{ ...template, products: [] }, 'Campaign has no products'],
    [
      { ...template, products: [{ ...template.products[0]!, designs: [] }] },
      'Original campaign has no design',
    ],
    [
      { ...template, products: [{ ...template.products[0]!, print_spaces: '[]' }] },
      'Missing print spaces',
    ],
  ])('a bad template campaign is logged to the server with its spec message', (bad, message) => {
    expect(templateProblem(bad)).toBe(message);
    let s = transitionRegular(initialRegularState(), {
      type: 'next_job',
      answer: answer({ pending: true, job: { ...job, created: true, campaign_id: 50 } }),
    });
    if (bad) {
      s = transitionRegular(s, { type: 'template_loaded', template: bad });
    } else {
      s = transitionRegular(s, { type: 'failed', message: 'x', log: message });
    }
    expect(s.mode).toBe(R.log);
    expect(planRegular(s)).toEqual({ kind: 'log', bulkId: 9, message });
    s = transitionRegular(s, { type: 'logged' });
    expect(planRegular(s)).toEqual({ kind: 'sleep', ms: 10_000 });
  });

  it('finishes the job in hand on stop', () => {
    let s = transitionRegular(initialRegularState(), {
      type: 'next_job',
      answer: answer({ pending: true, job }),
    });
    s = transitionRegular(s, { type: 'stop' });
    expect(s.mode).toBe(R.createCampaign);
    s = transitionRegular(s, { type: 'campaign_created', campaignId: 50 });
    s = transitionRegular(s, { type: 'template_loaded', template });
    s = transitionRegular(s, { type: 'rendered', result: rendered });
    s = transitionRegular(s, { type: 'saved' });
    expect(s.mode).toBe(R.stopped);
  });
});

describe('runRegularWorker', () => {
  it('waits 30 s on limit_campaign_per_minute, then continues with the job', async () => {
    let now = 0;
    const slept: number[] = [];
    const clock: WorkerClock = {
      now: () => now,
      sleep: async (ms) => {
        slept.push(ms);
        now += ms;
      },
    };
    const answers = [
      answer({ reason: 'limit_campaign_per_minute' }),
      answer({ pending: true, job }),
      answer({}),
    ];
    const calls: string[] = [];
    const api: RegularApi = {
      bulkRegular: {
        release: async () => null,
        nextJob: async () => {
          calls.push(`next@${now}`);
          return answers.shift() ?? answer({});
        },
        createCampaign: async ({ body }) => {
          calls.push(`create:${body.design_info.name}:${body.design_info.slug}`);
          return { new_campaign: { id: 50 } };
        },
        log: async ({ body }) => {
          calls.push(`log:${body.log}`);
        },
        saveDesigns: async ({ body }) => {
          calls.push(`save:${body.campaignId}:${body.bulk_id}`);
        },
      },
      bulkV3: {
        origin: async ({ params }) => {
          calls.push(`origin:${params.id}`);
          return template;
        },
      },
    };
    const final = await runRegularWorker({
      api,
      renderer: { renderJob: async () => rendered },
      clock,
      logger: { info() {}, warn() {}, error() {} },
      signal: new AbortController().signal,
      identity: { deviceId: 'd', sessionId: 's' },
      once: true,
    });
    expect(slept).toEqual([30_000]);
    expect(calls).toEqual([
      'next@0',
      'next@30000',
      'create:Sunset tee:sunset-tee',
      'origin:7',
      'save:50:9',
      'next@30000',
    ]);
    expect(final.counts.processed).toBe(1);
  });

  it('sends "Campaign fetch failed" to the log call when the template cannot load', async () => {
    const logs: string[] = [];
    const answers = [answer({ pending: true, job: { ...job, created: true, campaign_id: 50 } })];
    const final = await runRegularWorker({
      api: {
        bulkRegular: {
          release: async () => null,
          nextJob: async () => answers.shift() ?? answer({}),
          createCampaign: async () => ({ new_campaign: { id: 1 } }),
          log: async ({ body }) => {
            logs.push(body.log);
          },
          saveDesigns: async () => undefined,
        },
        bulkV3: {
          origin: async () => {
            throw new Error('Campaign not found');
          },
        },
      },
      renderer: { renderJob: async () => rendered },
      clock: { now: () => 0, sleep: async () => undefined },
      logger: { info() {}, warn() {}, error() {} },
      signal: new AbortController().signal,
      identity: { deviceId: 'd', sessionId: 's' },
      once: true,
    });
    expect(logs).toEqual(['Campaign fetch failed']);
    expect(final.counts.errors).toBe(1);
  });
  it('sends "Cannot load designs" with the reason to the log call when the render fails', async () => {
    const logs: string[] = [];
    const answers = [answer({ pending: true, job: { ...job, created: true, campaign_id: 50 } })];
    const final = await runRegularWorker({
      api: {
        bulkRegular: {
          release: async () => null,
          nextJob: async () => answers.shift() ?? answer({}),
          createCampaign: async () => ({ new_campaign: { id: 1 } }),
          log: async ({ body }) => {
            logs.push(body.log);
          },
          saveDesigns: async () => undefined,
        },
        bulkV3: { origin: async () => template },
      },
      renderer: {
        renderJob: async () => {
          throw new Error('Could not fetch https://cdn.test/a.png: HTTP 404');
        },
      },
      clock: { now: () => 0, sleep: async () => undefined },
      logger: { info() {}, warn() {}, error() {} },
      signal: new AbortController().signal,
      identity: { deviceId: 'd', sessionId: 's' },
      once: true,
    });
    expect(logs).toEqual(['Cannot load designs: Could not fetch https://cdn.test/a.png: HTTP 404']);
    expect(final.lastError).toBe(logs[0]);
  });
});

describe('a regular worker that drops its job', () => {
  it('gives the job in hand back with its lease token, saves nothing and stops', async () => {
    const calls: string[] = [];
    const released: unknown[] = [];
    const stop = new AbortController();
    const abandon = new AbortController();
    const answers = [
      answer({ pending: true, job: { ...job, lease_token: 'job-lease' } }),
      answer({ pending: true, job: { ...job, id: 10, lease_token: 'next-lease' } }),
    ];
    const final = await runRegularWorker({
      api: {
        bulkRegular: {
          nextJob: async () => {
            calls.push('next');
            return answers.shift() ?? answer({});
          },
          createCampaign: async () => ({ new_campaign: { id: 50 } }),
          log: async ({ body }) => {
            calls.push(`log:${body.log}`);
          },
          saveDesigns: async () => {
            calls.push('save');
          },
          release: async ({ body }) => {
            released.push(body);
          },
        },
        bulkV3: { origin: async () => template },
      },
      renderer: {
        renderJob: ({ signal }) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => reject(new Error('Render cancelled')), {
              once: true,
            });
            stop.abort();
            abandon.abort();
          }),
      },
      clock: { now: () => 0, sleep: async () => {} },
      logger: { info() {}, warn() {}, error() {} },
      signal: stop.signal,
      abandon: abandon.signal,
      identity: { deviceId: 'd', sessionId: 's' },
    });
    expect(final.mode).toBe(R.stopped);
    expect(released).toEqual([{ id: 9, leaseToken: 'job-lease' }]);
    // No failure logged against the job, no save, no second job taken.
    expect(calls).toEqual(['next']);
  });
});

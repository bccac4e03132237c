/**
 * The regular bulk-campaign worker (spec §4, §8, §9) as a pure reducer, a planner and an effect
 * runner.
 *
 * Modes and transitions:
 *
 *   get_next_job --job, not created-------> create_campaign
 *   get_next_job --job, created-----------> load_template
 *   get_next_job --no job, reason---------> waiting: bulk_not_processing 1 s,
 *                                           limit_campaign_per_day / _per_minute 30 s,
 *                                           any other or none 10 s (stopped with `once`
 *                                           when there is no reason: the queue is empty)
 *   get_next_job --failed-----------------> waiting 10 s
 *   create_campaign --created-------------> load_template
 *   load_template --loaded----------------> render
 *   render --rendered---------------------> save_designs
 *   save_designs --saved------------------> get_next_job
 *   create_campaign | load_template | render | save_designs --failed(log message)
 *                                        -> log (the spec §8 message is sent to the server's
 *                                           log call; a render failure adds its reason:
 *                                           'Cannot load designs: …') -> waiting 10 s
 *
 * Every next-job answer that hands a job out counts one attempt on the server; a job asked for
 * again after BULK_ROW_MAX_ATTEMPTS is failed there with its last logged reason.
 *   waiting --waited----------------------> get_next_job
 *   any --stop----------------------------> stopped once the current job is done
 *
 * The browser's reload rule (reload asked and no mouse activity for over 60 s) has no meaning
 * for a CLI worker, so `reload` answers are treated as "nothing now".
 */
import type { z } from 'zod';
import { normalizeError } from '../errors/normalizeError.js';
import { slugify } from '../text/slugify.js';
import { boundedReason } from './attemptLimit.js';
import type {
  BulkCreateCampaignBody,
  BulkLogBody,
  BulkRegularJob,
  BulkSaveDesignsBody,
  NextJobAnswer,
} from './BulkRegularJob.js';
import {
  REGULAR_WORKER_LOG_MESSAGES,
  REGULAR_WORKER_RETRY_DEFAULT_MS,
  REGULAR_WORKER_RETRY_LIMIT_MS,
  REGULAR_WORKER_RETRY_NOT_PROCESSING_MS,
} from './constants.js';
import type { WorkerClock, WorkerIdentity, WorkerLogger } from './multiSpaceWorker.js';
import type { TemplateCampaign } from './PendingBulkRecord.js';
import type { ReleaseLeaseBody } from './ReleaseLease.js';

export const REGULAR_MODES = {
  getNextJob: 'get_next_job',
  createCampaign: 'create_campaign',
  loadTemplate: 'load_template',
  render: 'render',
  saveDesigns: 'save_designs',
  log: 'log',
  waiting: 'waiting',
  stopped: 'stopped',
} as const;
export type RegularMode = (typeof REGULAR_MODES)[keyof typeof REGULAR_MODES];

export type RegularLogMessage =
  (typeof REGULAR_WORKER_LOG_MESSAGES)[keyof typeof REGULAR_WORKER_LOG_MESSAGES];

/** The rendered designs and mockups of a job, as `bulk/save-designs` takes them. */
export interface RegularRendered {
  designs: {
    print_space: string;
    product_id: number;
    campaign_id: number;
    file_url: string;
    design_json?: string | null;
    option: 'print' | 'custom';
  }[];
  mockups: {
    campaign_id: number;
    product_id: number;
    mockup_id: number;
    print_space: string;
    file_url: string;
    /** '1' for the campaign's main mockup (the first), else '0'. */
    is_default_mockup: '0' | '1';
  }[];
}

export interface RegularState {
  mode: RegularMode;
  once: boolean;
  stopRequested: boolean;
  job: BulkRegularJob | null;
  campaignId: number | null;
  template: TemplateCampaign | null;
  rendered: RegularRendered | null;
  /** What to send to the log call, then how long to wait. */
  logMessage: string | null;
  logBulkId: number | null;
  waitMs: number;
  lastError: string | null;
  counts: { processed: number; errors: number };
}

export type RegularEvent =
  | { type: 'next_job'; answer: NextJobAnswer }
  | { type: 'campaign_created'; campaignId: number }
  | { type: 'template_loaded'; template: TemplateCampaign }
  | { type: 'rendered'; result: RegularRendered }
  | { type: 'saved' }
  | { type: 'logged' }
  /** `log`: what to send to the server's log call about the job (spec §8 messages). */
  | { type: 'failed'; message: string; log?: string }
  | { type: 'waited' }
  | { type: 'stop' };

export type RegularPlan =
  | { kind: 'next_job' }
  | { kind: 'create_campaign'; job: BulkRegularJob }
  | { kind: 'load_template'; job: BulkRegularJob; campaignId: number }
  | { kind: 'render'; job: BulkRegularJob; campaignId: number; template: TemplateCampaign }
  | { kind: 'save'; job: BulkRegularJob; campaignId: number; result: RegularRendered }
  | { kind: 'log'; bulkId: number; message: string }
  | { kind: 'sleep'; ms: number }
  | { kind: 'stop' };

/** How long to wait after a next-job answer without a job (spec §8, §9). */
export function retryDelayFor(reason: string | null | undefined): number {
  switch (reason) {
    case 'bulk_not_processing':
      return REGULAR_WORKER_RETRY_NOT_PROCESSING_MS;
    case 'limit_campaign_per_day':
    case 'limit_campaign_per_minute':
      return REGULAR_WORKER_RETRY_LIMIT_MS;
    default:
      return REGULAR_WORKER_RETRY_DEFAULT_MS;
  }
}

/** Whether a product's print spaces read as a non-empty list (else 'Missing print spaces'). */
export function printSpacesReadable(
  value: TemplateCampaign['products'][number]['print_spaces'],
): boolean {
  if (Array.isArray(value)) return value.length > 0;
  try {
    const parsed: unknown = JSON.parse(String(value));
    return Array.isArray(parsed) && parsed.length > 0;
  } catch {
    return false;
  }
}

/** Why a loaded template campaign cannot be copied (spec §8 log messages), or null. */
export function templateProblem(template: TemplateCampaign | null): RegularLogMessage | null {
  if (!template) return REGULAR_WORKER_LOG_MESSAGES.campaignDataNotFound;
  if (template.products.length === 0) return REGULAR_WORKER_LOG_MESSAGES.campaignHasNoProducts;
  if (!template.products.some((product) => product.designs.length > 0)) {
    return REGULAR_WORKER_LOG_MESSAGES.originalCampaignHasNoDesign;
  }
  if (!template.products.every((product) => printSpacesReadable(product.print_spaces))) {
    return REGULAR_WORKER_LOG_MESSAGES.missingPrintSpaces;
  }
  return null;
}

export function initialRegularState(options: { once?: boolean } = {}): RegularState {
  return {
    mode: REGULAR_MODES.getNextJob,
    once: options.once ?? false,
    stopRequested: false,
    job: null,
    campaignId: null,
    template: null,
    rendered: null,
    logMessage: null,
    logBulkId: null,
    waitMs: 0,
    lastError: null,
    counts: { processed: 0, errors: 0 },
  };
}

function cleared(state: RegularState): RegularState {
  return { ...state, job: null, campaignId: null, template: null, rendered: null };
}

export function transitionRegular(state: RegularState, event: RegularEvent): RegularState {
  const R = REGULAR_MODES;
  if (event.type === 'stop') {
    const idle = state.mode === R.getNextJob || state.mode === R.waiting;
    return { ...state, stopRequested: true, mode: idle ? R.stopped : state.mode };
  }
  if (event.type === 'failed' && state.mode !== R.waiting && state.mode !== R.stopped) {
    const base = {
      ...cleared(state),
      lastError: event.log ?? event.message,
      counts: { ...state.counts, errors: state.counts.errors + 1 },
      waitMs: REGULAR_WORKER_RETRY_DEFAULT_MS,
    };
    // The server hears about a job's failure in the spec's words; a failed poll has no job.
    if (event.log && state.job) {
      return { ...base, mode: R.log, logMessage: event.log, logBulkId: state.job.id };
    }
    return { ...base, mode: R.waiting, logMessage: null, logBulkId: null };
  }
  switch (state.mode) {
    case R.getNextJob: {
      if (event.type !== 'next_job') return state;
      const { answer } = event;
      const job = answer.pending ? answer.job : null;
      if (!job) {
        if (state.once && !answer.reason) return { ...state, mode: R.stopped };
        return { ...state, mode: R.waiting, waitMs: retryDelayFor(answer.reason) };
      }
      const created = (answer.created || job.created) && job.campaign_id != null;
      return {
        ...state,
        job,
        campaignId: created ? (job.campaign_id ?? null) : null,
        mode: created ? R.loadTemplate : R.createCampaign,
      };
    }
    case R.createCampaign:
      if (event.type !== 'campaign_created') return state;
      return { ...state, campaignId: event.campaignId, mode: R.loadTemplate };
    case R.loadTemplate: {
      if (event.type !== 'template_loaded') return state;
      const problem = templateProblem(event.template);
      if (problem) {
        return transitionRegular(state, { type: 'failed', message: problem, log: problem });
      }
      return { ...state, template: event.template, mode: R.render };
    }
    case R.render:
      if (event.type !== 'rendered') return state;
      return { ...state, rendered: event.result, mode: R.saveDesigns };
    case R.saveDesigns:
      if (event.type !== 'saved') return state;
      return {
        ...cleared(state),
        mode: state.stopRequested ? R.stopped : R.getNextJob,
        counts: { ...state.counts, processed: state.counts.processed + 1 },
      };
    case R.log:
      if (event.type !== 'logged') return state;
      return { ...state, mode: R.waiting, logMessage: null, logBulkId: null };
    case R.waiting:
      if (event.type !== 'waited') return state;
      return { ...state, mode: state.stopRequested ? R.stopped : R.getNextJob };
    case R.stopped:
      return state;
  }
}

export function planRegular(state: RegularState): RegularPlan {
  const R = REGULAR_MODES;
  const { job, campaignId } = state;
  switch (state.mode) {
    case R.getNextJob:
      return { kind: 'next_job' };
    case R.createCampaign:
      return job ? { kind: 'create_campaign', job } : { kind: 'stop' };
    case R.loadTemplate:
      return job && campaignId ? { kind: 'load_template', job, campaignId } : { kind: 'stop' };
    case R.render:
      return job && campaignId && state.template
        ? { kind: 'render', job, campaignId, template: state.template }
        : { kind: 'stop' };
    case R.saveDesigns:
      return job && campaignId && state.rendered
        ? { kind: 'save', job, campaignId, result: state.rendered }
        : { kind: 'stop' };
    case R.log:
      return state.logMessage && state.logBulkId
        ? { kind: 'log', bulkId: state.logBulkId, message: state.logMessage }
        : { kind: 'sleep', ms: state.waitMs };
    case R.waiting:
      return { kind: 'sleep', ms: state.waitMs };
    case R.stopped:
      return { kind: 'stop' };
  }
}

/**
 * The calls of the API client the regular worker makes, named as in the route table (a
 * `createApiClient` result fits); answers are narrowed to what the worker reads.
 */
export interface RegularApi {
  bulkRegular: {
    nextJob(input: { query: WorkerIdentity & { processId?: string } }): Promise<NextJobAnswer>;
    createCampaign(input: {
      body: z.input<typeof BulkCreateCampaignBody>;
    }): Promise<{ new_campaign: { id: number } }>;
    log(input: { body: z.input<typeof BulkLogBody> }): Promise<unknown>;
    saveDesigns(input: { body: z.input<typeof BulkSaveDesignsBody> }): Promise<unknown>;
    release(input: { body: z.input<typeof ReleaseLeaseBody> }): Promise<unknown>;
  };
  bulkV3: { origin(input: { params: { id: number } }): Promise<TemplateCampaign> };
}

export interface RegularRenderer {
  renderJob(input: {
    job: BulkRegularJob;
    campaignId: number;
    template: TemplateCampaign;
    signal: AbortSignal;
  }): Promise<RegularRendered>;
}

export interface RegularWorkerDeps {
  api: RegularApi;
  renderer: RegularRenderer;
  clock: WorkerClock;
  logger: WorkerLogger;
  /** Aborting asks the worker to stop after the job in hand. */
  signal: AbortSignal;
  /**
   * Aborting drops the job in hand instead (the tab closes, a second Ctrl-C): its render is
   * cancelled, its lease released so another worker can take it at once, and the worker stops.
   */
  abandon?: AbortSignal;
  identity: WorkerIdentity & { processId?: string };
  once?: boolean;
  onState?: (state: RegularState) => void;
}

/** The slug a bulk-made campaign is saved with; a name with no letter of a–z gives 'campaign'. */
function slugOf(name: string): string {
  return slugify(name) || 'campaign';
}

/** The first artwork url of a job's designs JSON, or undefined. */
export function firstDesignUrl(designs: string | null): string | undefined {
  if (!designs) return undefined;
  try {
    const list: unknown = JSON.parse(designs);
    if (!Array.isArray(list)) return undefined;
    for (const item of list) {
      if (typeof item === 'object' && item !== null && 'new_url' in item) {
        const url = (item as { new_url: unknown }).new_url;
        if (typeof url === 'string' && url.trim() !== '') return url;
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}

async function performRegular(
  plan: Exclude<RegularPlan, { kind: 'stop' }>,
  deps: RegularWorkerDeps,
  // The job in hand is cancelled only when it is abandoned.
  jobSignal: AbortSignal,
): Promise<RegularEvent> {
  const fail = (error: unknown, log?: string): RegularEvent => {
    const message = normalizeError(error).message;
    return log === undefined ? { type: 'failed', message } : { type: 'failed', message, log };
  };
  switch (plan.kind) {
    case 'next_job':
      try {
        return {
          type: 'next_job',
          answer: await deps.api.bulkRegular.nextJob({ query: deps.identity }),
        };
      } catch (error) {
        return fail(error);
      }
    case 'create_campaign': {
      const { job } = plan;
      const fileUrl = firstDesignUrl(job.designs);
      if (!fileUrl || job.template_campaign_id == null) {
        return {
          type: 'failed',
          message: REGULAR_WORKER_LOG_MESSAGES.cannotLoadDesigns,
          log: REGULAR_WORKER_LOG_MESSAGES.cannotLoadDesigns,
        };
      }
      const name = [job.prefix, job.campaign_name, job.suffix].filter(Boolean).join(' ');
      try {
        const answer = await deps.api.bulkRegular.createCampaign({
          body: {
            campaign_id: job.template_campaign_id,
            design_info: {
              name,
              slug: slugOf(name),
              collection: job.collection ?? null,
              file_url: fileUrl,
            },
            uploaded_at: deps.clock.now(),
            bulk_id: job.id,
          },
        });
        return { type: 'campaign_created', campaignId: answer.new_campaign.id };
      } catch (error) {
        return fail(error, normalizeError(error).message);
      }
    }
    case 'load_template': {
      const id = plan.job.template_campaign_id ?? plan.campaignId;
      try {
        return {
          type: 'template_loaded',
          template: await deps.api.bulkV3.origin({ params: { id } }),
        };
      } catch (error) {
        return fail(error, REGULAR_WORKER_LOG_MESSAGES.campaignFetchFailed);
      }
    }
    case 'render':
      try {
        const result = await deps.renderer.renderJob({
          job: plan.job,
          campaignId: plan.campaignId,
          template: plan.template,
          signal: jobSignal,
        });
        return { type: 'rendered', result };
      } catch (error) {
        // The spec's message, then why: once the job's attempts are used up, the server fails
        // it with this last log as the reason.
        const reason = `${REGULAR_WORKER_LOG_MESSAGES.cannotLoadDesigns}: ${normalizeError(error).message}`;
        return fail(error, boundedReason(reason));
      }
    case 'save':
      try {
        await deps.api.bulkRegular.saveDesigns({
          body: {
            data: plan.result,
            campaignId: plan.campaignId,
            storage: 's3',
            bulk_id: plan.job.id,
          },
        });
        return { type: 'saved' };
      } catch (error) {
        return fail(error);
      }
    case 'log':
      try {
        await deps.api.bulkRegular.log({ body: { bulk_id: plan.bulkId, log: plan.message } });
      } catch (error) {
        deps.logger.warn(
          { bulk: plan.bulkId },
          `Log call failed: ${normalizeError(error).message}`,
        );
      }
      return { type: 'logged' };
    case 'sleep':
      await deps.clock.sleep(plan.ms, deps.signal);
      return { type: 'waited' };
  }
}

/** Runs the regular worker until stopped or, with `once`, until no job is left. */
export async function runRegularWorker(deps: RegularWorkerDeps): Promise<RegularState> {
  let state = initialRegularState({ once: deps.once ?? false });
  const abandon = deps.abandon ?? new AbortController().signal;
  const stop = AbortSignal.any([deps.signal, abandon]);
  const onAbort = () => {
    state = transitionRegular(state, { type: 'stop' });
    deps.onState?.(state);
  };
  if (stop.aborted) onAbort();
  else stop.addEventListener('abort', onAbort, { once: true });
  deps.onState?.(state);
  const giveBack = async (job: BulkRegularJob | null) => {
    state = { ...cleared(transitionRegular(state, { type: 'stop' })), mode: REGULAR_MODES.stopped };
    deps.onState?.(state);
    if (!job?.lease_token) return;
    try {
      await deps.api.bulkRegular.release({ body: { id: job.id, leaseToken: job.lease_token } });
      deps.logger.info({ job: job.id }, 'Job given back');
    } catch (error) {
      // The lease then runs out on its own and the job returns to the queue.
      deps.logger.warn({ job: job.id }, `Release failed: ${normalizeError(error).message}`);
    }
  };
  try {
    for (;;) {
      const plan = planRegular(state);
      if (plan.kind === 'stop') break;
      if (abandon.aborted) {
        await giveBack(heldJob(state));
        break;
      }
      const before = state;
      const holding = heldJob(state);
      const event = await performRegular(plan, { ...deps, signal: stop }, abandon);
      if (abandon.aborted && event.type !== 'saved') {
        await giveBack(holding ?? heldJob(transitionRegular(state, event)));
        break;
      }
      state = transitionRegular(state, event);
      if (event.type === 'failed') {
        deps.logger.error({ job: before.job?.id ?? null }, state.lastError ?? event.message);
      }
      if (event.type === 'next_job' && state.mode === REGULAR_MODES.waiting) {
        deps.logger.info(
          { reason: event.answer.reason, waitMs: state.waitMs },
          'No regular job to process',
        );
      }
      if (event.type === 'saved' && before.job) {
        deps.logger.info({ job: before.job.id, campaign: before.campaignId }, 'Job processed');
      }
      deps.onState?.(state);
    }
  } finally {
    stop.removeEventListener('abort', onAbort);
  }
  return state;
}

/** The job a state holds a lease on and has not finished: what a worker gives back. */
export function heldJob(state: RegularState): BulkRegularJob | null {
  const R = REGULAR_MODES;
  const working: readonly RegularMode[] = [
    R.createCampaign,
    R.loadTemplate,
    R.render,
    R.saveDesigns,
  ];
  return working.includes(state.mode) ? state.job : null;
}

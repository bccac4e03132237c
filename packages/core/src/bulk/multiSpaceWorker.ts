/**
 * The multi-space bulk worker (spec §4, §5, §8, §9) as a pure reducer, a planner and an effect
 * runner.
 *
 * Modes and transitions:
 *
 *   load_pending_record --claimed [row]------------> preload_design_and_mockups
 *   load_pending_record --claimed []---------------> polling (or stopped with `once`)
 *   load_pending_record --claim_failed-------------> waiting ('Failed to get pending records')
 *   polling --tick (1000 ms)-----------------------> polling, or load_pending_record once
 *                                                    10 000 ms have passed since the empty claim
 *     (the claimed row is validated on arrival, spec §5; a bad row goes to invalid_design
 *     with the validator's message)
 *   preload_design_and_mockups / apply_design --rendered----> apply_success
 *   preload_design_and_mockups / apply_design --failed------> waiting, or on the row's last
 *                                                    attempt (BULK_ROW_MAX_ATTEMPTS claims)
 *                                                    invalid_design with 'Failed after 3
 *                                                    attempts: {reason}'
 *   apply_success --saved--------------------------> load_pending_record
 *   invalid_design --marked_invalid----------------> load_pending_record
 *   apply_success | invalid_design --failed--------> waiting
 *   waiting --waited (2000 ms)---------------------> load_pending_record
 *   any --stop-------------------------------------> stopped once the current row is done;
 *                                                    a row that is rendering is finished and
 *                                                    saved first, never dropped half-way
 *
 * A row left unsaved (a failed render or save) keeps its lease until it expires; then any
 * worker claims it again, until its attempts are used up: then the server fails it too, should
 * no worker have said why. Validation is pure, so it happens inside the reducer.
 */

import type { z } from 'zod';
import { normalizeError } from '../errors/normalizeError.js';
import type { Clock } from '../time/clock.js';
import { gaveUpMessage, isLastAttempt } from './attemptLimit.js';
import {
  BULK_MESSAGES,
  MULTI_SPACE_POLL_MS,
  MULTI_SPACE_POLL_THROTTLE_MS,
  MULTI_SPACE_RETRY_WAIT_MS,
} from './constants.js';
import type { PendingBulkQuery, PendingBulkRecord } from './PendingBulkRecord.js';
import type { ProcessedDesign, ProcessedMockup } from './ProcessedResult.js';
import type { ReleaseLeaseBody } from './ReleaseLease.js';
import type { MarkRowInvalidBody, SaveProcessedRowBody } from './RowResult.js';
import {
  type PlannedDesign,
  type PlannedMockup,
  validateMultiSpaceRow,
} from './validateMultiSpaceRow.js';

export const MULTI_SPACE_MODES = {
  loadPending: 'load_pending_record',
  polling: 'polling',
  preload: 'preload_design_and_mockups',
  applyDesign: 'apply_design',
  applySuccess: 'apply_success',
  invalidDesign: 'invalid_design',
  waiting: 'waiting',
  stopped: 'stopped',
} as const;
export type MultiSpaceMode = (typeof MULTI_SPACE_MODES)[keyof typeof MULTI_SPACE_MODES];

/** What rendering a row yields, ready to save. */
export interface RenderedRow {
  designs: ProcessedDesign[];
  designs3D: ProcessedMockup[];
}

export interface MultiSpaceCounts {
  processed: number;
  invalid: number;
  errors: number;
}

export interface MultiSpaceState {
  mode: MultiSpaceMode;
  /** Exit when a claim comes back empty instead of polling. */
  once: boolean;
  stopRequested: boolean;
  record: PendingBulkRecord | null;
  planned: { designs: PlannedDesign[]; mockups: PlannedMockup[] } | null;
  rendered: RenderedRow | null;
  invalidMessage: string | null;
  /** When the last claim came back empty (clock ms), for the 10 s throttle. */
  emptyClaimAt: number | null;
  lastError: string | null;
  counts: MultiSpaceCounts;
}

export type MultiSpaceEvent =
  | { type: 'claimed'; records: PendingBulkRecord[]; now: number }
  | { type: 'claim_failed'; message: string }
  | { type: 'tick'; now: number }
  | { type: 'rendered'; result: RenderedRow }
  | { type: 'saved' }
  | { type: 'marked_invalid' }
  | { type: 'failed'; message: string }
  | { type: 'waited' }
  | { type: 'stop' };

export type MultiSpacePlan =
  | { kind: 'claim' }
  | { kind: 'sleep'; ms: number; after: 'tick' | 'waited' }
  | {
      kind: 'render';
      record: PendingBulkRecord;
      designs: PlannedDesign[];
      mockups: PlannedMockup[];
    }
  | { kind: 'save'; record: PendingBulkRecord; result: RenderedRow }
  | { kind: 'mark_invalid'; record: PendingBulkRecord; message: string }
  | { kind: 'stop' };

export function initialMultiSpaceState(options: { once?: boolean } = {}): MultiSpaceState {
  return {
    mode: MULTI_SPACE_MODES.loadPending,
    once: options.once ?? false,
    stopRequested: false,
    record: null,
    planned: null,
    rendered: null,
    invalidMessage: null,
    emptyClaimAt: null,
    lastError: null,
    counts: { processed: 0, invalid: 0, errors: 0 },
  };
}

function rowDone(state: MultiSpaceState, counts: MultiSpaceCounts): MultiSpaceState {
  return {
    ...state,
    mode: state.stopRequested ? MULTI_SPACE_MODES.stopped : MULTI_SPACE_MODES.loadPending,
    record: null,
    planned: null,
    rendered: null,
    invalidMessage: null,
    counts,
  };
}

function failed(state: MultiSpaceState, message: string): MultiSpaceState {
  return {
    ...state,
    mode: MULTI_SPACE_MODES.waiting,
    record: null,
    planned: null,
    rendered: null,
    invalidMessage: null,
    lastError: message,
    counts: { ...state.counts, errors: state.counts.errors + 1 },
  };
}

export function transition(state: MultiSpaceState, event: MultiSpaceEvent): MultiSpaceState {
  const M = MULTI_SPACE_MODES;
  if (event.type === 'stop') {
    // Between rows nothing is held, so the worker stops at once; mid-row it finishes first.
    const idle =
      state.mode === M.loadPending || state.mode === M.polling || state.mode === M.waiting;
    return { ...state, stopRequested: true, mode: idle ? M.stopped : state.mode };
  }
  switch (state.mode) {
    case M.loadPending: {
      if (event.type === 'claim_failed') {
        return failed(state, `${BULK_MESSAGES.failedToGetPendingRecords}: ${event.message}`);
      }
      if (event.type !== 'claimed') return state;
      const [record] = event.records;
      if (!record) {
        return {
          ...state,
          mode: state.once ? M.stopped : M.polling,
          emptyClaimAt: event.now,
        };
      }
      const check = validateMultiSpaceRow(record);
      if (!check.ok) {
        return { ...state, mode: M.invalidDesign, record, invalidMessage: check.message };
      }
      return {
        ...state,
        mode: M.preload,
        record,
        planned: { designs: check.designs, mockups: check.mockups },
        emptyClaimAt: null,
      };
    }
    case M.polling: {
      if (event.type !== 'tick') return state;
      const since = state.emptyClaimAt === null ? Infinity : event.now - state.emptyClaimAt;
      return since >= MULTI_SPACE_POLL_THROTTLE_MS ? { ...state, mode: M.loadPending } : state;
    }
    case M.preload:
    case M.applyDesign: {
      if (event.type === 'rendered') {
        return { ...state, mode: M.applySuccess, rendered: event.result };
      }
      if (event.type === 'failed' && state.record && isLastAttempt(state.record.attempts)) {
        // The artwork failed on every attempt: the row is failed with the reason, not retried.
        return {
          ...state,
          mode: M.invalidDesign,
          planned: null,
          invalidMessage: gaveUpMessage(event.message),
          lastError: event.message,
          counts: { ...state.counts, errors: state.counts.errors + 1 },
        };
      }
      if (event.type === 'failed') return failed(state, event.message);
      return state;
    }
    case M.applySuccess: {
      if (event.type === 'saved') {
        return rowDone(state, { ...state.counts, processed: state.counts.processed + 1 });
      }
      if (event.type === 'failed') return failed(state, event.message);
      return state;
    }
    case M.invalidDesign: {
      if (event.type === 'marked_invalid') {
        return rowDone(state, { ...state.counts, invalid: state.counts.invalid + 1 });
      }
      if (event.type === 'failed') return failed(state, event.message);
      return state;
    }
    case M.waiting: {
      if (event.type !== 'waited') return state;
      return { ...state, mode: state.stopRequested ? M.stopped : M.loadPending };
    }
    case M.stopped:
      return state;
  }
}

/** The next effect to perform for a state; the runner performs it and feeds back the event. */
export function planMultiSpace(state: MultiSpaceState): MultiSpacePlan {
  const M = MULTI_SPACE_MODES;
  switch (state.mode) {
    case M.loadPending:
      return { kind: 'claim' };
    case M.polling:
      return { kind: 'sleep', ms: MULTI_SPACE_POLL_MS, after: 'tick' };
    case M.preload:
    case M.applyDesign:
      if (state.record && state.planned) {
        return { kind: 'render', record: state.record, ...state.planned };
      }
      return { kind: 'stop' };
    case M.applySuccess:
      if (state.record && state.rendered) {
        return { kind: 'save', record: state.record, result: state.rendered };
      }
      return { kind: 'stop' };
    case M.invalidDesign:
      if (state.record && state.invalidMessage) {
        return { kind: 'mark_invalid', record: state.record, message: state.invalidMessage };
      }
      return { kind: 'stop' };
    case M.waiting:
      return { kind: 'sleep', ms: MULTI_SPACE_RETRY_WAIT_MS, after: 'waited' };
    case M.stopped:
      return { kind: 'stop' };
  }
}

/**
 * The calls of the API client the worker makes, named as in the route table (a
 * `createApiClient` result fits); answers are narrowed to what the worker reads.
 */
export interface MultiSpaceApi {
  bulkV3: {
    pending(input: { query: z.input<typeof PendingBulkQuery> }): Promise<PendingBulkRecord[]>;
    saveProcessedRow(input: { body: z.input<typeof SaveProcessedRowBody> }): Promise<unknown>;
    markRowInvalid(input: { body: z.input<typeof MarkRowInvalidBody> }): Promise<unknown>;
    release(input: { body: z.input<typeof ReleaseLeaseBody> }): Promise<unknown>;
  };
}

/** Turns a validated row into its rendered, uploaded designs and mockups. */
export interface MultiSpaceRenderer {
  renderRow(input: {
    record: PendingBulkRecord;
    designs: PlannedDesign[];
    mockups: PlannedMockup[];
    signal: AbortSignal;
  }): Promise<RenderedRow>;
}

/** What a worker needs of the clock: the time, and back-off sleeps a stop cuts short. */
export type WorkerClock = Pick<Clock, 'now' | 'sleep'>;

export interface WorkerLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export interface WorkerIdentity {
  deviceId: string;
  sessionId: string;
  ipAddress?: string;
}

export interface MultiSpaceWorkerDeps {
  api: MultiSpaceApi;
  renderer: MultiSpaceRenderer;
  clock: WorkerClock;
  logger: WorkerLogger;
  /** Aborting asks the worker to stop after the current row. */
  signal: AbortSignal;
  /**
   * Aborting drops the row in hand instead (the tab closes, a second Ctrl-C): its render is
   * cancelled, its lease released so another worker can claim it at once, and the worker stops.
   */
  abandon?: AbortSignal;
  identity: WorkerIdentity;
  once?: boolean;
  /** Called after every transition (the live panel listens here). */
  onState?: (state: MultiSpaceState) => void;
}

function messageOf(error: unknown): string {
  return normalizeError(error).message;
}

async function perform(
  plan: Exclude<MultiSpacePlan, { kind: 'stop' }>,
  deps: MultiSpaceWorkerDeps,
  // Sleeps end early on stop; the row in hand is cancelled only when it is abandoned.
  rowSignal: AbortSignal,
): Promise<MultiSpaceEvent> {
  const who = {
    deviceId: deps.identity.deviceId,
    sessionId: deps.identity.sessionId,
    ipAddress: deps.identity.ipAddress ?? '',
  };
  try {
    switch (plan.kind) {
      case 'claim': {
        const records = await deps.api.bulkV3.pending({
          query: { type: 'regular_multi_space', take: 1 },
        });
        return { type: 'claimed', records, now: deps.clock.now() };
      }
      case 'sleep':
        await deps.clock.sleep(plan.ms, deps.signal);
        return plan.after === 'tick' ? { type: 'tick', now: deps.clock.now() } : { type: 'waited' };
      case 'render': {
        const result = await deps.renderer.renderRow({
          record: plan.record,
          designs: plan.designs,
          mockups: plan.mockups,
          signal: rowSignal,
        });
        return { type: 'rendered', result };
      }
      case 'save':
        await deps.api.bulkV3.saveProcessedRow({
          body: {
            id: plan.record.id,
            designs: plan.result.designs,
            designs3D: plan.result.designs3D,
            ...who,
            leaseToken: plan.record.lease_token,
          },
        });
        return { type: 'saved' };
      case 'mark_invalid':
        await deps.api.bulkV3.markRowInvalid({
          body: {
            id: plan.record.id,
            message: plan.message,
            ...who,
            leaseToken: plan.record.lease_token,
          },
        });
        return { type: 'marked_invalid' };
    }
  } catch (error) {
    const message = messageOf(error);
    return plan.kind === 'claim' ? { type: 'claim_failed', message } : { type: 'failed', message };
  }
}

/**
 * Runs the multi-space worker until stopped (signal) or, with `once`, until a claim comes back
 * empty. Resolves with the final state; never throws for a row's failure (spec §8: worker
 * errors are logged, then it waits 2 s).
 */
export async function runMultiSpaceWorker(deps: MultiSpaceWorkerDeps): Promise<MultiSpaceState> {
  let state = initialMultiSpaceState({ once: deps.once ?? false });
  const abandon = deps.abandon ?? new AbortController().signal;
  const stop = AbortSignal.any([deps.signal, abandon]);
  const onAbort = () => {
    state = transition(state, { type: 'stop' });
    deps.onState?.(state);
  };
  if (stop.aborted) onAbort();
  else stop.addEventListener('abort', onAbort, { once: true });
  deps.onState?.(state);
  const giveBack = async (record: PendingBulkRecord | null) => {
    state = { ...transition(state, { type: 'stop' }), mode: MULTI_SPACE_MODES.stopped };
    deps.onState?.(state);
    if (!record) return;
    try {
      await deps.api.bulkV3.release({ body: { id: record.id, leaseToken: record.lease_token } });
      deps.logger.info({ record: record.id }, 'Row given back');
    } catch (error) {
      // The lease then runs out on its own and the row returns to the queue.
      deps.logger.warn({ record: record.id }, `Release failed: ${messageOf(error)}`);
    }
  };
  try {
    for (;;) {
      const plan = planMultiSpace(state);
      if (plan.kind === 'stop') break;
      if (abandon.aborted) {
        await giveBack(heldRecord(state));
        break;
      }
      const holding = heldRecord(state);
      const event = await perform(plan, { ...deps, signal: stop }, abandon);
      if (abandon.aborted && event.type !== 'saved' && event.type !== 'marked_invalid') {
        await giveBack(holding ?? heldRecord(transition(state, event)));
        break;
      }
      const before = state;
      state = transition(state, event);
      if (event.type === 'claimed' && before.mode === MULTI_SPACE_MODES.loadPending) {
        if (state.record) {
          deps.logger.info(
            { record: state.record.id, template: state.record.template_campaign_id },
            'Row claimed',
          );
        } else if (state.mode === MULTI_SPACE_MODES.polling) {
          deps.logger.info({}, BULK_MESSAGES.noPendingRecord);
        }
      }
      if (event.type === 'saved' && before.record) {
        deps.logger.info({ record: before.record.id }, 'Row processed');
      }
      if (event.type === 'marked_invalid' && before.record) {
        deps.logger.warn(
          { record: before.record.id, reason: before.invalidMessage },
          'Row marked invalid',
        );
      }
      if ((event.type === 'failed' || event.type === 'claim_failed') && state.lastError) {
        deps.logger.error({ record: before.record?.id ?? null }, state.lastError);
      }
      deps.onState?.(state);
    }
  } finally {
    stop.removeEventListener('abort', onAbort);
  }
  return state;
}

/** The row a state holds a lease on and has not finished: what a worker gives back. */
export function heldRecord(state: MultiSpaceState): PendingBulkRecord | null {
  const M = MULTI_SPACE_MODES;
  const working: readonly MultiSpaceMode[] = [
    M.preload,
    M.applyDesign,
    M.applySuccess,
    M.invalidDesign,
  ];
  return working.includes(state.mode) ? state.record : null;
}

/**
 * One tab per browser runs the bulk workers (the others stand by), so two open dashboards never
 * work side by side on one seller's queue. The server's leases already make a row's result count
 * once; this keeps a second tab from rendering rows for nothing.
 *
 * - Web Locks API (every current browser on https or localhost): the leader holds an exclusive
 *   lock; waiting tabs queue on it and the next one takes over when the leader's tab closes,
 *   logs out or stops. The browser releases the lock of a closed or crashed tab.
 * - BroadcastChannel election where the Web Locks API is missing (plain-http hosts are not a
 *   secure context). Modes and transitions, every LEADER_HEARTBEAT_MS:
 *
 *     follower --no heartbeat for LEADER_TIMEOUT_MS, or 'release' heard--> candidate ('claim')
 *     candidate --a tick passes without a heartbeat or a lower id's claim--> leader
 *     candidate --heartbeat, or claim of a lower id--> follower
 *     leader --every tick--> leader ('heartbeat'); answers 'hello' and 'claim' with a heartbeat
 *     leader --heartbeat of a lower id (two leaders)--> follower (its workers stop)
 *     any --stop--> closed ('release' once the workers have stopped)
 *
 * - Neither (very old browsers): the tab leads; the server's leases still keep rows single.
 */
import type { Clock } from '@printloom/core';
import { LEADER_HEARTBEAT_MS, LEADER_TIMEOUT_MS } from './constants.js';

export interface LockManagerLike {
  request(
    name: string,
    options: { mode?: 'exclusive'; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
}

export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface TabLeaderOptions {
  name: string;
  /** This tab's id; the lower id wins a tie in the channel election. */
  id: string;
  signal: AbortSignal;
  /**
   * Runs while this tab leads. `leadSignal` aborts when leadership ends (stop, or a channel
   * tie lost); the promise should settle once the work has stopped.
   */
  lead: (leadSignal: AbortSignal) => Promise<void>;
  /** Told when this tab starts (true) or stops (false) leading. */
  onLeaderChange?: (leader: boolean) => void;
  locks?: LockManagerLike | undefined;
  openChannel?: ((name: string) => ChannelLike) | undefined;
  clock: Pick<Clock, 'now' | 'setInterval' | 'clearInterval'>;
}

type Message =
  | { type: 'hello'; id: string }
  | { type: 'heartbeat'; id: string }
  | { type: 'claim'; id: string }
  | { type: 'release'; id: string };

function isMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null) return false;
  const { type, id } = value as { type?: unknown; id?: unknown };
  return (
    typeof id === 'string' &&
    (type === 'hello' || type === 'heartbeat' || type === 'claim' || type === 'release')
  );
}

async function leadOnce(options: TabLeaderOptions, leadSignal: AbortSignal): Promise<void> {
  options.onLeaderChange?.(true);
  try {
    await options.lead(leadSignal);
  } finally {
    options.onLeaderChange?.(false);
  }
}

async function withLocks(options: TabLeaderOptions, locks: LockManagerLike): Promise<void> {
  const { signal } = options;
  if (signal.aborted) return;
  try {
    await locks.request(options.name, { mode: 'exclusive', signal }, () =>
      leadOnce(options, signal),
    );
  } catch (error) {
    // Stopping while still queued for the lock rejects the request with an AbortError.
    if (!signal.aborted) throw error;
  }
}

type ElectionMode = 'follower' | 'candidate' | 'leader' | 'closed';

function withChannel(options: TabLeaderOptions, channel: ChannelLike): Promise<void> {
  const { id, clock, signal } = options;
  let mode: ElectionMode = 'follower';
  // Start as if the leader was last heard a timeout ago: an existing leader answers 'hello'
  // at once; without one, this tab claims on its first tick.
  let lastLeaderSeen = clock.now() - LEADER_TIMEOUT_MS;
  let leading: { controller: AbortController; done: Promise<void> } | null = null;
  // Work of a term that ended (a tie lost) may still be finishing its row.
  const finishing = new Set<Promise<void>>();
  const post = (type: Message['type']) => channel.postMessage({ type, id });

  const becomeLeader = () => {
    mode = 'leader';
    post('heartbeat');
    const controller = new AbortController();
    const done = leadOnce(options, controller.signal).catch((error: unknown) => {
      console.error('The bulk workers of this tab failed', error);
    });
    leading = { controller, done };
  };
  const stepDown = () => {
    mode = 'follower';
    lastLeaderSeen = clock.now();
    if (leading) {
      const { done } = leading;
      finishing.add(done);
      void done.then(() => finishing.delete(done));
      leading.controller.abort();
    }
    leading = null;
  };

  const onMessage = (event: { data: unknown }) => {
    const message = event.data;
    if (!isMessage(message) || message.id === id || mode === 'closed') return;
    switch (message.type) {
      case 'hello':
        if (mode === 'leader') post('heartbeat');
        return;
      case 'heartbeat':
        if (mode === 'leader') {
          if (message.id < id) stepDown();
          return;
        }
        mode = 'follower';
        lastLeaderSeen = clock.now();
        return;
      case 'claim':
        if (mode === 'leader') post('heartbeat');
        else if (mode === 'follower') lastLeaderSeen = clock.now();
        else if (message.id < id) {
          mode = 'follower';
          lastLeaderSeen = clock.now();
        }
        return;
      case 'release':
        if (mode === 'follower') {
          mode = 'candidate';
          post('claim');
        }
        return;
    }
  };

  const tick = () => {
    if (mode === 'leader') post('heartbeat');
    else if (mode === 'candidate') becomeLeader();
    else if (mode === 'follower' && clock.now() - lastLeaderSeen >= LEADER_TIMEOUT_MS) {
      mode = 'candidate';
      post('claim');
    }
  };

  return new Promise<void>((resolve) => {
    channel.addEventListener('message', onMessage);
    const timer = clock.setInterval(tick, LEADER_HEARTBEAT_MS);
    const close = async () => {
      const wasLeader = mode === 'leader';
      const work = leading;
      mode = 'closed';
      clock.clearInterval(timer);
      work?.controller.abort();
      await Promise.all([work?.done, ...finishing]);
      // Tell the others only once the workers have stopped, so rows are not double-rendered.
      if (wasLeader) post('release');
      channel.removeEventListener('message', onMessage);
      channel.close();
      resolve();
    };
    if (signal.aborted) {
      void close();
      return;
    }
    signal.addEventListener('abort', () => void close(), { once: true });
    post('hello');
  });
}

/**
 * Competes for leadership of this browser's tabs and runs `lead` while leading. Resolves once
 * `signal` has aborted and any work in hand has stopped (and leadership is released).
 */
export async function runAsTabLeader(options: TabLeaderOptions): Promise<void> {
  if (options.locks) return withLocks(options, options.locks);
  if (options.openChannel) return withChannel(options, options.openChannel(options.name));
  if (options.signal.aborted) return;
  await leadOnce(options, options.signal);
}

/** The browser's Web Locks and BroadcastChannel, where present. */
export function browserLeaderEnvironment(): Pick<TabLeaderOptions, 'locks' | 'openChannel'> {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  const Channel = (globalThis as { BroadcastChannel?: new (name: string) => ChannelLike })
    .BroadcastChannel;
  return {
    locks: nav?.locks,
    openChannel: Channel ? (name) => new Channel(name) : undefined,
  };
}

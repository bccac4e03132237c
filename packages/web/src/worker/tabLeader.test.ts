import { type Clock, systemClock } from '@printloom/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEADER_HEARTBEAT_MS, LEADER_TIMEOUT_MS } from './constants.js';
import {
  type ChannelLike,
  type LockManagerLike,
  runAsTabLeader,
  type TabLeaderOptions,
} from './tabLeader.js';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets queued promise callbacks run (the code under test awaits between steps). */
async function flush(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await Promise.resolve();
}

/** An exclusive, first-come first-served lock per name, as navigator.locks grants them. */
function createLocks(): LockManagerLike {
  const queues = new Map<string, Array<() => void>>();
  const held = new Set<string>();
  const release = (name: string) => {
    const next = queues.get(name)?.shift();
    if (next) next();
    else held.delete(name);
  };
  return {
    async request(name, options, callback) {
      if (held.has(name)) {
        await new Promise<void>((grant, refuse) => {
          const queue = queues.get(name) ?? [];
          queues.set(name, queue);
          queue.push(grant);
          options.signal?.addEventListener('abort', () => {
            const at = queue.indexOf(grant);
            if (at >= 0) queue.splice(at, 1);
            refuse(new DOMException('The request was aborted', 'AbortError'));
          });
        });
      } else held.add(name);
      try {
        return await callback({ name });
      } finally {
        release(name);
      }
    },
  };
}

/** BroadcastChannel between fake tabs: delivered a task later to every other open channel. */
function createHub() {
  const open = new Set<{ listeners: Set<(event: { data: unknown }) => void> }>();
  let partitioned = false;
  const hub = {
    set partitioned(value: boolean) {
      partitioned = value;
    },
    open(): ChannelLike {
      const self = { listeners: new Set<(event: { data: unknown }) => void>() };
      open.add(self);
      return {
        postMessage(data) {
          if (partitioned || !open.has(self)) return;
          for (const other of open) {
            if (other === self) continue;
            queueMicrotask(() => {
              for (const listener of other.listeners) listener({ data });
            });
          }
        },
        addEventListener: (_type, listener) => self.listeners.add(listener),
        removeEventListener: (_type, listener) => self.listeners.delete(listener),
        close: () => open.delete(self),
      };
    },
  };
  return hub;
}

/** A fake tab competing for leadership; `leaders` records who leads right now. */
function startTab(
  id: string,
  env: Pick<TabLeaderOptions, 'locks' | 'openChannel'> & { clock: Clock },
  leaders: Set<string>,
  history: string[],
) {
  const controller = new AbortController();
  let finishWork: (() => void) | null = null;
  const done = runAsTabLeader({
    name: 'workers',
    id,
    signal: controller.signal,
    clock: env.clock,
    locks: env.locks,
    openChannel: env.openChannel,
    lead: (signal) =>
      new Promise<void>((resolve) => {
        leaders.add(id);
        history.push(id);
        // Work in hand finishes after the stop (a row being saved), not at the abort itself.
        signal.addEventListener('abort', () => {
          finishWork = () => {
            leaders.delete(id);
            resolve();
          };
        });
      }),
  });
  return {
    done,
    stop: () => controller.abort(),
    finishWork: () => finishWork?.(),
  };
}

describe('tab leader with Web Locks', () => {
  it('lets one tab lead and hands over to a waiting tab when it stops', async () => {
    const clock = systemClock;
    const env = { locks: createLocks(), clock };
    const leaders = new Set<string>();
    const history: string[] = [];
    const a = startTab('a', env, leaders, history);
    const b = startTab('b', env, leaders, history);
    await flush();
    expect([...leaders]).toEqual(['a']);

    a.stop();
    await flush();
    // Until a's row in hand is done, b waits: two tabs never work at once.
    expect([...leaders]).toEqual(['a']);
    a.finishWork();
    await a.done;
    await flush();
    expect([...leaders]).toEqual(['b']);
    expect(history).toEqual(['a', 'b']);

    b.stop();
    b.finishWork();
    await b.done;
    expect(leaders.size).toBe(0);
  });

  it('stops a tab that is still waiting for the lock without it ever leading', async () => {
    const clock = systemClock;
    const env = { locks: createLocks(), clock };
    const leaders = new Set<string>();
    const history: string[] = [];
    const a = startTab('a', env, leaders, history);
    const b = startTab('b', env, leaders, history);
    await flush();
    b.stop();
    await expect(b.done).resolves.toBeUndefined();
    a.stop();
    a.finishWork();
    await a.done;
    expect(history).toEqual(['a']);
  });
});

describe('tab leader over BroadcastChannel (no Web Locks)', () => {
  it('elects one leader among three tabs and keeps it', async () => {
    const clock = systemClock;
    const hub = createHub();
    const env = { openChannel: () => hub.open(), clock };
    const leaders = new Set<string>();
    const history: string[] = [];
    const tabs = ['b', 'c', 'a'].map((id) => startTab(id, env, leaders, history));
    await vi.advanceTimersByTimeAsync(LEADER_TIMEOUT_MS + 3 * LEADER_HEARTBEAT_MS);
    expect(leaders.size).toBe(1);
    const [leader] = [...leaders];
    await vi.advanceTimersByTimeAsync(60_000);
    expect([...leaders]).toEqual([leader]);
    expect(history).toEqual([leader]);
    for (const tab of tabs) {
      tab.stop();
      tab.finishWork();
    }
    await Promise.all(tabs.map((tab) => tab.done));
  });

  it('lets a new tab stand by while a leader is heard', async () => {
    const clock = systemClock;
    const hub = createHub();
    const env = { openChannel: () => hub.open(), clock };
    const leaders = new Set<string>();
    const history: string[] = [];
    startTab('b', env, leaders, history);
    await vi.advanceTimersByTimeAsync(LEADER_TIMEOUT_MS);
    expect([...leaders]).toEqual(['b']);
    // A lower id does not take over a leader that is alive.
    startTab('a', env, leaders, history);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(history).toEqual(['b']);
  });

  it('hands over on release once the leader has finished its work', async () => {
    const clock = systemClock;
    const hub = createHub();
    const env = { openChannel: () => hub.open(), clock };
    const leaders = new Set<string>();
    const history: string[] = [];
    const a = startTab('a', env, leaders, history);
    await vi.advanceTimersByTimeAsync(LEADER_TIMEOUT_MS);
    startTab('b', env, leaders, history);
    await vi.advanceTimersByTimeAsync(2 * LEADER_HEARTBEAT_MS);
    a.stop();
    // The stopping leader still holds its row: heartbeats stop, but b must not start yet...
    await vi.advanceTimersByTimeAsync(LEADER_HEARTBEAT_MS / 2);
    expect([...leaders]).toEqual(['a']);
    a.finishWork();
    await a.done;
    // ...and takes over within a tick of the release, not after a timeout.
    await vi.advanceTimersByTimeAsync(LEADER_HEARTBEAT_MS);
    expect([...leaders]).toEqual(['b']);
  });

  it('takes over from a tab that vanished without a word after the timeout', async () => {
    const clock = systemClock;
    const hub = createHub();
    const leaders = new Set<string>();
    const history: string[] = [];
    const channels: ChannelLike[] = [];
    const a = startTab(
      'a',
      {
        clock,
        openChannel: () => {
          const channel = hub.open();
          channels.push(channel);
          return channel;
        },
      },
      leaders,
      history,
    );
    await vi.advanceTimersByTimeAsync(LEADER_TIMEOUT_MS);
    startTab('b', { openChannel: () => hub.open(), clock }, leaders, history);
    await vi.advanceTimersByTimeAsync(2 * LEADER_HEARTBEAT_MS);
    expect(history).toEqual(['a']);
    // The tab crashed: its channel is gone, no release was sent.
    channels[0]?.close();
    leaders.delete('a');
    await vi.advanceTimersByTimeAsync(LEADER_HEARTBEAT_MS);
    expect(leaders.size).toBe(0);
    await vi.advanceTimersByTimeAsync(LEADER_TIMEOUT_MS + LEADER_HEARTBEAT_MS);
    expect([...leaders]).toEqual(['b']);
    a.stop();
  });

  it('ends a split brain: of two leaders the higher id steps down', async () => {
    const clock = systemClock;
    const hub = createHub();
    const env = { openChannel: () => hub.open(), clock };
    const leaders = new Set<string>();
    const history: string[] = [];
    hub.partitioned = true;
    const a = startTab('a', env, leaders, history);
    const b = startTab('b', env, leaders, history);
    await vi.advanceTimersByTimeAsync(LEADER_TIMEOUT_MS + LEADER_HEARTBEAT_MS);
    expect(leaders.size).toBe(2);
    hub.partitioned = false;
    await vi.advanceTimersByTimeAsync(LEADER_HEARTBEAT_MS);
    b.finishWork();
    await flush();
    expect([...leaders]).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(20_000);
    expect([...leaders]).toEqual(['a']);
    a.stop();
    a.finishWork();
    await a.done;
  });
});

describe('tab leader without Web Locks or BroadcastChannel', () => {
  it('leads at once: the server leases still keep rows single', async () => {
    const clock = systemClock;
    const leaders = new Set<string>();
    const history: string[] = [];
    const a = startTab('a', { clock }, leaders, history);
    await flush();
    expect([...leaders]).toEqual(['a']);
    a.stop();
    a.finishWork();
    await a.done;
  });
});

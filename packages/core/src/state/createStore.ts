/**
 * A value that code outside React changes and anything may watch: React reads it with
 * `useSyncExternalStore(store.subscribe, store.getSnapshot)`, a canvas subscribes directly.
 * Listeners are told after each change; setting the same value (by `Object.is`) tells no one,
 * so a snapshot changes identity only when its content does.
 */
export interface ValueStore<T> {
  getSnapshot(): T;
  set(next: T): void;
  /** Sets what `change` makes of the current value. */
  update(change: (current: T) => T): void;
  /** Adds a listener; the returned function removes it. */
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const set = (next: T) => {
    if (Object.is(next, value)) return;
    value = next;
    // A copy: a listener may unsubscribe (or subscribe another) while being told.
    for (const listener of [...listeners]) listener();
  };
  return {
    getSnapshot: () => value,
    set,
    update: (change) => set(change(value)),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

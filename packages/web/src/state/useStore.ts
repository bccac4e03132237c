import type { ValueStore } from '@printloom/core';
import { useSyncExternalStore } from 'react';

/**
 * The value of a core `Store` in a component, or the part `select` picks: the component
 * re-renders when that part changes (by `Object.is`), so `select` should return a value held
 * in the store, not a new object.
 */
export function useStore<T, S = T>(
  store: Pick<ValueStore<T>, 'getSnapshot' | 'subscribe'>,
  select: (value: T) => S = (value) => value as unknown as S,
): S {
  const read = () => select(store.getSnapshot());
  return useSyncExternalStore(store.subscribe, read, read);
}

import { describe, expect, it, vi } from 'vitest';
import { createStore } from './createStore.js';

describe('createStore', () => {
  it('hands out the value and tells every listener of a change', () => {
    const store = createStore({ count: 0 });
    const first = vi.fn();
    const second = vi.fn();
    store.subscribe(first);
    store.subscribe(second);
    store.update((state) => ({ count: state.count + 1 }));
    expect(store.getSnapshot()).toEqual({ count: 1 });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('tells no one when the value set is the one it holds', () => {
    const state = { count: 0 };
    const store = createStore(state);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(state);
    store.update((current) => current);
    expect(listener).not.toHaveBeenCalled();
  });

  it('stops telling a listener once it unsubscribed, even from inside a change', () => {
    const store = createStore(0);
    const calls: string[] = [];
    const stopSecond = store.subscribe(() => calls.push('second'));
    const stopFirst = store.subscribe(() => {
      calls.push('first');
      stopFirst();
    });
    store.set(1);
    store.set(2);
    stopSecond();
    store.set(3);
    expect(calls).toEqual(['second', 'first', 'second']);
    expect(store.getSnapshot()).toBe(3);
  });
});

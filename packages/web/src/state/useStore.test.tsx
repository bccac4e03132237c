// @vitest-environment happy-dom
import { createStore, type ValueStore } from '@printloom/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '../toast/Toaster.js';
import { createToastStore, toasts } from '../toast/toastStore.js';
import { useStore } from './useStore.js';

/** Shows a store's value (or the part `select` picks), counting its renders. */
function Shown<T>({
  store,
  select,
  onRender,
}: {
  store: ValueStore<T>;
  select: (value: T) => string | number;
  onRender: () => void;
}) {
  onRender();
  return <output>{useStore(store, select)}</output>;
}

afterEach(() => {
  cleanup();
  for (const toast of toasts.getSnapshot()) toasts.dismiss(toast.id);
});

describe('useStore', () => {
  it('re-renders a component when the store changes from outside React', () => {
    const count = createStore(0);
    let renders = 0;
    const counted = () => {
      renders += 1;
    };
    render(<Shown store={count} select={(value) => value} onRender={counted} />);
    expect(screen.getByRole('status').textContent).toBe('0');
    act(() => count.set(2));
    expect(screen.getByRole('status').textContent).toBe('2');
    const before = renders;
    act(() => count.set(2));
    expect(renders).toBe(before);
  });

  it('re-renders only when the part a component selects changes', () => {
    const form = createStore({ name: 'Tee', price: 1999 });
    let renders = 0;
    const counted = () => {
      renders += 1;
    };
    render(<Shown store={form} select={(value) => value.name} onRender={counted} />);
    act(() => form.update((value) => ({ ...value, price: 2499 })));
    expect(renders).toBe(1);
    act(() => form.update((value) => ({ ...value, name: 'Hoodie' })));
    expect(screen.getByRole('status').textContent).toBe('Hoodie');
    expect(renders).toBe(2);
  });

  it('shows a toast raised outside React and removes it when dismissed', () => {
    render(<Toaster />);
    let id = 0;
    act(() => {
      id = toasts.show('success', 'Campaign saved.');
    });
    expect(screen.getByText('Campaign saved.')).toBeTruthy();
    act(() => toasts.dismiss(id));
    expect(screen.queryByText('Campaign saved.')).toBeNull();
  });

  it('keeps separate toast stores apart', () => {
    const other = createToastStore();
    other.show('danger', ['First problem', 'Second problem']);
    expect(other.getSnapshot()[0]?.lines).toEqual(['First problem', 'Second problem']);
    expect(toasts.getSnapshot()).toEqual([]);
  });
});

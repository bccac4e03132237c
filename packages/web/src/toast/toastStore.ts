import { createStore } from '@printloom/core';
import { TOAST_DEFAULT_MS, TOAST_PER_ITEM_MS } from '../constants.js';

export type ToastVariant = 'success' | 'danger' | 'warning' | 'info';

export interface Toast {
  id: number;
  variant: ToastVariant;
  title?: string;
  /** One line each; an error list shows as list items (spec §8). */
  lines: string[];
  durationMs: number;
}

/**
 * How long a toast stays (spec §8, §9): 3000 ms by default; a list of errors 500 ms per item,
 * never less than 3000 ms.
 */
export function toastDuration(lines: number, requested?: number): number {
  if (requested !== undefined) return requested;
  return Math.max(TOAST_DEFAULT_MS, lines * TOAST_PER_ITEM_MS);
}

/** Toasts as an external store, so code outside React (the API layer, workers) can raise one. */
export function createToastStore() {
  const list = createStore<readonly Toast[]>([]);
  let nextId = 1;
  return {
    subscribe: list.subscribe,
    getSnapshot: list.getSnapshot,
    show(
      variant: ToastVariant,
      message: string | readonly string[],
      options: { title?: string; durationMs?: number } = {},
    ): number {
      const lines = typeof message === 'string' ? [message] : [...message];
      const toast: Toast = {
        id: nextId++,
        variant,
        lines,
        durationMs: toastDuration(lines.length, options.durationMs),
      };
      if (options.title !== undefined) toast.title = options.title;
      list.update((toasts) => [...toasts, toast]);
      return toast.id;
    },
    dismiss(id: number) {
      list.update((toasts) => toasts.filter((toast) => toast.id !== id));
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;
export const toasts = createToastStore();

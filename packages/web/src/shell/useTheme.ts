import { useSyncExternalStore } from 'react';
import { saveTheme, storedTheme, type Theme } from '../env/theme.js';

const listeners = new Set<() => void>();
let current: Theme | null = null;

function snapshot(): Theme {
  current ??= storedTheme();
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setTheme(theme: Theme): void {
  current = theme;
  saveTheme(theme);
  for (const listener of listeners) listener();
}

/** The colour mode every component reads, and its setter (stored, spec §2). */
export function useTheme(): [Theme, (theme: Theme) => void] {
  return [useSyncExternalStore(subscribe, snapshot), setTheme];
}

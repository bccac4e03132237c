import { createStore, type ValueStore } from '@printloom/core';
import { saveTheme, storedTheme, type Theme } from '../env/theme.js';
import { useStore } from '../state/useStore.js';

/** The colour mode, read from storage on first use (not at import, before the page can run). */
let theme: ValueStore<Theme> | null = null;
function themeStore() {
  theme ??= createStore(storedTheme());
  return theme;
}

export function setTheme(next: Theme): void {
  saveTheme(next);
  themeStore().set(next);
}

/** The colour mode every component reads, and its setter (stored, spec §2). */
export function useTheme(): [Theme, (theme: Theme) => void] {
  return [useStore(themeStore()), setTheme];
}

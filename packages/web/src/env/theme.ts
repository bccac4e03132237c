import { STORAGE_KEYS } from '../constants.js';
import { readStorage, writeStorage } from './storage.js';

export type Theme = 'light' | 'dark';

/** Dark mode is off unless the user turned it on (spec §2 Top bar). */
export function storedTheme(): Theme {
  return readStorage(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
}

/** Bootstrap 5.3 colour modes swap every component's colours from this one attribute. */
export function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-bs-theme', theme);
}

export function saveTheme(theme: Theme): void {
  writeStorage(STORAGE_KEYS.theme, theme);
  applyTheme(theme);
}

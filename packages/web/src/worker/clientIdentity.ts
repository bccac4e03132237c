import type { WorkerIdentity } from '@printloom/core';
import { readStorage, removeStorage, writeStorage } from '../env/storage.js';
import { WORKER_STORAGE_KEYS } from './constants.js';

function randomId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random()}`;
}

function stored(key: string, kind: 'local' | 'session'): string {
  const found = readStorage(key, kind);
  if (found) return found;
  const made = randomId();
  writeStorage(key, made, kind);
  return made;
}

/**
 * Who this tab is to the bulk calls (spec §3 client info): a device id kept per browser and a
 * tab session id kept per tab (session storage survives a plain reload; the reload rule clears
 * it, so the server sees a fresh session).
 */
export function tabIdentity(): WorkerIdentity {
  return {
    deviceId: stored(WORKER_STORAGE_KEYS.deviceId, 'local'),
    sessionId: stored(WORKER_STORAGE_KEYS.tabSessionId, 'session'),
  };
}

export function clearTabSessionId(): void {
  removeStorage(WORKER_STORAGE_KEYS.tabSessionId, 'session');
}

import {
  ApiError,
  errorMessage,
  UPLOAD_FAILED_DETAIL,
  UPLOAD_FAILED_MESSAGE,
} from '@printloom/core';
import { TOAST_UPLOAD_FAILED_MS } from '../constants.js';
import { type ToastStore, toasts } from './toastStore.js';

/**
 * Every message of a failed answer (spec §8): field errors as list items, shown 500 ms per item
 * and at least 3000 ms; otherwise the one §8 message.
 */
export function errorLines(error: unknown): string[] {
  if (error instanceof ApiError && error.errors) {
    const lines = Object.values(error.errors).flat();
    if (lines.length > 0) return [...new Set(lines)];
  }
  return [errorMessage(error)];
}

export function notifyError(error: unknown, store: ToastStore = toasts): number {
  return store.show('danger', errorLines(error));
}

/** 'Upload file failed' / 'Please try upload file again.' for 5 s (spec §8). */
export function notifyUploadFailed(store: ToastStore = toasts): number {
  return store.show('danger', UPLOAD_FAILED_DETAIL, {
    title: UPLOAD_FAILED_MESSAGE,
    durationMs: TOAST_UPLOAD_FAILED_MS,
  });
}

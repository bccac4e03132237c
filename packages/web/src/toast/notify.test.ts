import { ApiError } from '@printloom/core';
import { describe, expect, it } from 'vitest';
import { notifyError, notifyUploadFailed } from './notify.js';
import { createToastStore } from './toastStore.js';

describe('toasts (spec §8, §9)', () => {
  it('lists every field error, 500 ms per item and at least 3000 ms', () => {
    const store = createToastStore();
    const errors = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [`field${i}`, [`Message ${i}`]]),
    );
    notifyError(new ApiError('Message 0', 400, errors), store);
    const [toast] = store.getSnapshot();
    expect(toast?.lines).toHaveLength(8);
    expect(toast?.durationMs).toBe(4000);
    notifyError(new Error('Network down'), store);
    expect(store.getSnapshot()[1]).toMatchObject({ lines: ['Network down'], durationMs: 3000 });
  });

  it('shows the upload failure for 5 s', () => {
    const store = createToastStore();
    notifyUploadFailed(store);
    expect(store.getSnapshot()[0]).toMatchObject({
      title: 'Upload file failed',
      lines: ['Please try upload file again.'],
      durationMs: 5000,
    });
  });
});

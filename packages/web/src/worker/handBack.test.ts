import type { ReleaseLeaseBody } from '@printloom/core';
import { describe, expect, it, vi } from 'vitest';
import { createHandBack, type LeaseKind } from './handBack.js';

function page() {
  const target = new EventTarget();
  const released: Array<[LeaseKind, ReleaseLeaseBody]> = [];
  const handBack = createHandBack({
    target,
    release: async (kind, body) => {
      released.push([kind, body]);
    },
  });
  return { target, released, handBack };
}

describe('leases given back when the tab goes away', () => {
  it('releases the row and the job in hand when the page hides', () => {
    const { target, released, handBack } = page();
    handBack.hold('multiSpace', { id: 4, leaseToken: 'row-4' });
    handBack.hold('regular', { id: 9, leaseToken: 'job-9' });
    target.dispatchEvent(new Event('pagehide'));
    expect(released).toEqual([
      ['multiSpace', { id: 4, leaseToken: 'row-4' }],
      ['regular', { id: 9, leaseToken: 'job-9' }],
    ]);
    // Given back once: a second pagehide sends nothing more.
    target.dispatchEvent(new Event('pagehide'));
    expect(released).toHaveLength(2);
  });

  it('gives back nothing a worker has finished', () => {
    const { target, released, handBack } = page();
    handBack.hold('multiSpace', { id: 4, leaseToken: 'row-4' });
    handBack.hold('multiSpace', null);
    target.dispatchEvent(new Event('pagehide'));
    expect(released).toEqual([]);
  });

  it('stops listening once disposed', () => {
    const { target, released, handBack } = page();
    handBack.hold('regular', { id: 9, leaseToken: 'job-9' });
    handBack.dispose();
    target.dispatchEvent(new Event('pagehide'));
    expect(released).toEqual([]);
  });

  it('keeps going when a release fails: the lease then expires on its own', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const target = new EventTarget();
    const handBack = createHandBack({
      target,
      release: () => Promise.reject(new Error('offline')),
    });
    handBack.hold('regular', { id: 9, leaseToken: 'job-9' });
    handBack.releaseAll();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    warn.mockRestore();
  });
});

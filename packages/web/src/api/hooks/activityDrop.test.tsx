// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRefetchOnActivityDrop } from './activityDrop.js';

describe('useRefetchOnActivityDrop', () => {
  it('asks the list again when running work finishes, not when it starts', () => {
    const refetch = vi.fn();
    const { rerender } = renderHook(({ count }) => useRefetchOnActivityDrop(count, refetch), {
      initialProps: { count: undefined as number | undefined },
    });
    rerender({ count: 0 });
    rerender({ count: 2 });
    expect(refetch).not.toHaveBeenCalled();
    rerender({ count: 1 });
    rerender({ count: 1 });
    rerender({ count: 0 });
    expect(refetch).toHaveBeenCalledTimes(2);
  });
});

import { useEffect, useRef } from 'react';

/**
 * A list filtered away from running work (say, failed rows only) has no active row of its own,
 * so it stops refreshing; yet the last row to finish may land in it after its last fetch. The
 * seller-wide activity count falls when a row finishes: the list is asked once more then.
 */
export function useRefetchOnActivityDrop(count: number | undefined, refetch: () => unknown): void {
  const previous = useRef(count);
  const latestRefetch = useRef(refetch);
  latestRefetch.current = refetch;
  useEffect(() => {
    const before = previous.current;
    previous.current = count;
    if (before !== undefined && count !== undefined && count < before) {
      void latestRefetch.current();
    }
  }, [count]);
}

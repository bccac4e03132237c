import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  changeListState,
  type ListQuerySchema,
  parseListState,
  type RawListState,
  rawListState,
  writeListState,
} from './listUrlState.js';

export type ListUpdate = (
  change: Readonly<Record<string, string | number | undefined>>,
  options?: { replace?: boolean },
) => void;

/**
 * A list page's state in the address, read with the list route's core query schema:
 * `query` is what the API is asked (parsed, defaults applied), `raw` the fields as written
 * (for the filters' own controls), `update` changes fields (back to page 1 unless only the
 * page changes); `replace` keeps typing in a search box from adding a history entry per key.
 */
export function useListUrlState<S extends ListQuerySchema>(
  schema: S,
): { query: z.output<S>; raw: RawListState; update: ListUpdate } {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const raw = useMemo(() => rawListState(schema, new URLSearchParams(key)), [key, schema]);
  const query = useMemo(() => parseListState(schema, raw), [schema, raw]);
  // The address as last written: the router renders a navigation in a transition, so a second
  // change made before that render (a filter right after a sort) must build on the first one,
  // not on the address the page was rendered with.
  const latest = useRef(key);
  useEffect(() => {
    latest.current = key;
  }, [key]);
  const update = useCallback<ListUpdate>(
    (change, options = {}) => {
      const current = rawListState(schema, new URLSearchParams(latest.current));
      const next = writeListState(schema, changeListState(current, change));
      latest.current = next.toString();
      setParams(next, { replace: options.replace ?? false });
    },
    [setParams, schema],
  );
  return { query, raw, update };
}

import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  changeListQuery,
  type ListSpec,
  type ListState,
  readListQuery,
  writeListQuery,
} from './listQuery.js';

/**
 * A list's query kept in the address (see listQuery.ts). `update` changes fields (a filter
 * change goes back to page 1); typing in the search box replaces the history entry instead of
 * adding one per word.
 */
export function useListQuery<K extends string>(spec: ListSpec<K>) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const state = useMemo(() => readListQuery(spec, new URLSearchParams(key)), [key, spec]);
  const update = useCallback(
    (change: Partial<ListState<K>>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => writeListQuery(spec, changeListQuery(readListQuery(spec, current), change)),
        { replace: options.replace ?? false },
      );
    },
    [setParams, spec],
  );
  return [state, update] as const;
}

import { useSyncExternalStore } from 'react';
import {
  createEditorReducer,
  type EditorAction,
  type EditorEnv,
  type EditorState,
  initialEditorState,
} from './editorReducer.js';

/**
 * The editor's state outside React: the reducer behind `dispatch`, listeners told of every new
 * state. Components read slices with `useEditorState`, so a change re-renders only the parts
 * whose slice changed; the canvas subscribes directly and redraws without React.
 */
export interface EditorStore {
  getState(): EditorState;
  dispatch(action: EditorAction): void;
  subscribe(listener: () => void): () => void;
}

export function createEditorStore(env: EditorEnv, initial = initialEditorState): EditorStore {
  const reducer = createEditorReducer(env);
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = reducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useEditorState<T>(store: EditorStore, select: (state: EditorState) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getState()),
  );
}

/**
 * A value the canvas changes many times a second while a drag runs (the object as dragged), kept
 * apart from the editor state so only its few readers (the quality label) re-render.
 */
export interface LiveValue<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function createLiveValue<T>(initial: T): LiveValue<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useLiveValue<T>(live: LiveValue<T>): T {
  return useSyncExternalStore(live.subscribe, live.get, live.get);
}

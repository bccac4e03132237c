import { createStore, type ValueStore } from '@printloom/core';
import { useStore } from '../state/useStore.js';
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
  const state = createStore(initial);
  return {
    getState: state.getSnapshot,
    dispatch: (action) => state.update((current) => reducer(current, action)),
    subscribe: state.subscribe,
  };
}

export function useEditorState<T>(store: EditorStore, select: (state: EditorState) => T): T {
  return useStore({ getSnapshot: store.getState, subscribe: store.subscribe }, select);
}

/**
 * A value the canvas changes many times a second while a drag runs (the object as dragged), kept
 * apart from the editor state so only its few readers (the quality label) re-render.
 */
export type LiveValue<T> = ValueStore<T>;

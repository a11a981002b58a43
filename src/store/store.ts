/**
 * A store outside React, read through `useSyncExternalStore`. Dispatch applies
 * the reducer at once; subscribers hear about it on the next microtask (so a
 * batch of dispatches in one tick is one notification, and the first change is
 * never delayed), then at most once per frame while changes keep coming.
 */
import { DEFAULT_THRESHOLDS, type Thresholds } from '../domain/thresholds.js';
import { reducer, type Action } from './reducer.js';
import { initialState, type AppState } from './state.js';

export interface Store {
  readonly getState: () => AppState;
  readonly dispatch: (action: Action) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export interface StoreOptions {
  readonly initial?: AppState;
  /** Minimum time between two notifications while changes keep coming. */
  readonly frameMs?: number;
  /** What the incidents are judged with (`--stall-after`). */
  readonly tracking?: Thresholds;
}

export function createStore({ initial = initialState, frameMs = 16, tracking = DEFAULT_THRESHOLDS }: StoreOptions = {}): Store {
  let state = initial;
  const listeners = new Set<() => void>();
  let scheduled = false;
  let cooling: ReturnType<typeof setTimeout> | undefined;
  let pending = false;

  const notify = () => {
    scheduled = false;
    pending = false;
    for (const listener of [...listeners]) listener();
    cooling = setTimeout(() => {
      cooling = undefined;
      if (pending) schedule();
    }, frameMs);
    cooling.unref?.();
  };

  const schedule = () => {
    if (cooling) {
      pending = true;
      return;
    }
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(notify);
  };

  return {
    getState: () => state,
    dispatch: (action) => {
      const next = reducer(state, action, tracking);
      if (next === state) return;
      state = next;
      schedule();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

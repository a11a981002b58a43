import { useSyncExternalStore } from 'react';
import type { AppState } from '../src/store/state.js';
import type { Store } from '../src/store/store.js';

/** The store's state; selectors downstream are memoised on its slices. */
export function useStoreState(store: Store): AppState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

import { useCallback, useSyncExternalStore } from 'react';
import type { Store } from '../../core/store.js';
import { type AppState } from '../../core/app-state.js';

/**
 * The store's state; selectors downstream are memoised on its slices. A change
 * of the team files is drawn at once; one of the members' work only, when
 * `onWork` says (the clock's next beat), or with the next frame drawn anyway.
 */
export function useStoreState(store: Store, onWork: () => void): AppState {
  const subscribe = useCallback(
    (onChange: () => void) => store.subscribe((change) => (change === 'files' ? onChange() : onWork())),
    [store, onWork],
  );
  return useSyncExternalStore(subscribe, store.getState, store.getState);
}

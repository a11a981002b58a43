import { useCallback, useSyncExternalStore } from 'react';
import type { Store } from '../../core/store.js';
import type { AppState } from '../../core/app-state.js';

/** The store's state: a change of the team files is drawn at once, one of members' activity only on the next beat (`onWork`). */
export function useStoreState(store: Store, onWork: () => void): AppState {
  const subscribe = useCallback(
    (onChange: () => void) => store.subscribe((change) => (change === 'files' ? onChange() : onWork())),
    [store, onWork],
  );
  return useSyncExternalStore(subscribe, store.getState, store.getState);
}

/**
 * A store outside React (`useSyncExternalStore`): dispatch applies at once; subscribers hear on the next microtask (a tick's batch
 * is one notice, the first never delayed), then at most once per frame. A notice says whether team files or only members' work
 * changed: a busy team writes work many times a second, so the dashboard draws it on its clock's beat.
 */
import { DEFAULT_THRESHOLDS, type Thresholds } from './model/settings.js';
import { advance, initialState, type Action, type AppState } from './app-state.js';

/** What changed since the last notice: the team files (and anything else), or only the members' work. */
export type Change = 'files' | 'work';

export interface Store {
  readonly getState: () => AppState;
  readonly dispatch: (action: Action) => void;
  readonly subscribe: (listener: (change: Change) => void) => () => void;
}

/**
 * An action that only tells of the members' work: what the transcripts' reader
 * says, and the mail they show taken where it changed no inbox (a transcript
 * read again, mail already known taken): a message taken or recovered is the
 * team's files' news, drawn at once.
 */
const onlyWork = (action: Action, before: AppState, after: AppState): boolean =>
  action.type === 'observed' &&
  action.observations.every(
    (observation) =>
      observation.kind === 'transcript' ||
      observation.kind === 'session-state' ||
      (observation.kind === 'mail-taken' && before.teams.get(observation.team)?.inboxes === after.teams.get(observation.team)?.inboxes),
  );

export interface StoreOptions {
  readonly initial?: AppState;
  /** Minimum time between two notifications while changes keep coming. */
  readonly frameMs?: number;
  /** What the incidents are diagnosed with (`--stall-after`). */
  readonly tracking?: Thresholds;
}

export function createStore({ initial = initialState, frameMs = 16, tracking = DEFAULT_THRESHOLDS }: StoreOptions = {}): Store {
  let state = initial;
  const listeners = new Set<(change: Change) => void>();
  let scheduled = false;
  let cooling: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  let change: Change = 'work';

  const notify = () => {
    scheduled = false;
    pending = false;
    const changed = change;
    change = 'work';
    for (const listener of [...listeners]) listener(changed);
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
      const next = advance(state, action, tracking);
      if (next === state) return;
      if (!onlyWork(action, state, next)) change = 'files';
      state = next;
      schedule();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

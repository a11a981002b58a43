import type { Thresholds } from '../src/domain/thresholds.js';
import React, { useCallback, useLayoutEffect, useMemo, useReducer, useRef, useSyncExternalStore } from 'react';
import type { ReplayController, ReplayStatus } from '../src/journal/replay-controller.js';
import type { WorkflowSpec } from '../src/domain/workflow/spec.js';
import type { Store } from '../src/store/store.js';
import { buildDashboard } from './dashboard-model.js';
import { Dashboard } from './dashboard.js';
import { colorTheme, monochromeTheme, ThemeContext } from './theme.js';
import { useKeys } from './use-keys.js';
import { useClock, useRedrawWhenTimeChanges } from './use-now.js';
import { useStoreState } from './use-store.js';
import { useTerminalSize } from './use-terminal-size.js';
import { initialViewState, viewReducer, type ViewState } from './view-state.js';

export interface AppProps extends Thresholds {
  readonly store: Store;
  readonly claudeDir: string;
  readonly color: boolean;
  /** The team to show first (`--team`). */
  readonly team?: string;
  /** Evaluate ages as of this instant instead of the clock (`--now`). */
  readonly now?: number;
  /** Replaying a journal: the transport, whose clock is the dashboard's now. */
  readonly replay?: ReplayController;
  /** The declared workflow (`--spec`). */
  readonly spec?: WorkflowSpec | undefined;
  /** The view to open on (`--view`). */
  readonly view?: ViewState['mode'];
}

const noReplay = {
  subscribe: () => () => undefined,
  getStatus: (): ReplayStatus | undefined => undefined,
};

/** The interactive dashboard: the store, the terminal and the keys, around the pure view. */
export function App({
  store,
  claudeDir,
  color,
  team,
  now: fixedNow,
  stallAfterMs,
  quietAfterMs,
  replay,
  spec,
  view: startView = 'dashboard',
}: AppProps) {
  const state = useStoreState(store);
  const { columns, rows } = useTerminalSize();
  const transport = replay ?? noReplay;
  const replayStatus = useSyncExternalStore(transport.subscribe, transport.getStatus);
  const clock = useClock(replayStatus?.clock ?? fixedNow);
  const { now } = clock;
  const [view, dispatch] = useReducer(viewReducer, null, () => ({ ...initialViewState, team: team ?? null, mode: startView }));
  const model = useMemo(
    () =>
      buildDashboard({ state, view, claudeDir, width: columns, height: rows, now, stallAfterMs, quietAfterMs, replay: replayStatus, spec }),
    [state, view, claudeDir, columns, rows, now, stallAfterMs, quietAfterMs, replayStatus, spec],
  );
  useRedrawWhenTimeChanges(clock, model.nextChangeMs);
  // Keys are resolved against the latest state, whatever render their handler came from:
  // the frame on screen when the view is the one drawn, else (the second key of
  // one read) the frame that view would draw.
  const input = { state, claudeDir, width: columns, height: rows, now, stallAfterMs, quietAfterMs, replay: replayStatus, spec };
  const latest = useRef({ input, view, model });
  useLayoutEffect(() => {
    latest.current = { input, view, model };
  });
  const contextFor = useCallback((current: ViewState) => {
    const drawn = latest.current;
    return current === drawn.view ? drawn.model.context : buildDashboard({ ...drawn.input, view: current }).context;
  }, []);
  useKeys(contextFor, dispatch, replay);
  return (
    <ThemeContext.Provider value={color ? colorTheme : monochromeTheme}>
      <Dashboard model={model} height={rows} />
    </ThemeContext.Provider>
  );
}

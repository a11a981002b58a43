import type { Thresholds } from '../../core/model/settings.js';
import React, { useCallback, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ReplayStatus, ReplayTransport } from '../../core/model/replay.js';
import type { WorkflowSpec } from '../../core/workflow/spec.js';
import type { Store } from '../../core/store.js';
import { applyRead } from '../keys/view-reducer.js';
import { buildScreen, navigationAt, type ScreenInput, type ScreenModel } from '../screen/frame.js';
import { Screen } from '../screen/screen.js';
import type { Command } from '../keys/keymap.js';
import { colorTheme, monochromeTheme, ThemeContext } from '../widgets/theme.js';
import { useKeys } from '../keys/use-keys.js';
import { useBeat, useClock, useRedrawWhenTimeChanges } from './use-now.js';
import { useStoreState } from './use-store.js';
import { useTerminalSize } from './use-terminal-size.js';
import { initialViewState, type ViewState } from '../keys/view-state.js';
import type { ConfigDirLook } from '../../core/model/config-dir.js';

export interface AppProps {
  readonly thresholds: Thresholds;
  readonly store: Store;
  readonly claudeDir: string;
  readonly color: boolean;
  /** The team to show first (`--team`). */
  readonly team?: string;
  /** Evaluate ages as of this instant instead of the clock (`--now`). */
  readonly now?: number;
  /** Replaying a journal: the transport, whose clock is the dashboard's now. */
  readonly replay?: ReplayTransport;
  readonly spec?: WorkflowSpec | undefined;
  /** The view to open on (`--view`). */
  readonly view?: ViewState['mode'];
  /** The members' transcripts are read (false: `--no-transcripts`). */
  readonly transcripts?: boolean;
  /** What the config dir holds, looked at when there was no team (the empty screen says it). */
  readonly look?: ConfigDirLook | undefined;
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
  thresholds,
  replay,
  spec,
  view: startView = 'dashboard',
  transcripts = true,
  look,
}: AppProps) {
  const transport = replay ?? noReplay;
  const replayStatus = useSyncExternalStore(transport.subscribe, transport.getStatus);
  const clock = useClock(replayStatus?.clock ?? fixedNow);
  const beat = useBeat(clock);
  const state = useStoreState(store, beat.work);
  const { columns, rows } = useTerminalSize();
  const { now } = clock;
  const [view, setView] = useState((): ViewState => ({ ...initialViewState, team: team ?? null, mode: startView }));
  const input = useMemo(
    (): ScreenInput => ({
      state,
      view,
      claudeDir,
      width: columns,
      height: rows,
      now,
      thresholds,
      replay: replayStatus,
      spec,
      transcripts,
      look,
    }),
    [state, view, claudeDir, columns, rows, now, thresholds, replayStatus, spec, transcripts, look],
  );
  const model = useMemo(() => buildScreen(input), [input]);
  useRedrawWhenTimeChanges(beat, clock, model.nextChangeMs);
  // Keys apply to the frame on screen, whatever render their handler came from.
  const drawn = useRef<{ readonly input: ScreenInput; readonly model: ScreenModel }>({ input, model });
  useLayoutEffect(() => {
    drawn.current = { input, model };
  });
  const apply = useCallback(
    (commands: readonly Command[]) =>
      setView((current) => {
        const on = drawn.current;
        return applyRead(current, commands, { view: on.input.view, navigation: on.model.navigation }, (view) =>
          navigationAt({ ...on.input, view }),
        );
      }),
    [],
  );
  useKeys(apply, replay);
  return (
    <ThemeContext.Provider value={color ? colorTheme : monochromeTheme}>
      <Screen model={model} height={rows} />
    </ThemeContext.Provider>
  );
}

import type { Thresholds } from '../../core/model/settings.js';
import React, { useCallback, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ReplayStatus, ReplayTransport } from '../../core/model/replay.js';
import type { WorkflowSpec } from '../../core/workflow/spec.js';
import type { Store } from '../../core/store.js';
import { readKeys } from '../keys/view-reducer.js';
import { buildScreen, navigationAt, type ScreenInput, type ScreenModel } from '../screen/frame.js';
import { Screen } from '../screen/screen.js';
import type { Command, KeyPress, Keymap } from '../keys/keymap.js';
import { KEYMAP, searchKeysOf } from '../views/registry.js';
import { useApp } from 'ink';
import { monochromeTheme, ThemeContext, themeNamed, type ThemeName } from '../widgets/theme.js';
import { useMouse, type MouseEvent, type MouseSource } from './mouse.js';
import { pointed } from '../keys/pointing.js';
import { rememberedOf, sameRemembered, withRemembered, type Remembered } from '../keys/remembered.js';
import { navigatesAlike } from '../keys/view-state.js';
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
  /** The keys, with the config file's (default: teamtop's own). */
  readonly keymap?: Keymap;
  /** The colours, with colour on (default: dark). */
  readonly theme?: ThemeName;
  /** The mouse, where the terminal reports it (none: `--no-mouse`, or no terminal). */
  readonly mouse?: MouseSource;
  /** The filters, view and order kept from the last start; `view` wins over its view. */
  readonly remembered?: Remembered;
  /** Told each change of what is kept from one start to the next. */
  readonly onRemember?: (remembered: Remembered) => void;
  /** Said in the footer until the first key (a settings file that could not be read). */
  readonly notice?: string;
}

/** The replay's transport, by the key's command. */
const TRANSPORT: Partial<Record<Extract<Command, string>, (replay: ReplayTransport) => void>> = {
  replayToggle: (replay) => replay.toggle(),
  replayStep: (replay) => replay.step(),
  replayFaster: (replay) => replay.faster(),
  replaySlower: (replay) => replay.slower(),
  replayStart: (replay) => replay.toStart(),
  replayEnd: (replay) => replay.toEnd(),
};

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
  view: startView,
  transcripts = true,
  look,
  keymap = KEYMAP,
  theme = 'dark',
  mouse,
  remembered,
  onRemember,
  notice,
}: AppProps) {
  const { exit } = useApp();
  const transport = replay ?? noReplay;
  const replayStatus = useSyncExternalStore(transport.subscribe, transport.getStatus);
  const clock = useClock(replayStatus?.clock ?? fixedNow);
  const beat = useBeat(clock);
  const state = useStoreState(store, beat.work);
  const { columns, rows } = useTerminalSize();
  const { now } = clock;
  const [view, setView] = useState((): ViewState => {
    const kept = remembered ? withRemembered(initialViewState, remembered) : initialViewState;
    return {
      ...kept,
      team: team ?? null,
      mode: startView ?? kept.mode,
      note: notice === undefined ? null : { why: 'notice', text: notice },
    };
  });
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
      keymap,
      look,
    }),
    [state, view, claudeDir, columns, rows, now, thresholds, replayStatus, spec, transcripts, keymap, look],
  );
  const model = useMemo(() => buildScreen(input), [input]);
  useRedrawWhenTimeChanges(beat, clock, model.nextChangeMs);
  // Keys apply to the frame on screen, whatever render their handler came from.
  const drawn = useRef<{ readonly input: ScreenInput; readonly model: ScreenModel }>({ input, model });
  useLayoutEffect(() => {
    drawn.current = { input, model };
  });
  // The view state as the keys last left it, which a frame may not have drawn yet.
  const current = useRef(view);
  const searchKeys = useMemo(() => searchKeysOf(keymap), [keymap]);
  const apply = useCallback(
    (presses: readonly KeyPress[]) => {
      const on = drawn.current;
      const read = readKeys(
        current.current,
        presses,
        { view: on.input.view, navigation: on.model.navigation },
        (next) => navigationAt({ ...on.input, view: next }),
        searchKeys,
      );
      current.current = read.view;
      setView(read.view);
      for (const effect of read.effects) {
        if (effect === 'quit') exit();
        else if (replay && typeof effect === 'string') TRANSPORT[effect]?.(replay);
      }
    },
    [exit, replay, searchKeys],
  );
  useKeys(apply, keymap, replay !== undefined);
  const point = useCallback((event: MouseEvent) => {
    const on = drawn.current;
    const known = navigatesAlike(current.current, on.input.view, on.model.navigation)
      ? on.model.navigation
      : navigationAt({ ...on.input, view: current.current });
    current.current = pointed(current.current, event, known);
    setView(current.current);
  }, []);
  useMouse(mouse, point);
  const kept = useRef(remembered ?? rememberedOf(view));
  useLayoutEffect(() => {
    const now = rememberedOf(view);
    if (sameRemembered(now, kept.current)) return;
    kept.current = now;
    onRemember?.(now);
  }, [view, onRemember]);
  return (
    <ThemeContext.Provider value={color ? themeNamed(theme) : monochromeTheme}>
      <Screen model={model} height={rows} />
    </ThemeContext.Provider>
  );
}

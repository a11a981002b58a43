import type { Thresholds } from '../core/model/settings.js';
import chalk from 'chalk';
import { renderToString } from 'ink';
import React from 'react';
import { buildScreen } from '../ui/screen/frame.js';
import { Screen } from '../ui/screen/screen.js';
import { ThemeContext, themeNamed } from '../ui/widgets/theme.js';
import type { ThemeChoice } from './config-file.js';
import { backgroundOfColorfgbg } from './theme-detect.js';
import { initialViewState, type ViewState } from '../ui/keys/view-state.js';
import type { WorkflowSpec } from '../core/workflow/spec.js';
import { selectTeams } from '../core/select/teams.js';
import { settledSession, type JournalOptions } from './session.js';
import { unknownTeam } from './usage.js';
import { type AppState } from '../core/app-state.js';

export interface OnceOptions extends Omit<FrameOptions, 'view'> {
  readonly team: string | undefined;
  /** The team to show when there is one of that name and `team` is not given (no error when there is not). */
  readonly preferTeam?: string | undefined;
  readonly journal: JournalOptions | undefined;
  readonly dirChosenBy?: string;
  /** The view to draw. */
  readonly view: ViewState['mode'];
}

/** Draw one frame to stdout: only SGR colour sequences, no cursor movement. */
export async function runOnce(options: OnceOptions): Promise<number> {
  const { store } = await settledSession(options.claudeDir, options.journal, options.dirChosenBy, {
    transcripts: options.transcripts,
    thresholds: options.thresholds,
  });
  const state = store.getState();
  const teams = selectTeams(state.teams).map((team) => team.name);
  if (options.team !== undefined && !teams.includes(options.team)) return unknownTeam(options.team, state, teams, options.claudeDir);
  printFrame(state, { ...options, view: { ...initialViewState, team: options.team ?? options.preferTeam ?? null, mode: options.view } });
  return 0;
}

export interface FrameOptions {
  readonly view: ViewState;
  readonly claudeDir: string;
  readonly color: boolean;
  readonly width: number;
  /** Rows to fit in; undefined draws every pane at its natural height. */
  readonly height: number | undefined;
  readonly now: number;
  readonly thresholds: Thresholds;
  readonly spec?: WorkflowSpec | undefined;
  /** The members' transcripts were read (false: `--no-transcripts`). */
  readonly transcripts?: boolean;
  /** The theme; `auto` is light only where COLORFGBG says so (a frame printed once asks the terminal nothing). */
  readonly theme?: ThemeChoice;
}

const themeOnce = (choice: ThemeChoice = 'auto') =>
  choice !== 'auto' ? choice : backgroundOfColorfgbg(process.env['COLORFGBG']) === 'light' ? 'light' : 'dark';

/** Write one frame of the dashboard to stdout: only SGR colour sequences, none without colour. */
export function printFrame(state: AppState, options: FrameOptions): void {
  if (!options.color) chalk.level = 0;
  const { view, claudeDir, width, height, now, thresholds, spec, transcripts } = options;
  const model = buildScreen({
    state,
    view,
    claudeDir,
    width,
    height,
    now,
    thresholds,
    spec,
    transcripts,
    interactive: false,
  });
  const frame = renderToString(
    <ThemeContext.Provider value={themeNamed(themeOnce(options.theme))}>
      <Screen model={model} height={options.height} />
    </ThemeContext.Provider>,
    { columns: options.width },
  );
  process.stdout.write(`${frame}\n`);
}

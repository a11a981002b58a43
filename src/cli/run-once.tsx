import type { Thresholds } from '../core/model/settings.js';
import chalk, { Chalk } from 'chalk';
import { fit, stringWidth } from '../core/text/fit.js';
import { sanitizeLine } from '../core/text/sanitize.js';
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
import { lookAtConfigDir } from '../io/watch/config-dir-look.js';
import type { ConfigDirLook } from '../core/model/config-dir.js';
import { unknownTeam } from './usage.js';
import { sayWhyPlain } from './dumb-terminal.js';
import type { AppState } from '../core/app-state.js';

export interface OnceOptions extends Omit<FrameOptions, 'view'> {
  readonly team: string | undefined;
  /** The team to show when there is one of that name and `team` is not given (no error when there is not). */
  readonly preferTeam?: string | undefined;
  readonly journal: JournalOptions | undefined;
  readonly dirChosenBy?: string;
  /** The view to draw. */
  readonly view: ViewState['mode'];
  /** Drawn for want of a terminal that can show the live dashboard: where one is there (TERM=dumb), say so after. */
  readonly insteadOfLive?: boolean;
}

/** Draw one frame to stdout: only SGR colour sequences, no cursor movement. */
export async function runOnce(options: OnceOptions): Promise<number> {
  const { store } = await settledSession(options.claudeDir, options.journal, options.dirChosenBy, {
    transcripts: options.transcripts,
    thresholds: options.thresholds,
    now: options.now,
  });
  const state = store.getState();
  const teams = selectTeams(state.teams).map((team) => team.name);
  if (options.team !== undefined && !teams.includes(options.team)) return unknownTeam(options.team, state, teams, options.claudeDir);
  const view = (team: string | null): ViewState => ({ ...initialViewState, team, mode: options.view });
  const chosen = options.team ?? (options.preferTeam !== undefined && teams.includes(options.preferTeam) ? options.preferTeam : undefined);
  if (chosen !== undefined || teams.length <= 1) {
    printFrame(state, {
      ...options,
      view: view(chosen ?? null),
      look: teams.length === 0 ? lookAtConfigDir(options.claudeDir) : undefined,
    });
  } else {
    // Several teams, none chosen: each under a heading, as without colour a frame does not say which team it is.
    const paint = new Chalk({ level: options.color ? 1 : 0 });
    teams.forEach((team, index) => {
      if (index > 0) process.stdout.write('\n');
      process.stdout.write(`${paint.bold(teamHeading(team, index, teams.length, options.width))}\n`);
      printFrame(state, { ...options, view: view(team) });
    });
  }
  if (options.insteadOfLive === true) sayWhyPlain('one frame, as --once draws it');
  return 0;
}

/** `── webui-migration · team 3 of 3 (--team webui-migration draws it alone) ──────`, `width` columns. */
function teamHeading(team: string, index: number, count: number, width: number): string {
  const name = sanitizeLine(team);
  const arg = /^[\w.@%+=:,/-]+$/u.test(name) ? name : `'${name.replaceAll("'", "'\\''")}'`;
  const full = `── ${name} · team ${index + 1} of ${count} (--team ${arg} draws it alone)`;
  const short = `── ${name} · team ${index + 1} of ${count}`;
  const text = `${fit(stringWidth(full) + 3 <= width ? full : short, width - 1)} `;
  return text + '─'.repeat(Math.max(0, width - stringWidth(text)));
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
  /** What the config dir holds, looked at when there is no team (the empty screen says it). */
  readonly look?: ConfigDirLook | undefined;
  /** The theme; `auto` is light only where COLORFGBG says so (a frame printed once asks the terminal nothing). */
  readonly theme?: ThemeChoice;
}

const themeOnce = (choice: ThemeChoice = 'auto') =>
  choice !== 'auto' ? choice : backgroundOfColorfgbg(process.env['COLORFGBG']) === 'light' ? 'light' : 'dark';

/** Write one frame of the dashboard to stdout: only SGR colour sequences, none without colour. */
export function printFrame(state: AppState, options: FrameOptions): void {
  if (!options.color) chalk.level = 0;
  const { view, claudeDir, width, height, now, thresholds, spec, transcripts, look } = options;
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
    look,
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

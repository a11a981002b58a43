import chalk from 'chalk';
import { renderToString } from 'ink';
import React from 'react';
import { buildDashboard } from '../../components/dashboard-model.js';
import { Dashboard } from '../../components/dashboard.js';
import { colorTheme, ThemeContext } from '../../components/theme.js';
import { initialViewState } from '../../components/view-state.js';
import { selectTeams } from '../store/selectors.js';
import { settledSession, type JournalOptions } from './session.js';

export interface OnceOptions {
  readonly claudeDir: string;
  readonly team: string | undefined;
  readonly color: boolean;
  readonly width: number;
  /** Rows to fit in; undefined draws every pane at its natural height. */
  readonly height: number | undefined;
  readonly now: number;
  readonly stallAfterMs: number;
  readonly journal: JournalOptions | undefined;
}

/** Draw one frame to stdout: only SGR colour sequences, no cursor movement. */
export async function runOnce(options: OnceOptions): Promise<number> {
  const { store } = await settledSession(options.claudeDir, options.journal);
  const state = store.getState();
  if (options.team !== undefined && !selectTeams(state.teams).some((team) => team.name === options.team)) {
    process.stderr.write(`teamtop: no team named "${options.team}" in ${options.claudeDir}\n`);
    return 1;
  }
  if (!options.color) chalk.level = 0;
  const model = buildDashboard({
    state,
    view: { ...initialViewState, team: options.team ?? null },
    claudeDir: options.claudeDir,
    width: options.width,
    height: options.height,
    now: options.now,
    stallAfterMs: options.stallAfterMs,
  });
  const frame = renderToString(
    <ThemeContext.Provider value={colorTheme}>
      <Dashboard model={model} height={options.height} />
    </ThemeContext.Provider>,
    { columns: options.width },
  );
  process.stdout.write(`${frame}\n`);
  return 0;
}

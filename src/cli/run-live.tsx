import type { Thresholds } from '../core/model/settings.js';
import React from 'react';
import { App } from '../ui/app/app.js';
import type { ViewState } from '../ui/keys/view-state.js';
import type { WorkflowSpec } from '../core/workflow/spec.js';
import { watchClaudeDir } from '../io/watch/watcher.js';
import { lookAtConfigDir } from '../io/watch/config-dir-look.js';
import { selectTeams } from '../core/select/teams.js';
import { openSession, type JournalOptions } from './session.js';
import { unknownTeam } from './usage.js';
import { runOnTerminal } from './interactive.js';
import { BEL, ringOnNewWarnings } from './bell.js';

export interface LiveOptions {
  readonly thresholds: Thresholds;
  readonly claudeDir: string;
  readonly dirChosenBy?: string;
  /** `--team`: a team that must be there. */
  readonly team: string | undefined;
  /** The team to show first when there is one of that name and `team` is not given (no error when there is not). */
  readonly preferTeam?: string | undefined;
  readonly color: boolean;
  readonly now: number | undefined;
  readonly journal: JournalOptions | undefined;
  readonly transcripts?: boolean;
  readonly spec?: WorkflowSpec | undefined;
  /** The view to open on (default: the dashboard). */
  readonly view?: ViewState['mode'];
  /** Ring the terminal bell on each new warning. */
  readonly bell?: boolean;
}

/** The interactive dashboard, following the files until the user quits. */
export async function runLive(options: LiveOptions): Promise<number> {
  const session = openSession(options.claudeDir, options.journal, options.dirChosenBy, {
    transcripts: options.transcripts,
    thresholds: options.thresholds,
  });
  const teams = selectTeams(session.store.getState().teams).map((team) => team.name);
  if (options.team !== undefined && !teams.includes(options.team)) {
    session.close();
    return unknownTeam(options.team, session.store.getState(), teams, options.claudeDir);
  }
  const watching = new AbortController();
  const stopBell = options.bell
    ? ringOnNewWarnings(session.store, {
        thresholds: options.thresholds,
        now: () => options.now ?? Date.now(),
        ticking: options.now === undefined,
        ring: () => process.stdout.write(BEL),
      })
    : undefined;
  const closing = () => {
    stopBell?.();
    watching.abort();
    session.close();
  };

  // Start watching once the first frame is out: chokidar is not needed to draw it, nor are the transcripts.
  setImmediate(() => {
    session.transcripts?.start(watching.signal);
    watchClaudeDir({ claudeDir: options.claudeDir, reader: session.reader, signal: watching.signal }).catch((error: unknown) => {
      session.reader.take([{ kind: 'watcher-trouble', message: `cannot watch: ${(error as Error).message}` }]);
    });
  });

  return runOnTerminal(
    <App
      store={session.store}
      claudeDir={options.claudeDir}
      color={options.color}
      team={options.team ?? options.preferTeam}
      now={options.now}
      thresholds={options.thresholds}
      spec={options.spec}
      view={options.view}
      transcripts={options.transcripts !== false}
      look={teams.length === 0 ? lookAtConfigDir(options.claudeDir) : undefined}
    />,
    {
      color: options.color,
      onClose: closing,
    },
  );
}

import type { Thresholds } from '../core/model/settings.js';
import React from 'react';
import { App } from '../ui/app/app.js';
import type { ViewName } from '../ui/views/names.js';
import type { WorkflowSpec } from '../core/workflow/spec.js';
import { watchClaudeDir } from '../io/watch/watcher.js';
import { lookAtConfigDir } from '../io/watch/config-dir-look.js';
import { selectTeams } from '../core/select/teams.js';
import { openSession, type JournalOptions } from './session.js';
import { unknownTeam } from './usage.js';
import { runOnTerminal } from './interactive.js';
import { BEL, ringOnNewWarnings } from './bell.js';
import { warningNotification } from './notify.js';
import type { ThemeChoice } from './config-file.js';
import type { KeyRemaps } from '../ui/keys/remap.js';
import { keymapWith } from '../ui/views/registry.js';
import { loadRemembered, rememberedPath, saveRemembered } from './remembered.js';
import type { Remembered } from '../ui/keys/remembered.js';
import type { TerminalAhead } from './theme-detect.js';

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
  /** The view to open on (`--view`; default: the one kept from the last start, else the dashboard). */
  readonly view?: ViewName | undefined;
  /** Ring the terminal bell on each new warning. */
  readonly bell?: boolean;
  /** A desktop notification through the terminal on each new warning. */
  readonly notify?: boolean;
  readonly theme?: ThemeChoice;
  readonly keys?: KeyRemaps;
  readonly mouse?: boolean;
  /** Where the filters, the view and the order are kept from one start to the next (none: the demo keeps nothing). */
  readonly stateDir?: string | undefined;
  /** The terminal, taken and asked its background as teamtop started (start-live.ts). */
  readonly ahead?: TerminalAhead;
  /** Called once the first frame is out. */
  readonly drawn?: () => void;
}

/** What was kept from the last start, as this start can show it: the workflow view only with a spec. */
function remembered(options: LiveOptions): { readonly remembered?: Remembered; readonly notice?: string; readonly path?: string } {
  if (options.stateDir === undefined) return {};
  const path = rememberedPath(options.stateDir, options.claudeDir);
  const loaded = loadRemembered(path);
  const kept = loaded.remembered;
  if (kept?.view === 'workflow' && options.spec === undefined) return { ...loaded, path, remembered: { ...kept, view: 'dashboard' } };
  return { ...loaded, path };
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
    await options.ahead?.release();
    return unknownTeam(options.team, session.store.getState(), teams, options.claudeDir);
  }
  const watching = new AbortController();
  const warned = options.bell || options.notify;
  const stopBell = warned
    ? ringOnNewWarnings(session.store, {
        thresholds: options.thresholds,
        now: () => options.now ?? Date.now(),
        ticking: options.now === undefined,
        ring: (warning) => {
          if (options.bell) process.stdout.write(BEL);
          if (options.notify) process.stdout.write(warningNotification(warning, process.env));
        },
      })
    : undefined;
  const closing = () => {
    stopBell?.();
    watching.abort();
    session.close();
  };

  // Start watching once the first frame is out: chokidar is not needed to draw it, nor are the transcripts.
  setImmediate(() => {
    options.drawn?.();
    session.transcripts?.start(watching.signal);
    watchClaudeDir({ claudeDir: options.claudeDir, reader: session.reader, signal: watching.signal }).catch((error: unknown) => {
      session.reader.take([{ kind: 'watcher-trouble', message: `cannot watch: ${(error as Error).message}` }]);
    });
  });

  const kept = remembered(options);
  const { path } = kept;
  const keymap = keymapWith(options.keys ?? {});
  return runOnTerminal(
    ({ theme, mouse }) => (
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
        keymap={keymap}
        theme={theme}
        mouse={mouse}
        remembered={kept.remembered}
        notice={kept.notice}
        onRemember={path === undefined ? undefined : (next) => saveRemembered(path, next)}
        look={teams.length === 0 ? lookAtConfigDir(options.claudeDir) : undefined}
      />
    ),
    { color: options.color, onClose: closing, theme: options.theme, mouse: options.mouse, ahead: options.ahead },
  );
}

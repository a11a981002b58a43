import React from 'react';
import { App } from '../../components/app.js';
import { initialViewState } from '../../components/view-state.js';
import { inertJson } from '../domain/inert-json.js';
import { sanitizeLine } from '../domain/sanitize.js';
import { ReplayController } from '../journal/replay-controller.js';
import { noticesAsProblems } from '../journal/restore.js';
import { findRecording } from '../journal/sources.js';
import { snapshot } from '../store/snapshot.js';
import { createStore } from '../store/store.js';
import { printFrame } from './run-once.js';
import { runOnTerminal } from './on-terminal.js';

export interface ReplayCliOptions {
  readonly source: string;
  readonly stateDir: string;
  readonly claudeDir: string;
  readonly speed: number;
  readonly json: boolean;
  readonly interactive: boolean;
  readonly color: boolean;
  readonly now: number | undefined;
  readonly stallAfterMs: number;
  readonly quietAfterMs: number;
  readonly width: number;
  readonly height: number | undefined;
}

/** Play a recorded run on the dashboard, or print where it ends (`--json`). */
export async function runReplay(options: ReplayCliOptions): Promise<number> {
  const recording = findRecording(options.source, options.stateDir, options.claudeDir);
  if (!recording) {
    process.stderr.write(`teamtop: no journal file or recorded team named "${options.source}" (journals are in ${options.stateDir})\n`);
    return 1;
  }
  // Not one line of it is a journal's: whatever it is, playing it would show an empty dashboard and say nothing.
  if (recording.lines.length === 0) {
    // The reader's notice, for the first line it could not take (nothing more is skipped: nothing is played).
    const why = recording.notices[0]?.message.replace(/ and was skipped$/u, '') ?? 'it is empty';
    process.stderr.write(
      `teamtop: ${sanitizeLine(options.source)} is not a teamtop recording (${sanitizeLine(why)}); ` +
        'a recording is a journal file, as teamtop export writes one\n',
    );
    return 1;
  }
  const store = createStore();
  store.dispatch({ type: 'observed', observations: noticesAsProblems(recording.notices, Date.now()) });
  const controller = new ReplayController(recording.lines, store, { speed: options.speed });
  const claudeDir = recording.claudeDir ?? options.claudeDir;

  if (options.json || !options.interactive) {
    controller.toEnd();
    const now = options.now ?? (options.json ? Date.now() : controller.end);
    if (options.json) {
      process.stdout.write(
        `${inertJson(snapshot(store.getState(), { claudeDir, now, stallAfterMs: options.stallAfterMs, quietAfterMs: options.quietAfterMs }), 2)}\n`,
      );
      return 0;
    }
    printFrame(store.getState(), { ...options, view: initialViewState, claudeDir, now });
    return 0;
  }

  controller.play();
  return runOnTerminal(
    <App
      store={store}
      claudeDir={claudeDir}
      color={options.color}
      stallAfterMs={options.stallAfterMs}
      quietAfterMs={options.quietAfterMs}
      replay={controller}
    />,
    { color: options.color, onClose: () => controller.dispose() },
  );
}

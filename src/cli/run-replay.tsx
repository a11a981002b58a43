import React from 'react';
import { App } from '../../components/app.js';
import { initialViewState } from '../../components/view-state.js';
import { ReplayController } from '../journal/replay-controller.js';
import { noticesAsProblems, replayRuns } from '../journal/restore.js';
import { readRecording, recordingFiles } from '../journal/sources.js';
import { snapshot } from '../store/snapshot.js';
import { createStore } from '../store/store.js';
import { printJson } from './run-json.js';
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

/** Play a recorded run on the dashboard, or print where it ends (`--json`, or no terminal). */
export async function runReplay(options: ReplayCliOptions): Promise<number> {
  const files = recordingFiles(options.source, options.stateDir, options.claudeDir);
  if (!files) {
    process.stderr.write(`teamtop: no journal file or recorded team named "${options.source}" (journals are in ${options.stateDir})\n`);
    return 1;
  }
  if (options.json || !options.interactive) return printEnd(files, options);

  const recording = readRecording(files);
  const store = createStore();
  store.dispatch({ type: 'observed', observations: noticesAsProblems(recording.notices, Date.now()) });
  const controller = new ReplayController(recording.lines, store, { speed: options.speed });
  controller.play();
  return runOnTerminal(
    <App
      store={store}
      claudeDir={recording.claudeDir ?? options.claudeDir}
      color={options.color}
      stallAfterMs={options.stallAfterMs}
      quietAfterMs={options.quietAfterMs}
      replay={controller}
    />,
    { color: options.color, onClose: () => controller.dispose() },
  );
}

/**
 * Where the recording ends, printed: streamed through the store a line at a
 * time, so a recording of millions of entries is never in memory at once.
 */
async function printEnd(files: readonly string[], options: ReplayCliOptions): Promise<number> {
  const store = createStore();
  const played = replayRuns(
    files.map((path) => ({ path })),
    (observations) => store.dispatch({ type: 'observed', observations }),
  );
  store.dispatch({ type: 'observed', observations: noticesAsProblems(played.notices, Date.now()) });
  const claudeDir = played.claudeDir ?? options.claudeDir;
  const end = Number.isNaN(played.end) ? 0 : played.end;
  const now = options.now ?? (options.json ? Date.now() : end);
  if (options.json) {
    const document = snapshot(store.getState(), { claudeDir, now, stallAfterMs: options.stallAfterMs, quietAfterMs: options.quietAfterMs });
    await printJson(document);
    return 0;
  }
  printFrame(store.getState(), { ...options, view: initialViewState, claudeDir, now });
  return 0;
}

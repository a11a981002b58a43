import type { Thresholds } from '../core/model/settings.js';
import React from 'react';
import { App } from '../ui/app/app.js';
import { initialViewState } from '../ui/keys/view-state.js';
import { sanitizeLine } from '../core/text/sanitize.js';
import { ReplayController } from '../io/journal/replay-controller.js';
import { noticesAsProblems, replayRuns } from '../io/journal/restore.js';
import { readRecording, recordingFiles } from '../io/journal/sources.js';
import { snapshot } from '../core/snapshot.js';
import { createStore } from '../core/store.js';
import { printJson } from './run-json.js';
import { printFrame } from './run-once.js';
import { runOnTerminal } from './interactive.js';
import { optimising } from './v8-flags.js';
import type { ThemeChoice } from './config-file.js';
import type { KeyRemaps } from '../ui/keys/remap.js';
import { keymapWith } from '../ui/views/registry.js';
import { sayWhyPlain } from './dumb-terminal.js';

export interface ReplayCliOptions {
  readonly source: string;
  readonly stateDir: string;
  readonly claudeDir: string;
  readonly speed: number;
  readonly json: boolean;
  readonly interactive: boolean;
  readonly color: boolean;
  readonly now: number | undefined;
  readonly thresholds: Thresholds;
  readonly width: number;
  readonly height: number | undefined;
  readonly theme: ThemeChoice;
  readonly keys: KeyRemaps;
  readonly mouse: boolean;
}

/** Play a recorded run on the dashboard, or print where it ends (`--json`, or no terminal). */
export async function runReplay(options: ReplayCliOptions): Promise<number> {
  const files = recordingFiles(options.source, options.stateDir, options.claudeDir);
  if (!files) {
    process.stderr.write(`teamtop: no journal file or recorded team named "${options.source}" (journals are in ${options.stateDir})\n`);
    return 1;
  }
  if (options.json || !options.interactive) {
    const code = await printEnd(files, options);
    if (!options.json && code === 0) sayWhyPlain('where the recording ends, as one frame');
    return code;
  }

  const recording = readRecording(files);
  if (recording.lines.length === 0) return notARecording(options.source, recording.notices);
  const store = createStore({ tracking: options.thresholds });
  store.dispatch({ type: 'observed', observations: noticesAsProblems(recording.notices, Date.now()) });
  const controller = new ReplayController(recording.lines, store, { speed: options.speed });
  controller.play();
  return runOnTerminal(
    ({ theme, mouse }) => (
      <App
        store={store}
        claudeDir={recording.claudeDir ?? options.claudeDir}
        color={options.color}
        thresholds={options.thresholds}
        replay={controller}
        theme={theme}
        mouse={mouse}
        keymap={keymapWith(options.keys)}
      />
    ),
    { color: options.color, onClose: () => controller.dispose(), theme: options.theme, mouse: options.mouse },
  );
}

/** Not one line is a journal's: playing it would show an empty dashboard, so the reader's first notice says why. */
function notARecording(source: string, notices: readonly { readonly message: string }[]): number {
  const why = notices[0]?.message.replace(/ and was skipped$/u, '') ?? 'it is empty';
  process.stderr.write(
    `teamtop: ${sanitizeLine(source)} is not a teamtop recording (${sanitizeLine(why)}); a recording is a journal file, as teamtop export writes one\n`,
  );
  return 1;
}

function printEnd(files: readonly string[], options: ReplayCliOptions): Promise<number> {
  // Done once, in bulk, before anything is printed: a recording can hold millions of entries.
  return optimising(() => playToEnd(files, options));
}

async function playToEnd(files: readonly string[], options: ReplayCliOptions): Promise<number> {
  const store = createStore({ tracking: options.thresholds });
  const played = replayRuns(
    files.map((path) => ({ path })),
    (observations) => store.dispatch({ type: 'observed', observations }),
  );
  if (Number.isNaN(played.end)) return notARecording(options.source, played.notices);
  store.dispatch({ type: 'observed', observations: noticesAsProblems(played.notices, Date.now()) });
  const claudeDir = played.claudeDir ?? options.claudeDir;
  const now = options.now ?? (options.json ? Date.now() : played.end);
  if (options.json) {
    const document = snapshot(store.getState(), { claudeDir, now, thresholds: options.thresholds });
    await printJson(document);
    return 0;
  }
  printFrame(store.getState(), { ...options, view: initialViewState, claudeDir, now });
  return 0;
}

/**
 * Restoring history from the journal before the live files are read: a message
 * any earlier run saw is still there, and a team whose files are gone is listed,
 * ended, with everything it said.
 */
import type { Observation } from '../domain/observation.js';
import { readJournalFile } from './reader.js';
import { Replayer } from './replayer.js';
import { listRuns, type RunFile } from './store-dir.js';

export interface Restored {
  /** Observations to apply, in order. */
  readonly observations: Observation[];
  /** A hash of what each file held when last recorded, and the folders last seen: the writer does not record them again. */
  readonly lastHashes: ReadonlyMap<string, string>;
  readonly folders: ReadonlySet<string>;
  /** Lines that were skipped, one sentence each, with the file they came from. */
  readonly notices: { readonly path: string; readonly message: string }[];
}

/** Replay run files in order through one replayer. */
export function replayRuns(runs: readonly RunFile[]): Restored {
  const replayer = new Replayer();
  const observations: Observation[] = [];
  const notices: { path: string; message: string }[] = [];
  for (const run of runs) {
    const { lines, notices: skipped } = readJournalFile(run.path);
    for (const message of skipped) notices.push({ path: run.path, message });
    for (const line of lines) observations.push(...replayer.apply(line));
  }
  return { observations, lastHashes: replayer.lastHashes, folders: replayer.folders, notices };
}

/** Everything the journal of one config dir holds. */
export function restore(namespace: string): Restored {
  return replayRuns(listRuns(namespace));
}

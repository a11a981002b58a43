// Restoring history from the journal before the live files are read.
import { batching, type Observation } from '../../core/model/observation.js';
import type { FileInterpreter } from '../../core/decode/interpreter.js';
import { runSpan, streamJournal, timeOf } from './reader.js';
import { Replayer } from './replayer.js';
import { listRuns, type RunFile } from './store-dir.js';
import type { JournalHeader } from './format.js';

export interface Restored {
  readonly folders: ReadonlySet<string>;
  /** It knows what each file held last: the live loader takes over from it, and tells an unchanged file or an append. */
  readonly interpreter: FileInterpreter;
  readonly notices: { readonly path: string; readonly message: string }[];
  readonly claudeDir: string | undefined;
  /** The time of the last line replayed (NaN: none). */
  readonly end: number;
}

/**
 * Replay run files through one replayer a line at a time, emitting an inbox's observation at once: it holds its text.
 * `replayed` hears of each run once all of it was emitted, with its header (JudgedRuns).
 */
export function replayRuns(
  runs: readonly Pick<RunFile, 'path'>[],
  emit: (observations: Observation[]) => void,
  replayed?: (path: string, header: JournalHeader | undefined) => void,
): Restored {
  const replayer = new Replayer();
  const notices: { path: string; message: string }[] = [];
  const batches = batching(emit);
  let claudeDir: string | undefined;
  let end = Number.NaN;
  for (const run of runs) {
    batches.add(replayer.beginFile(end));
    let header: JournalHeader | undefined;
    const skipped = streamJournal(run.path, (line) => {
      if (line.kind === 'header') {
        claudeDir ??= line.header.claudeDir;
        header ??= line.header;
      }
      end = timeOf(line);
      batches.add(replayer.apply(line));
    });
    batches.flush();
    replayed?.(run.path, header);
    for (const message of [...skipped, ...replayer.notices.splice(0)]) notices.push({ path: run.path, message });
  }
  return { folders: replayer.folders, interpreter: replayer.interpreter, notices, claudeDir, end };
}

export function restore(
  namespace: string,
  emit: (observations: Observation[]) => void,
  replayed?: (path: string, header: JournalHeader | undefined) => void,
): Restored {
  return replayRuns(withoutCovered(listRuns(namespace)), emit, replayed);
}

/**
 * Runs but those another run of the team, begun before, recorded from start to end (two dashboards at once):
 * replayed after it, such a run takes the team back to where it was when it quit. See docs/internals/journal.md.
 */
export function withoutCovered<Run extends Pick<RunFile, 'path'>>(runs: readonly Run[]): Run[] {
  const ends = new Map<string, number>();
  return runs.filter((run) => {
    const span = runSpan(run.path);
    if (!span) return true;
    if (span.end <= (ends.get(span.team) ?? Number.NEGATIVE_INFINITY)) return false;
    ends.set(span.team, span.end);
    return true;
  });
}

/** Skipped journal lines as problems: one per journal file (problems are one per path), saying how many more. */
export function noticesAsProblems(notices: Restored['notices'], at: number): Observation[] {
  const byFile = new Map<string, string[]>();
  // Added to in place: copying the list for each junk line is quadratic.
  for (const { path, message } of notices) {
    const list = byFile.get(path);
    if (list) list.push(message);
    else byFile.set(path, [message]);
  }
  return [...byFile].map(([path, [first, ...more]]) => ({
    kind: 'problem',
    path,
    message: more.length > 0 ? `${first} (and ${more.length} more)` : first!,
    at,
  }));
}

/**
 * Restoring history from the journal before the live files are read: a message
 * any earlier run saw is still there, and a team whose files are gone is listed,
 * ended, with everything it said.
 */
import { batching, type Observation } from '../../core/model/observation.js';
import type { FileInterpreter } from '../../core/decode/interpreter.js';
import { runSpan, streamJournal, timeOf } from './reader.js';
import { Replayer } from './replayer.js';
import { listRuns, type RunFile } from './store-dir.js';

export interface Restored {
  /** The folders last seen: the writer does not record them again. */
  readonly folders: ReadonlySet<string>;
  /**
   * The interpreter that read the journal: it knows what each file held last,
   * so the live loader can take over from it and tell an unchanged file (which
   * it says nothing about, so the writer records nothing), or an append,
   * without parsing everything again.
   */
  readonly interpreter: FileInterpreter;
  /** Lines that were skipped, one sentence each, with the file they came from. */
  readonly notices: { readonly path: string; readonly message: string }[];
  /** The config dir the first run was recorded from, as its header says. */
  readonly claudeDir: string | undefined;
  /** The time of the last line replayed (NaN: none). */
  readonly end: number;
}

/**
 * Replay run files in order through one replayer, a line at a time, handing
 * the observations to `emit` as they come: an inbox's at once (a journal can
 * hold every text a busy team ever wrote, and an observation holds its text),
 * the small files' in batches.
 */
export function replayRuns(runs: readonly Pick<RunFile, 'path'>[], emit: (observations: Observation[]) => void): Restored {
  const replayer = new Replayer();
  const notices: { path: string; message: string }[] = [];
  const batches = batching(emit);
  let claudeDir: string | undefined;
  let end = Number.NaN;
  for (const run of runs) {
    batches.add(replayer.beginFile(end));
    const skipped = streamJournal(run.path, (line) => {
      if (line.kind === 'header') claudeDir ??= line.header.claudeDir;
      end = timeOf(line);
      batches.add(replayer.apply(line));
    });
    batches.flush();
    for (const message of [...skipped, ...replayer.notices.splice(0)]) notices.push({ path: run.path, message });
  }
  return { folders: replayer.folders, interpreter: replayer.interpreter, notices, claudeDir, end };
}

/** Everything the journal of one config dir holds. */
export function restore(namespace: string, emit: (observations: Observation[]) => void): Restored {
  return replayRuns(withoutCovered(listRuns(namespace)), emit);
}

/**
 * Runs (oldest first) but those another run of the same team, begun before,
 * recorded from start to end: two dashboards ran at once on one config dir,
 * and the later one quit first. Replayed after the other, its lines, all
 * older than the other's last, would take the team back to where it was when
 * it quit: a team that ended alive again, members that left still there,
 * tasks as they were. A run that outlasts the others is kept: replayed last,
 * it ends where the team did. A run whose span cannot be read is kept.
 */
export function withoutCovered<Run extends Pick<RunFile, 'path'>>(runs: readonly Run[]): Run[] {
  const ends = new Map<string, number>();
  return runs.filter((run) => {
    const span = runSpan(run.path);
    if (!span) return true;
    if (span.end <= (ends.get(span.team) ?? Number.NEGATIVE_INFINITY)) return false;
    // Later than every run of the team before it: the end the next must outlast.
    ends.set(span.team, span.end);
    return true;
  });
}

/**
 * Journal lines that were skipped, as problems on screen and in `--json`: one
 * per journal file (problems are one per path), saying how many more.
 */
export function noticesAsProblems(notices: Restored['notices'], at: number): Observation[] {
  const byFile = new Map<string, string[]>();
  // Added to in place: a copy of the list so far for each of 100,000 junk lines took minutes.
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

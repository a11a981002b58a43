/** A store fed from a config dir: the journal's history first, then the start-up scan, then the watcher; each observation journaled. */
import type { Observation } from '../core/model/observation.js';
import { classifyFolder } from '../core/model/paths.js';
import { noticesAsProblems, restore } from '../io/journal/restore.js';
import { namespaceDir } from '../io/journal/store-dir.js';
import { JournalWriter } from '../io/journal/writer.js';
import { JudgedRuns } from '../io/journal/judged.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../core/model/settings.js';
import { createStore, type Store } from '../core/store.js';
import type { FileInterpreter } from '../core/decode/interpreter.js';
import { Reader } from '../io/watch/reader.js';
import { followTranscripts, type Transcripts } from './transcripts.js';
import { optimising } from './v8-flags.js';

export interface JournalOptions {
  readonly stateDir: string;
  /** Append what this run sees (the live mode); otherwise only read it back. */
  readonly write: boolean;
  readonly maxBytes: number;
}

export interface Session {
  readonly claudeDir: string;
  readonly store: Store;
  /** The one reader of the config dir: the watcher's events go to it. */
  readonly reader: Reader;
  readonly journal: JournalWriter | undefined;
  /** The sessions' transcripts and live states, for the teams known (undefined: `--no-transcripts`). */
  readonly transcripts: Transcripts | undefined;
  readonly observe: (observations: Observation[]) => void;
  close(): void;
}

/** The first frame is drawn by then: writing an earlier run's judgement (a copy of the run) does not delay it. */
const RECORD_JUDGED_AFTER_MS = 1000;

export interface SessionOptions {
  readonly transcripts?: boolean;
  /** What the incidents are diagnosed with (`--stall-after`, `--quiet-after`). */
  readonly thresholds?: Thresholds;
  /** The instant every read is stamped with (`--now`) where a mode reads once: what the reads raise is raised then, not at the wall clock. */
  readonly now?: number;
}

/** `dirChosenBy`: what chose the config dir, said when it is not a folder (see `dirChosenBy` in options.ts). */
export function openSession(
  claudeDir: string,
  journalOptions?: JournalOptions,
  dirChosenBy?: string,
  options: SessionOptions = {},
): Session {
  const store = createStore({ tracking: options.thresholds });
  const { now: judgedAt } = options;
  const clock = judgedAt === undefined ? Date.now : () => judgedAt;
  let journal: JournalWriter | undefined;
  const observe = (observations: Observation[]) => {
    const before = store.getState();
    store.dispatch({ type: 'observed', observations });
    journal?.record(observations, store.getState().teams);
    journal?.recordState(before, store.getState());
  };

  let restoredFolders: ReadonlySet<string> = new Set();
  let interpreter: FileInterpreter | undefined;
  let judged: JudgedRuns | undefined;
  let recordJudged: ReturnType<typeof setTimeout> | undefined;
  if (journalOptions) {
    const namespace = namespaceDir(journalOptions.stateDir, claudeDir);
    const runs = (judged = new JudgedRuns(store.getState, options.thresholds ?? DEFAULT_THRESHOLDS));
    // Done once, in bulk, before anything is drawn: tens of thousands of changes for a long run.
    const restored = optimising(() =>
      restore(
        namespace,
        (observations) => store.dispatch({ type: 'observed', observations }),
        (path, header) => runs.replayed(path, header),
      ),
    );
    // An earlier teamtop's runs judged in full are told their judgement after the first frame (or as the session closes).
    recordJudged = setTimeout(() => runs.record(), RECORD_JUDGED_AFTER_MS);
    recordJudged.unref();
    restoredFolders = restored.folders;
    interpreter = restored.interpreter;
    store.dispatch({ type: 'observed', observations: noticesAsProblems(restored.notices, clock()) });
    // What follows is seen, not recorded: every team's moments are diagnosed again.
    store.dispatch({ type: 'live' });
    if (journalOptions.write) {
      journal = new JournalWriter({
        stateDir: journalOptions.stateDir,
        namespace,
        claudeDir,
        maxBytes: journalOptions.maxBytes,
        folders: restored.folders,
        thresholds: options.thresholds ?? DEFAULT_THRESHOLDS,
        // Said once, on screen; the dashboard goes on without a journal.
        onProblem: (problem) => store.dispatch({ type: 'observed', observations: [problem] }),
      });
    }
  }

  const reader = new Reader({
    claudeDir,
    dirChosenBy,
    emit: observe,
    now: clock,
    interpreter,
    record: (relative) => journal?.wants(relative),
  });
  const now = clock();
  const folders = reader.scan();
  // Folders the journal remembers and the disk no longer has: those teams ended.
  const present = new Set(folders);
  observe(
    [...restoredFolders]
      .filter((folder) => !present.has(folder))
      .map((folder) => ({ kind: 'folder-gone', target: classifyFolder(folder)!, at: now })),
  );
  // The inbox comes first: what the team files' reader has queued is read before each transcript slice.
  const transcripts =
    options.transcripts === false ? undefined : followTranscripts(claudeDir, store, observe, clock, () => reader.readQueued());
  return {
    claudeDir,
    store,
    reader,
    journal,
    transcripts,
    observe,
    close() {
      reader.close();
      transcripts?.close();
      journal?.close();
      clearTimeout(recordJudged);
      judged?.record();
    },
  };
}

/** The state once every torn file has been re-read, and the transcripts read (for `--json` and `--once`). */
export async function settledSession(
  claudeDir: string,
  journalOptions?: JournalOptions,
  dirChosenBy?: string,
  options: SessionOptions = {},
): Promise<Session> {
  const session = openSession(claudeDir, journalOptions, dirChosenBy, options);
  await session.reader.settled();
  session.transcripts?.start();
  await session.transcripts?.settled();
  session.close();
  return session;
}

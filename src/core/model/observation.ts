import type { Thresholds } from './settings.js';
import type { Artifact } from './agent.js';
import type { InboxMessage } from './inbox.js';
import type { TeamFileTarget, FolderTarget } from './paths.js';
import type { AgentStatus, Task, TeamConfig } from './schemas.js';
import type { SessionState } from './session-state.js';
import type { TakenMail, TranscriptFact, TranscriptMeta } from './transcript-facts.js';
import { append } from './lists.js';
import { type RecordedIncident } from './diagnosis.js';
import { type ActivityState } from './activity.js';
import { type MemberUsage } from './usage.js';

interface Seen {
  /** When it was seen, epoch ms. */
  readonly at: number;
  /**
   * Seen changing while watched: the change happened just now, which counts as
   * the team's activity. A scan only says what is there, not when it came.
   */
  readonly live: boolean;
}

interface FromContent {
  /** The file's text this was read from, for the journal; absent once replayed. */
  readonly source?: string;
}

/**
 * An inbox read as a change from the previous read of it, for the journal
 * (an inbox is megabytes; a change is usually one message): its messages as
 * runs of the previous read's (`[start, end)`) and, for the rest, the elements
 * as written. The elements that could not be read are given by why, never by
 * what they held. `whole`: nothing is taken from a previous read.
 */
export interface InboxChange {
  readonly messages: readonly (InboxRun | InboxElement)[];
  readonly invalid: readonly string[];
  readonly whole: boolean;
}

/** Messages `start` to `end` (exclusive) of the previous read. */
export type InboxRun = readonly [start: number, end: number];
/** An inbox element as written (an object: anything else is no message). */
export type InboxElement = Readonly<Record<string, unknown>>;

export type Observation =
  | ({
      readonly kind: 'config';
      readonly team: string;
      readonly config: TeamConfig;
      /** Read from a team file, `teams/<team>.json`, rather than `teams/<team>/config.json`. */
      readonly flat?: boolean;
    } & Seen &
      FromContent)
  | ({
      readonly kind: 'inbox';
      readonly team: string;
      readonly member: string;
      readonly messages: readonly InboxMessage[];
      /** The first this many messages are those of the previous observation of this inbox. */
      readonly unchanged?: number;
      /** For the journal, when it asked for it. */
      readonly change?: InboxChange;
    } & Seen)
  | ({ readonly kind: 'task'; readonly team: string; readonly task: Task } & Seen & FromContent)
  | ({ readonly kind: 'agent-status'; readonly team: string; readonly member: string; readonly status: AgentStatus } & Seen & FromContent)
  /**
   * Lines added to an agent's output log (complete lines only). `reset`: the log
   * was truncated or replaced, or this is the first read: the lines replace what
   * was shown. `skipped`: bytes that were never read (only the end of a log
   * that grew by more than a read takes is read).
   */
  | ({
      readonly kind: 'log';
      readonly team: string;
      readonly member: string;
      readonly lines: readonly string[];
      /** The line still being written (no line break yet), shown last until it ends. */
      readonly partial: string;
      readonly reset: boolean;
      readonly skipped: number;
    } & Seen)
  /** An agent's artifacts folder as listed now; `more` entries were not listed. */
  | ({
      readonly kind: 'artifacts';
      readonly team: string;
      readonly member: string;
      readonly entries: readonly Artifact[];
      readonly more: number;
    } & Seen)
  /**
   * What was appended to a session transcript (`projects/…`) of the team's,
   * decoded into facts (src/io/watch/transcripts/). `reset`: read from its start
   * (the first read, or the file was replaced or rewritten): what was known of
   * it is forgotten, and it starts from nothing. `more`: the read goes on (a long
   * transcript is read in slices between frames). `meta`: the `.meta.json`
   * beside a subagent's transcript, as read with it.
   */
  | ({
      readonly kind: 'transcript';
      readonly team: string;
      /** Relative to the config dir. */
      readonly path: string;
      readonly reset: boolean;
      readonly more?: boolean;
      readonly facts: readonly TranscriptFact[];
      readonly meta?: TranscriptMeta;
    } & Seen)
  /**
   * Mail a member's model took, as its session transcript shows (its
   * `<teammate-message>` records): an inbox fact, matched to what the
   * member's inbox showed, or recovered where it showed nothing (taken-mail.ts).
   * `followed`: the member's transcript is read to its end, so from now on it
   * says what the member took (`unread` follows it). The journal records it.
   */
  | ({
      readonly kind: 'mail-taken';
      readonly team: string;
      readonly member: string;
      readonly mail: readonly TakenMail[];
      readonly followed?: boolean;
    } & Seen)
  /**
   * What a member was doing and had used, as a journal's `activity` line
   * recorded it (a restore or a replay: never seen live).
   */
  | { readonly kind: 'activity'; readonly team: string; readonly member: string; readonly work: RecordedWork }
  /** The team lead's running session, as `sessions/<pid>.json` says; null once the file is gone. */
  | ({ readonly kind: 'session-state'; readonly team: string; readonly path: string; readonly state: SessionState | null } & Seen)
  /** A file we read was removed. */
  | ({ readonly kind: 'file-gone'; readonly target: TeamFileTarget } & Seen)
  /** A team's or task list's folder exists. */
  | { readonly kind: 'folder'; readonly target: FolderTarget; readonly at: number }
  /** A team's or task list's folder was removed (cleanup). */
  | { readonly kind: 'folder-gone'; readonly target: FolderTarget; readonly at: number }
  /** A file could not be read; `path` is relative to the config dir (DIR_PROBLEM: the config dir itself). */
  | { readonly kind: 'problem'; readonly path: string; readonly message: string; readonly at: number }
  /** A file that had a problem was read cleanly (or removed). */
  | { readonly kind: 'problem-gone'; readonly path: string }
  /**
   * A journal's run of a team begins (its header), or ends (null): the
   * thresholds it judged the team's incidents with, when it recorded them.
   * Replayed with the same thresholds, its moments are not judged again: the
   * incidents the run recorded are taken instead (see incidents.ts).
   */
  | { readonly kind: 'run'; readonly team: string; readonly at: number; readonly thresholds: Thresholds | null }
  /**
   * What a recorded run's incidents became at `at`: those raised or said anew,
   * and those cleared. `whole`: `raised` is all that stand.
   */
  | {
      readonly kind: 'incidents';
      readonly team: string;
      readonly at: number;
      readonly raised: readonly RecordedIncident[];
      readonly cleared: readonly RecordedIncident[];
      readonly whole: boolean;
    };

/**
 * A member's work as a journal keeps it: its state, the tool it ran (a name,
 * never its input), since when, and its figures. Nothing of a transcript's text.
 */
export interface RecordedWork {
  readonly state: ActivityState;
  readonly tool: string | null;
  readonly since: number | null;
  readonly usage: MemberUsage | null;
  /** When it was recorded. */
  readonly at: number;
  /** The run that recorded it is over: what the member does since is not known (its figures stand). */
  readonly over?: boolean;
}

/** The path of a problem with the config dir itself (missing, a file, removed); its message names the dir. */
export const DIR_PROBLEM = '.';

interface Batcher {
  add(observations: readonly Observation[]): void;
  /** Hand over what is held. */
  flush(): void;
}

/**
 * Observations handed over in batches (the start-up scan, a journal's restore):
 * one store update per file would copy a team's task map per task, and one per
 * change of a restored journal would copy an inbox's history per change. An
 * inbox read counts as the messages it holds, so a big one goes at once and
 * the text it was read from can go.
 */
export function batching(emit: (observations: Observation[]) => void, size = 1000): Batcher {
  let batch: Observation[] = [];
  let weight = 0;
  const flush = () => {
    if (batch.length > 0) emit(batch);
    batch = [];
    weight = 0;
  };
  return {
    add(observations) {
      append(batch, observations);
      for (const observation of observations) weight += observation.kind === 'inbox' ? Math.max(1, observation.messages.length) : 1;
      if (weight >= size) flush();
    },
    flush,
  };
}

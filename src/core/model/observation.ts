import type { Thresholds } from './settings.js';
import type { Artifact } from './agent.js';
import type { InboxMessage } from './inbox.js';
import type { TeamFileTarget, FolderTarget } from './paths.js';
import type { AgentStatus, Task, TeamConfig } from './schemas.js';
import type { SessionState } from './session-state.js';
import type { ProcessSeen } from './liveness.js';
import type { TakenMail, TranscriptFact, TranscriptMeta } from './transcript-facts.js';
import { append } from './lists.js';
import type { RecordedIncident } from './diagnosis.js';
import type { ActivityState } from './activity.js';
import type { MemberUsage } from './usage.js';

interface Seen {
  readonly at: number;
  /** Seen changing while watched, so it counts as the team's activity; a scan says only what is there. */
  readonly live: boolean;
}

interface FromContent {
  /** The file's text this was read from, for the journal; absent once replayed. */
  readonly source?: string;
}

/** For the journal: an inbox read as a change from the previous one; `invalid` says why elements were unreadable, never what they held. */
export interface InboxChange {
  readonly messages: readonly (InboxRun | InboxElement)[];
  readonly invalid: readonly string[];
  readonly whole: boolean;
}

export type InboxRun = readonly [start: number, end: number];
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
      readonly change?: InboxChange;
    } & Seen)
  | ({ readonly kind: 'task'; readonly team: string; readonly task: Task } & Seen & FromContent)
  | ({ readonly kind: 'agent-status'; readonly team: string; readonly member: string; readonly status: AgentStatus } & Seen & FromContent)
  /** `reset`: first read, or the log was truncated or replaced; `skipped`: bytes never read (it grew faster than we read). */
  | ({
      readonly kind: 'log';
      readonly team: string;
      readonly member: string;
      readonly lines: readonly string[];
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
  /** `reset`: read from its start, so what was known of it is forgotten; `more`: a long transcript is read in slices between frames. */
  | ({
      readonly kind: 'transcript';
      readonly team: string;
      readonly path: string;
      readonly reset: boolean;
      readonly more?: boolean;
      readonly facts: readonly TranscriptFact[];
      readonly meta?: TranscriptMeta;
    } & Seen)
  /**
   * Mail a member's model took, as its transcript's `<teammate-message>` records show: an inbox fact, matched to
   * what the inbox showed or recovered (taken-mail.ts). `followed`: its transcript is read to its end, so it says what was taken.
   */
  | ({
      readonly kind: 'mail-taken';
      readonly team: string;
      readonly member: string;
      readonly mail: readonly TakenMail[];
      readonly followed?: boolean;
    } & Seen)
  /** Restored or replayed from a journal's `activity` line: never seen live. */
  | { readonly kind: 'activity'; readonly team: string; readonly member: string; readonly work: RecordedWork }
  /**
   * A claude process that may be one of the team's members' (its file under
   * `sessions/`: a `.key`, or the lead's `.json`), as last looked at; null once
   * its file is gone (it exited). Said to every team whose transcripts are read.
   */
  | { readonly kind: 'process'; readonly team: string; readonly path: string; readonly process: ProcessSeen | null; readonly at: number }
  /** The team lead's running session, as `sessions/<pid>.json` says; null once the file is gone. */
  | ({ readonly kind: 'session-state'; readonly team: string; readonly path: string; readonly state: SessionState | null } & Seen)
  | ({ readonly kind: 'file-gone'; readonly target: TeamFileTarget } & Seen)
  | { readonly kind: 'folder'; readonly target: FolderTarget; readonly at: number }
  | { readonly kind: 'folder-gone'; readonly target: FolderTarget; readonly at: number }
  /** A file could not be read; `path` is relative to the config dir (DIR_PROBLEM: the config dir itself). */
  | { readonly kind: 'problem'; readonly path: string; readonly message: string; readonly at: number }
  | { readonly kind: 'problem-gone'; readonly path: string }
  /** A journal's run begins (header) or ends (null); replayed with the same thresholds, its recorded incidents are taken as they are. */
  | { readonly kind: 'run'; readonly team: string; readonly at: number; readonly thresholds: Thresholds | null }
  | {
      readonly kind: 'incidents';
      readonly team: string;
      readonly at: number;
      readonly raised: readonly RecordedIncident[];
      readonly cleared: readonly RecordedIncident[];
      readonly whole: boolean;
    };

/** A member's work as a journal keeps it: a tool's name, never its input, and nothing of a transcript's text. */
export interface RecordedWork {
  readonly state: ActivityState;
  readonly tool: string | null;
  readonly since: number | null;
  readonly usage: MemberUsage | null;
  readonly at: number;
  readonly over?: boolean;
}

/** The path of a problem with the config dir itself (missing, a file, removed); its message names the dir. */
export const DIR_PROBLEM = '.';

interface Batcher {
  add(observations: readonly Observation[]): void;
  flush(): void;
}

/** For the start-up scan and a restore: one store update each would copy a team's task map per task. An inbox weighs its messages. */
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

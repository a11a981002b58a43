/** One file-system operation of the recorded client. Paths are relative to the config dir, `/`-separated. */
export type Operation = {
  /** ms into the recording, never before the operation recorded before it. */
  readonly at: number;
  /** When the recording has it happen, on the clock of `Recording.startedAt` (see there). */
  readonly seenAt: number;
  /** The event it explains. */
  readonly seq: number;
} & (
  | { readonly kind: 'mkdir' | 'rmdir' | 'unlink'; readonly path: string }
  /** A new file with these bytes (possibly none). */
  | { readonly kind: 'create'; readonly path: string; readonly content: Buffer }
  /** An existing file rewritten in place: same inode, these bytes (torn ones included). */
  | { readonly kind: 'write'; readonly path: string; readonly content: Buffer }
  /** Bytes added to a file (a session's transcript) at `offset`, its length before. */
  | { readonly kind: 'append'; readonly path: string; readonly offset: number; readonly content: Buffer }
  /** A temp file renamed over its target, or a folder moved. */
  | { readonly kind: 'rename'; readonly from: string; readonly to: string }
);

/** A line of `snap/events.jsonl`: what the recorder saw (recorder.mjs adds `mono`, `changed`, `movedTo`, `movedFrom`). */
export interface RecordedEvent {
  readonly seq: number;
  readonly t: number;
  readonly mono?: number;
  readonly changed?: number;
  readonly path: string;
  readonly kind: 'create' | 'modify' | 'delete' | 'dir-create' | 'dir-delete' | 'append';
  /** An append's place in its file. */
  readonly offset?: number;
  readonly src: string;
  readonly raw?: readonly string[];
  readonly version_file?: string;
}

export interface Recording {
  readonly folder: string;
  readonly name: string;
  readonly events: readonly RecordedEvent[];
  readonly ops: readonly Operation[];
  /**
   * When `at` is 0: on the machine's monotonic clock (monoMs()) in recorder.mjs's
   * recordings, the wall clock in snapshot.py's (it has no other).
   */
  readonly startedAt: number;
  readonly durationMs: number;
  /**
   * When the recorder saw its last event, on the wall clock (ms since the epoch):
   * the instant to judge the recording as of (`--now`), so that a test of it
   * passes on any day.
   */
  readonly endedAt: number;
}

export interface RecordedMessage {
  readonly msgId: string;
  readonly team: string;
  /** The inbox it was written to: its recipient. */
  readonly to: string;
  readonly from: string;
  readonly timestamp: string;
  readonly text: string;
  /** The protocol type inside its text, or 'text' (as teamtop's `kind`). */
  readonly kind: string;
  /** The protocol object inside its text, when it is one. */
  readonly protocol: Readonly<Record<string, unknown>> | undefined;
  /** The operation that first put it in its inbox (its index in `Recording.ops`). */
  readonly op: number;
  /** ms into the recording. */
  readonly writtenAt: number;
  /** When the recording has it written, on the clock of `Recording.startedAt`: never later than it was. */
  readonly seenAt: number;
  /** When a rewrite of its inbox first left it out; null when it was there until the team's folder went. */
  readonly removedAt: number | null;
}

export interface RecordedAnswer {
  readonly state: 'approved' | 'rejected';
  readonly from: string;
  readonly msgId: string;
}

export interface RecordedHandshake {
  readonly requestId: string;
  /** The request's protocol type (`shutdown_request`, …). */
  readonly type: string;
  readonly from: string;
  readonly to: string;
  /** Every answer, in the order they were written. */
  readonly answers: readonly RecordedAnswer[];
}

export interface RecordedRun {
  /** The team's name (the folder that has a config.json), or the folder of a session with none. */
  readonly team: string;
  /** Every name any version of config.json listed, and those its last version listed. */
  readonly members: ReadonlySet<string>;
  readonly finalMembers: ReadonlySet<string>;
  readonly lead: string | undefined;
  /** Every task file's last readable version, by id; deleted: its file was gone at the end. */
  readonly tasks: ReadonlyMap<string, { readonly data: Readonly<Record<string, unknown>>; readonly deleted: boolean }>;
  /** Every distinct message that reached an inbox, in the order they first did. */
  readonly messages: readonly RecordedMessage[];
  readonly handshakes: readonly RecordedHandshake[];
  /** Whether the team's folder was gone at the end (renamed away and removed). */
  readonly ended: boolean;
}

export function loadRecording(folder: string): Recording;
export function recordedRun(recording: Recording): RecordedRun;

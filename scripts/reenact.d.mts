/** One file-system operation of the recorded client, `at` ms into the recording. */
export type Operation = { readonly at: number; readonly seq: number } & (
  | { readonly kind: 'mkdir' | 'rmdir' | 'unlink'; readonly path: string }
  /** A new file with these bytes (possibly none). */
  | { readonly kind: 'create'; readonly path: string; readonly content: Buffer }
  /** An existing file rewritten in place: same inode, these bytes (torn ones included). */
  | { readonly kind: 'write'; readonly path: string; readonly content: Buffer }
  /** A temp file renamed over its target, or a folder moved. */
  | { readonly kind: 'rename'; readonly from: string; readonly to: string }
);

export interface Recording {
  readonly folder: string;
  readonly name: string;
  /** Paths are relative to the config dir, `/`-separated. */
  readonly ops: readonly Operation[];
  readonly durationMs: number;
}

export interface RecordedMessage {
  readonly msgId: string;
  readonly team: string;
  /** The inbox it was written to: its recipient. */
  readonly member: string;
  /** The envelope as first seen. */
  readonly entry: Readonly<Record<string, unknown>>;
  /** ms into the recording. */
  readonly writtenAt: number;
  /** When a rewrite of its inbox first left it out; null when it was there until the team's folder went. */
  readonly removedAt: number | null;
}

export interface ReenactOptions {
  /** 10 replays ten times faster (gaps divided by 10). Default 1. */
  readonly speed?: number;
  readonly signal?: AbortSignal;
  /** Called right after each operation is applied. */
  readonly onOperation?: (op: Operation) => void;
}

export function loadRecording(folder: string): Recording;
export function applyOperation(claudeDir: string, op: Operation): void;
export function reenact(recording: Recording, claudeDir: string, options?: ReenactOptions): Promise<{ operations: number; ms: number }>;
export function inboxMessages(recording: Recording): RecordedMessage[];

/** Types of client-records.mjs: what the real client wrote in a recording, for a scenario's `client` checks. */
import type { RecordedRun } from '../harness/recording.mjs';

/** One line of a transcript, as JSON.parse made it. */
export type TranscriptRecord = Record<string, unknown>;

export interface Transcript {
  /** Relative to the tree it was read from (`projects/<slug>/…`). */
  readonly path: string;
  readonly records: readonly TranscriptRecord[];
  /** The `.meta.json` beside it, when it has one. */
  readonly meta: Record<string, unknown> | undefined;
  /** The session whose folder it is in (its own, or the one whose `subagents/` holds it). */
  readonly sessionId: string;
  readonly inSubagents: boolean;
  /** `agent-<agentId>.jsonl`: the agent id, for a transcript under `subagents/`. */
  readonly agentId: string | undefined;
  /** Whose it is: the lead's name, a teammate's. */
  member?: string | undefined;
  /** The member whose own subagent it is. */
  subagentOf?: string | undefined;
}

export interface TeammateMessageElement {
  readonly record: TranscriptRecord;
  readonly timestamp: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly body: string;
  readonly protocol: Record<string, unknown> | undefined;
}

export type ClientMessage = RecordedRun['messages'][number] & { readonly writtenMs: number | null; readonly removedMs: number | null };

export interface ClientRecords {
  readonly folder: string;
  readonly recordingStartMs: number;
  readonly recordingStartMono: number | undefined;
  readonly run: RecordedRun;
  readonly config: Record<string, unknown> | undefined;
  readonly transcripts: readonly Transcript[];
  readonly messages: readonly ClientMessage[];
  readonly sessions: readonly { readonly file: string; readonly data: Record<string, unknown> | undefined }[];
  readonly sessionKeys: readonly string[];
  readonly kills: readonly { readonly who: string; readonly pid: number; readonly t: number; readonly mono: number }[];
  member(name: string): Transcript | undefined;
  subagentsOf(name: string): Transcript[];
  taskVersions(id: string): { readonly ms: number; readonly data: Record<string, unknown> }[];
}

export interface ClientCheck {
  readonly says: string;
  readonly modes?: readonly string[];
  check(records: ClientRecords): true | string | boolean;
}

export function readClientRecords(folder: string): ClientRecords;
export function checkClient(checks: readonly ClientCheck[], records: ClientRecords, mode?: string): string[];
export function teammateMessages(records: readonly TranscriptRecord[]): TeammateMessageElement[];
export function toolUses(records: readonly TranscriptRecord[]): { id: string; name: string; input: unknown; record: TranscriptRecord }[];
export function toolResults(records: readonly TranscriptRecord[]): Map<string, TranscriptRecord>;
export function responses(records: readonly TranscriptRecord[]): TranscriptRecord[];
export function usageSum(records: readonly TranscriptRecord[], field: string): number;
export function lastCostState(records: readonly TranscriptRecord[]): TranscriptRecord | undefined;
export function msOf(record: TranscriptRecord): number;

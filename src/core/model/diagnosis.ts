/** A diagnosis (one thing wrong with a team) and an incident (a diagnosis raised during a run, and its clearing). */
import type { InboxMessage } from './inbox.js';

/** `warning`: it blocks work. `info`: worth knowing, nothing waits on it. */
export type Severity = 'warning' | 'info';

export type Evidence =
  | {
      readonly kind: 'message';
      readonly ref: string;
      readonly at: number;
      readonly message: InboxMessage;
    }
  | { readonly kind: 'task' | 'member' | 'inbox'; readonly ref: string; readonly at: number };

export interface Diagnosis {
  /** `<kind>:<subject>`: the same problem keeps its id while it lasts. */
  readonly id: string;
  readonly kind: string;
  readonly severity: Severity;
  /** Kinds that explain the same thing share a subject; the first in the registry (the most specific) is said. */
  readonly subject: string;
  readonly members: readonly string[];
  readonly since: number;
  /** Facts only, never a tool's input or a transcript's words: it goes wherever teamtop writes (report, journal, `--json`). */
  readonly summary: string;
  /** A tool call's key input (a command, a path), for the dashboard alone: nothing teamtop writes holds it. */
  readonly detail?: string | null;
  readonly action: string;
  readonly evidence: readonly Evidence[];
}

export type Incident = Diagnosis & {
  readonly raisedAt: number;
  readonly clearedAt: number | null;
  readonly cleared: string | null;
};

/** A message by its inbox and its place in that inbox's history: the message itself is in the journal's inbox lines. */
export type RecordedEvidence =
  | { readonly kind: 'message'; readonly ref: string; readonly at: number; readonly to: string; readonly n: number }
  | Exclude<Evidence, { kind: 'message' }>;

export type RecordedIncident = Omit<Incident, 'evidence'> & { readonly evidence: readonly RecordedEvidence[] };

/** `positionOf` finds a message's place in its inbox's history (-1: not there). */
export function recordedIncident(incident: Incident, positionOf: (message: InboxMessage) => number): RecordedIncident {
  return {
    ...incident,
    evidence: incident.evidence.map((item) =>
      item.kind === 'message' ? { kind: 'message', ref: item.ref, at: item.at, to: item.message.to, n: positionOf(item.message) } : item,
    ),
  };
}

export function messageRef(message: InboxMessage): string {
  // A key is the msg_id when the message has one; without, it holds the message's text.
  return message.key.includes('\u0000') ? `${message.to}/${message.from}@${message.timestamp}` : message.key;
}

/**
 * A diagnosis (one thing wrong with a team, with its evidence and what usually
 * unblocks it) and an incident (a diagnosis raised during a run, and when and
 * why it cleared). Found by the detectors in src/core/judge/.
 */
import type { InboxMessage } from './inbox.js';

/** `warning`: it blocks work. `info`: worth knowing, nothing waits on it. */
export type Severity = 'warning' | 'info';

/** What a diagnosis rests on, each by its id and time, so a view can open it. */
export type Evidence =
  | {
      readonly kind: 'message';
      /** Its `msg_id`, else `<inbox>/<from>@<timestamp>`. */
      readonly ref: string;
      readonly at: number;
      readonly message: InboxMessage;
    }
  /** A task (its id), a member (its name) or an inbox (its owner's name). */
  | { readonly kind: 'task' | 'member' | 'inbox'; readonly ref: string; readonly at: number };

export interface Diagnosis {
  /** `<kind>:<subject>`: the same problem keeps its id for as long as it lasts. */
  readonly id: string;
  readonly kind: string;
  readonly severity: Severity;
  /**
   * What it is about (`handshake:<request id>`, `member:<name>`…). Kinds that
   * explain the same thing share a subject, and the first in the registry, the
   * most specific, is the one said.
   */
  readonly subject: string;
  /** The members it is about, the one that has to act first. */
  readonly members: readonly string[];
  /** Since when (epoch ms); NaN when the files do not say. */
  readonly since: number;
  /**
   * What is wrong, in one line: facts only (names, counts, a tool's name),
   * never a tool's input or a transcript's words, so that it can go wherever
   * teamtop writes (a report, the journal, `--json`, doctor).
   */
  readonly summary: string;
  /**
   * A tool call's key input (a command, a path), for the dashboard alone:
   * nothing teamtop writes or prints holds it.
   */
  readonly detail?: string | null;
  /** What usually unblocks it, in one line. */
  readonly action: string;
  /** Oldest first. */
  readonly evidence: readonly Evidence[];
}

export type Incident = Diagnosis & {
  /** When it was raised (epoch ms; NaN when the files do not say). */
  readonly raisedAt: number;
  /** When it cleared (epoch ms); null while it stands. */
  readonly clearedAt: number | null;
  /** Why it cleared (answered, member left, mail taken, team ended…); null while it stands. */
  readonly cleared: string | null;
};

/**
 * Evidence as the journal keeps it: a message by its inbox and its place in
 * that inbox's history (the message itself is in the journal's inbox lines;
 * its ref tells it is the one), anything else as it is.
 */
export type RecordedEvidence =
  | { readonly kind: 'message'; readonly ref: string; readonly at: number; readonly to: string; readonly n: number }
  | Exclude<Evidence, { kind: 'message' }>;

/** An incident as the journal keeps it. */
export type RecordedIncident = Omit<Incident, 'evidence'> & { readonly evidence: readonly RecordedEvidence[] };

/** `incident` as the journal keeps it; `positionOf` finds a message's place in its inbox's history (-1: not there). */
export function recordedIncident(incident: Incident, positionOf: (message: InboxMessage) => number): RecordedIncident {
  return {
    ...incident,
    evidence: incident.evidence.map((item) =>
      item.kind === 'message' ? { kind: 'message', ref: item.ref, at: item.at, to: item.message.to, n: positionOf(item.message) } : item,
    ),
  };
}

/** A message's id for a reader: its `msg_id`, else where and when it was written. */
export function messageRef(message: InboxMessage): string {
  // A key is the msg_id when the message has one; without, it holds the message's text.
  return message.key.includes('\u0000') ? `${message.to}/${message.from}@${message.timestamp}` : message.key;
}

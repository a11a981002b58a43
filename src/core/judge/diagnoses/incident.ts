/**
 * An incident: a diagnosis raised during a run, with when it was raised and
 * when and why it cleared. The store keeps every one raised in the history
 * (src/core/judge/incidents.ts), so that live, the journal and a replay agree.
 */
import type { InboxMessage } from '../../model/inbox.js';
import type { Diagnosis, Evidence } from './diagnosis.js';

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

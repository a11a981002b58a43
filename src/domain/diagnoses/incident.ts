/**
 * An incident: a diagnosis raised during a run, with when it was raised and
 * when and why it cleared. The store keeps every one raised in the history
 * (src/store/incidents.ts), so that live, the journal and a replay agree.
 */
import type { Diagnosis } from './diagnosis.js';

export type Incident = Diagnosis & {
  /** When it was raised (epoch ms; NaN when the files do not say). */
  readonly raisedAt: number;
  /** When it cleared (epoch ms); null while it stands. */
  readonly clearedAt: number | null;
  /** Why it cleared (answered, member left, mail taken, team ended…); null while it stands. */
  readonly cleared: string | null;
};

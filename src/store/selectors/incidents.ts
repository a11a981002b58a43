/**
 * The incidents of a run, until issue 24's tracker keeps every diagnosis
 * raised during it: only what is wrong as of one instant, each raised at its
 * `since` and not cleared. What cleared before that instant (an ignored
 * shutdown request at the team's end) is missing. The tracker replaces this
 * function; what takes incidents (the run report) takes them as a list.
 */
import type { Incident } from '../../domain/diagnoses/incident.js';
import type { TeamState } from '../state.js';
import { selectDiagnoses } from './diagnoses.js';

/** The diagnoses of `team` as of `at`, as incidents raised at their `since`, still standing; oldest first. */
export function currentDiagnosesAsIncidents(team: TeamState, at: number, stallAfterMs: number): Incident[] {
  return selectDiagnoses(team, at, stallAfterMs)
    .diagnoses.map((diagnosis): Incident => ({ ...diagnosis, raisedAt: diagnosis.since, clearedAt: null, cleared: null }))
    .sort((a, b) => (Number.isNaN(a.raisedAt) ? 1 : 0) - (Number.isNaN(b.raisedAt) ? 1 : 0) || a.raisedAt - b.raisedAt || 0);
}

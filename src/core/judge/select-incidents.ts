/**
 * A team's incidents as of an instant: what the store's fold kept of its
 * history (src/core/judge/incidents.ts), and what the thresholds passed since its
 * last change raise or clear. Live, from the journal and in a replay the same.
 */
import type { Incident } from './diagnoses/incident.js';
import type { Thresholds } from '../model/thresholds.js';
import { incidentsAsOf } from './incidents.js';
import { isPrintSession, type AppState, type TeamState } from '../facts/state.js';

/** Incidents cleared this long ago still follow the current ones on a live team. */
export const RECENT_MS = 60 * 60 * 1000;

/** Every incident of `team` as of `now`, oldest first. */
export function selectIncidents(state: AppState, team: TeamState, now: number, thresholds: Thresholds): Incident[] {
  if (!team.isTeam || isPrintSession(team)) return [];
  return incidentsAsOf(state.incidents.get(team.name), team, now, thresholds);
}

/** Those cleared: all of an ended team's, a live one's within RECENT_MS of `now`; most recently cleared first. */
export function clearedIncidents(incidents: readonly Incident[], team: TeamState, now: number): Incident[] {
  return incidents
    .filter((incident) => incident.clearedAt !== null && (!team.present || now - incident.clearedAt <= RECENT_MS))
    .sort((a, b) => b.clearedAt! - a.clearedAt!);
}

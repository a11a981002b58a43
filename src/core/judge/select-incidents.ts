import type { Thresholds } from '../model/settings.js';
import { incidentsAsOf } from './incidents.js';
import { isPrintSession, type TeamState } from '../facts/index.js';
import type { Verdicts } from './verdicts.js';
import type { Incident } from '../model/diagnosis.js';

/** Incidents cleared this long ago still follow the current ones on a live team. */
export const RECENT_MS = 60 * 60 * 1000;

/** Every incident of `team` as of `now`, oldest first. */
export function selectIncidents(state: Verdicts, team: TeamState, now: number, thresholds: Thresholds): Incident[] {
  if (!team.isTeam || isPrintSession(team)) return [];
  return incidentsAsOf(state.incidents.get(team.name), team, now, thresholds);
}

/** Those cleared: all of an ended team's, a live one's within RECENT_MS of `now`; most recently cleared first. */
export function clearedIncidents(incidents: readonly Incident[], team: TeamState, now: number): Incident[] {
  return incidents
    .filter((incident) => incident.clearedAt !== null && (!team.present || now - incident.clearedAt <= RECENT_MS))
    .sort((a, b) => b.clearedAt! - a.clearedAt!);
}

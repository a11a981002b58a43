/**
 * `--bell` and `--notify`: the terminal bell, and a desktop notification
 * through the terminal (notify.ts), once for each new warning, from a store
 * subscriber outside the dashboard's React tree (a frame is never interrupted
 * by it, and nothing rings twice because a view rendered twice). What warns
 * when the dashboard starts is no news: only what is raised after rings, or
 * what was said before and becomes a warning.
 */
import type { Thresholds } from '../core/model/settings.js';
import type { Diagnosis } from '../core/model/diagnosis.js';
import type { Store } from '../core/store.js';
import { followTeams } from './team-events.js';

export const BEL = '\u0007';

/** A warning just raised, and its team. */
export interface Warning {
  readonly team: string;
  readonly diagnosis: Diagnosis;
}

export interface BellOptions {
  readonly thresholds: Thresholds;
  readonly now: () => number;
  readonly ticking: boolean;
  readonly ring: (warning: Warning) => void;
}

/** Ring on every new warning of any team; returns a function that stops it. */
export function ringOnNewWarnings(store: Store, { ring, ...options }: BellOptions): () => void {
  return followTeams(store, { ...options, diagnosesOnly: true }, (events, initial) => {
    if (initial) return;
    for (const event of events) {
      if (event.kind !== 'diagnosis' || event.diagnosis.severity !== 'warning' || event.change === 'cleared') continue;
      if (event.change === 'raised' || event.previous?.severity !== 'warning') ring({ team: event.team, diagnosis: event.diagnosis });
    }
  });
}

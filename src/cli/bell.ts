/** `--bell` and `--notify`: a ring or a notification per new warning, from a store subscriber outside React (a view drawn twice never rings twice); none at start. */
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

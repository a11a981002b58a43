/** `--bell`: one ring per new warning, from a store subscriber outside React (a view drawn twice never rings twice); none at start. */
import type { Thresholds } from '../core/model/settings.js';
import type { Store } from '../core/store.js';
import { followTeams } from './team-events.js';

export const BEL = '\u0007';

export interface BellOptions {
  readonly thresholds: Thresholds;
  readonly now: () => number;
  readonly ticking: boolean;
  readonly ring: () => void;
}

/** Ring on every new warning of any team; returns a function that stops it. */
export function ringOnNewWarnings(store: Store, { ring, ...options }: BellOptions): () => void {
  return followTeams(store, { ...options, diagnosesOnly: true }, (events, initial) => {
    if (initial) return;
    for (const event of events) {
      if (event.kind !== 'diagnosis' || event.diagnosis.severity !== 'warning' || event.change === 'cleared') continue;
      if (event.change === 'raised' || event.previous?.severity !== 'warning') ring();
    }
  });
}

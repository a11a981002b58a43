/**
 * A batch of observations cut into moments, for the incidents (incidents.ts):
 * the observations seen at one instant. A change seen live, or a folder's
 * going, at a new instant begins a new moment; what a scan found joins the
 * moment it came in. When a moment ends, each team it touched is judged as
 * the moment left it. A batch (a restored journal's thousand changes) is the
 * same moments as the changes that came one by one, so it keeps the same incidents.
 */
import type { Observation } from '../domain/observation.js';
import type { Thresholds } from '../domain/thresholds.js';
import { trackMoment, type IncidentLog } from './incidents.js';
import type { AppState, TeamState } from './state.js';

/** The instant an observation begins a moment at; undefined: it joins the one it came in. */
function instantOf(observation: Observation): number | undefined {
  if (observation.kind === 'folder-gone') return observation.at;
  if (observation.kind === 'folder' || observation.kind === 'problem' || observation.kind === 'problem-gone') return undefined;
  return observation.live ? observation.at : undefined;
}

export class Moments {
  private at = Number.NaN;
  /** The teams touched in this moment, as the moment found them. */
  private readonly touched = new Map<string, TeamState | undefined>();
  private incidents: Map<string, IncidentLog> | undefined;

  constructor(
    private readonly state: AppState,
    private readonly options: Thresholds,
  ) {}

  /** Whether `observation` begins a new moment (the one before must end first). */
  begins(observation: Observation): boolean {
    const instant = instantOf(observation);
    return instant !== undefined && this.touched.size > 0 && !Object.is(instant, this.at);
  }

  /** A team the observation touches, as it was before; the moment's instant. */
  touch(name: string, before: TeamState | undefined, observation: Observation): void {
    if (!this.touched.has(name)) this.touched.set(name, before);
    const instant = instantOf(observation) ?? ('at' in observation ? observation.at : Number.NaN);
    if (Number.isNaN(this.at) || instant > this.at) this.at = instant;
  }

  /** End the moment: each team it touched judged at its instant. Whether it touched any. */
  end(teams: ReadonlyMap<string, TeamState>): boolean {
    if (this.touched.size === 0) return false;
    for (const [name, before] of this.touched) {
      const after = teams.get(name);
      if (!after || after === before || !Number.isFinite(this.at)) continue;
      const log = (this.incidents ?? this.state.incidents).get(name);
      const next = trackMoment(log, before, after, this.at, this.options);
      if (next !== log) (this.incidents ??= new Map(this.state.incidents)).set(name, next);
    }
    this.touched.clear();
    this.at = Number.NaN;
    return true;
  }

  /** The incidents once every moment has ended. */
  result(): ReadonlyMap<string, IncidentLog> {
    return this.incidents ?? this.state.incidents;
  }
}

/**
 * A batch of observations cut into moments, for the incidents (incidents.ts):
 * the observations seen at one instant. A change seen live, or a folder's
 * going, at a new instant begins a new moment; what a scan found joins the
 * moment it came in. When a moment ends, each team it touched is judged as
 * the moment left it. A batch (a restored journal's thousand changes) is the
 * same moments as the changes that came one by one, so it keeps the same incidents.
 */
import type { Observation } from '../model/observation.js';
import type { Thresholds } from '../model/thresholds.js';
import { applyRecorded, recordedMoment, trackMoment, type IncidentLog } from './incidents.js';
import type { AppState, TeamState } from '../facts/state.js';

/** The instant an observation begins a moment at; undefined: it joins the one it came in. */
function instantOf(observation: Observation): number | undefined {
  if (observation.kind === 'folder-gone') return observation.at;
  // A folder, a problem, a run's header: nothing seen changing.
  if (!('live' in observation)) return undefined;
  return observation.live ? observation.at : undefined;
}

export class Moments {
  private at = Number.NaN;
  /** The teams touched in this moment, as the moment found them. */
  private readonly touched = new Map<string, TeamState | undefined>();
  private incidents: Map<string, IncidentLog> | undefined;
  private recordedTeams: Set<string> | undefined;
  /**
   * The last instant of each recorded team's moments not yet put in its log:
   * only the last one counts (recordedMoment), and a restore of a long run
   * has one per change.
   */
  private readonly recordedAt = new Map<string, number>();

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

  /**
   * End the moment: each team it touched judged at its instant (or, recorded,
   * left to what the recording says). Whether it judged any: what a judgement
   * saw must not be changed in place after it.
   */
  end(teams: ReadonlyMap<string, TeamState>): boolean {
    if (this.touched.size === 0) return false;
    let judged = false;
    for (const [name, before] of this.touched) {
      const after = teams.get(name);
      if (!after || !Number.isFinite(this.at)) continue;
      // Recorded: its lists may have changed in place (nothing judged them), so it is not asked whether it changed.
      if (this.recorded().has(name)) {
        this.recordedAt.set(name, this.at);
        continue;
      }
      if (after === before) continue;
      judged = true;
      const log = (this.incidents ?? this.state.incidents).get(name);
      const next = trackMoment(log, before, after, this.at, this.options);
      if (next !== log) (this.incidents ??= new Map(this.state.incidents)).set(name, next);
    }
    this.touched.clear();
    this.at = Number.NaN;
    return judged;
  }

  /**
   * A recorded run of a team begins or ends (the thresholds it recorded its
   * incidents with), or says what the team's incidents became: after the
   * moment before has ended. Whether lists made so far may no longer be
   * changed in place (a team was judged, or will be from here).
   * A line of incidents for a team whose run did not say it records them is
   * not taken.
   */
  record(observation: Extract<Observation, { kind: 'run' | 'incidents' }>, teams: ReadonlyMap<string, TeamState>): boolean {
    const judged = this.end(teams);
    this.putRecordedMoments();
    const { team } = observation;
    if (observation.kind === 'run') {
      // Taken only when judged with the thresholds this store judges with: else judged again.
      const { thresholds } = observation;
      const recorded =
        thresholds !== null &&
        thresholds.stallAfterMs === this.options.stallAfterMs &&
        thresholds.quietAfterMs === this.options.quietAfterMs;
      if (recorded === this.recorded().has(team)) return judged;
      this.recordedTeams ??= new Set(this.state.recorded);
      if (recorded) this.recordedTeams.add(team);
      else this.recordedTeams.delete(team);
      // Judged from here: the lists made so far are seen by a judgement, and not changed in place after.
      return true;
    }
    if (!this.recorded().has(team)) return judged;
    const log = (this.incidents ?? this.state.incidents).get(team);
    (this.incidents ??= new Map(this.state.incidents)).set(team, applyRecorded(log, teams.get(team), observation));
    return judged;
  }

  private recorded(): ReadonlySet<string> {
    return this.recordedTeams ?? this.state.recorded;
  }

  /** The recorded teams' last moments, in their logs. */
  private putRecordedMoments(): void {
    for (const [name, at] of this.recordedAt) {
      const incidents = (this.incidents ??= new Map(this.state.incidents));
      incidents.set(name, recordedMoment(incidents.get(name), at));
    }
    this.recordedAt.clear();
  }

  /** The incidents once every moment has ended. */
  result(): ReadonlyMap<string, IncidentLog> {
    this.putRecordedMoments();
    return this.incidents ?? this.state.incidents;
  }

  /** The teams whose moments are not judged, once every moment has ended. */
  recordedResult(): ReadonlySet<string> {
    return this.recorded();
  }
}

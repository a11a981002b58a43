/**
 * The reducer's part for members' work as a journal recorded it (`activity`
 * lines): each member's latest, and what holds of it once its run is over.
 * Pure, like the reducer.
 */
import type { RecordedWork } from '../model/observation.js';
import type { TeamState } from './state.js';

/** Members' work kept per team: a team has a handful, and a hostile recording could name millions. */
export const RECORDED_MEMBERS_KEPT = 256;

/**
 * `teams` once the run that recorded the named teams' members' work is over
 * (another run of a team begins, or the journal is restored and the files are
 * followed live): what each member does is no longer known (unless it is
 * done for good: selectors/recorded-work.ts), and its figures stay as they
 * were last recorded. Undefined when nothing changes.
 */
export function endRecordedWork(teams: ReadonlyMap<string, TeamState>, names: Iterable<string>): Map<string, TeamState> | undefined {
  let changed: Map<string, TeamState> | undefined;
  for (const name of names) {
    const team = teams.get(name);
    if (!team || ![...team.recordedWork.values()].some((work) => !work.over)) continue;
    const recordedWork = new Map<string, RecordedWork>();
    for (const [member, work] of team.recordedWork) recordedWork.set(member, work.over ? work : { ...work, over: true });
    (changed ??= new Map(teams)).set(name, { ...team, recordedWork });
  }
  return changed;
}

/** Members' work as a journal recorded it (`activity` lines), and what holds of it once its run is over. */
import type { RecordedWork } from '../model/observation.js';
import type { TeamState } from './state.js';

/** Per team: a team has a handful, and a hostile recording could name millions. */
export const RECORDED_MEMBERS_KEPT = 256;

/**
 * Once the run that recorded it is over, what each member does is no longer known (unless it is done for good:
 * selectors/recorded-work.ts); its figures stay as last recorded. Undefined when nothing changes.
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

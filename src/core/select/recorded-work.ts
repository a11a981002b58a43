import type { RecordedWork } from '../model/observation.js';
import { memoize } from './memo.js';
import type { ActivityNow } from '../model/activity.js';
import { teamUsageOf, type MemberUsage, type TeamUsage } from '../model/usage.js';

/** What a member was doing as its last recorded line says; idle once it is `gone`, unknown once the recording run is over. */
function activityOf(work: RecordedWork, gone: boolean): ActivityNow {
  const state = gone ? 'idle' : work.over ? 'unknown' : work.state;
  const since = state === 'unknown' ? null : gone && work.state !== 'idle' ? work.at : work.since;
  const tool = state === 'tool' || state === 'waiting-permission' ? work.tool : null;
  return { state, tool, detail: null, since, openCalls: tool === null ? 0 : 1, overdue: false, overdueAt: null };
}

export function recordedActivity(work: ReadonlyMap<string, RecordedWork>, gone: ReadonlySet<string>): ReadonlyMap<string, ActivityNow> {
  return new Map([...work].map(([member, recorded]) => [member, activityOf(recorded, gone.has(member))]));
}

export const recordedUsage = memoize(
  (
    work: ReadonlyMap<string, RecordedWork>,
  ): { readonly members: ReadonlyMap<string, MemberUsage | null>; readonly team: TeamUsage | null } => {
    const members = new Map([...work].map(([member, recorded]) => [member, recorded.usage]));
    return { members, team: teamUsageOf(members.values()) };
  },
);

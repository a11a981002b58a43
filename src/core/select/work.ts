/** Which transcript is whose (`memberOf`), what each member does now and what it used; no match means no entry, not a guess. */
import { isPrintSession, type Facts, type TeamState } from '../facts/index.js';
import { permissionWaitSince } from '../model/session-state.js';
import { projectFolders, teamRefOf, type TranscriptTeam } from '../decode/transcript/member-of.js';
import { selectLead } from './lead.js';
import { selectWork, type MemberWork } from './member-work.js';
import { deadSinceOf, selectLiveness } from './liveness.js';
import { selectMembers } from './members.js';
import { memoize } from './memo.js';
import { selectPairingIndex, selectPairings } from './pairings.js';
import { recordedActivity, recordedUsage } from './recorded-work.js';
import { selectTeams } from './teams.js';
import {
  activityNow,
  NO_ACTIVITY_NOW,
  throughSubagents,
  type ActivityFold,
  type ActivityNow,
  type Refusal,
  type TaskSet,
} from '../model/activity.js';
import { usageView, type MemberUsage, type TeamUsage, type WindowSource } from '../model/usage.js';

export { selectWork, type MemberWork, type SubagentWork } from './member-work.js';

export interface WorkFacts {
  readonly activity: ActivityNow;
  /** Its process is its lead's (the lead, an in-process teammate): its permission prompts are asked in the lead's session. */
  readonly inLeadProcess: boolean;
  /** When its transcript last moved (NaN: not known). */
  readonly movedAt: number;
  readonly contextTokens: number;
  /** Of the window (null: the window is not known). */
  readonly contextPercent: number | null;
  /** The window it is measured against, and where that comes from (usage.ts). */
  readonly contextWindow: number | null;
  readonly contextWindowSource: WindowSource | null;
  /** The last permissions refused it, oldest first. */
  readonly refusals: readonly Refusal[];
  /** What its `TaskUpdate` calls last set, by task. */
  readonly taskSets: ReadonlyMap<string, TaskSet>;
}

/** The teams whose transcripts are read: running ones on screen, with a config to name the lead's session and members' folders. */
export const selectTranscriptTeams = memoize((teams: Facts['teams']): readonly TranscriptTeam[] =>
  selectTeams(teams)
    .filter((team) => team.present && team.config !== null && !isPrintSession(team))
    .map((team) => ({
      ...teamRefOf(team.name, team.config ?? undefined, selectLead(team)),
      slugs: projectFolders([...team.members.values()].map((record) => record.info.cwd)),
    })),
);

const usageOf = memoize((work: ReadonlyMap<string, MemberWork>) =>
  usageView(
    new Map(
      [...work].map(([member, { usage, sessionId, subagents, subagentUsage }]) => [
        member,
        { usage, sessionId, subagents: subagents.length === 0 ? null : { count: subagents.length, usage: subagentUsage } },
      ]),
    ),
  ),
);

/** Whether what a journal recorded of the team's members' work is shown: none of its transcripts is read. */
const recorded = (team: TeamState): boolean => team.transcripts.size === 0 && team.recordedWork.size > 0;

/** Whether `member`'s work is shown as a journal recorded it (a replay, a restore before any transcript is read). */
export const selectShowsRecordedWork = (team: TeamState, member: string): boolean => recorded(team) && team.recordedWork.has(member);

/** `Member.usage` of each member whose transcript was read, and `Team.usage` (null when none was). */
export function selectUsage(team: TeamState): {
  readonly members: ReadonlyMap<string, MemberUsage | null>;
  readonly team: TeamUsage | null;
} {
  return recorded(team) ? recordedUsage(team.recordedWork) : usageOf(selectWork(team));
}

/** What the team and each member spent, in dollars, from the transcripts alone (a journal's record is not judged). */
export interface Spending {
  /** Null when a member's cost is not known (a model without a price). */
  readonly team: number | null;
  readonly members: ReadonlyMap<string, number>;
}

const spendingOf = memoize((work: ReadonlyMap<string, MemberWork>): Spending => {
  const { members, team } = usageOf(work);
  const spent = new Map<string, number>();
  for (const [member, usage] of members) if (usage?.costUSD != null) spent.set(member, usage.costUSD);
  return { team: team?.costUSD ?? null, members: spent };
});

export const selectSpending = (team: TeamState): Spending => spendingOf(selectWork(team));

/** When each member began to wait for a permission prompt: asked of the lead (tmux), or in the lead's process the newest open call's. */
function permissionWaits(team: TeamState, work: ReadonlyMap<string, MemberWork>): ReadonlyMap<string, number> {
  const waits = new Map<string, number>();
  // The open ones only: a long run has thousands of answered requests, and this runs on every frame.
  for (const pairing of selectPairingIndex(selectPairings(team.inboxes)).openPermissions) {
    const known = waits.get(pairing.from);
    waits.set(pairing.from, known === undefined ? pairing.request.time : Math.min(known, pairing.request.time));
  }
  const leadSession = team.config?.leadSessionId;
  let since: number | null = null;
  for (const state of team.sessions.values()) if (state.sessionId === leadSession) since = permissionWaitSince(state);
  if (since === null) return waits;
  let waiting: string | undefined;
  let latest = Number.NEGATIVE_INFINITY;
  for (const [member, { activity, sessionId }] of work) {
    const newest = activity.open[activity.open.length - 1];
    if (sessionId !== leadSession || !newest || !(newest.startedAt >= latest)) continue;
    waiting = member;
    latest = newest.startedAt;
  }
  if (waiting !== undefined && !waits.has(waiting)) waits.set(waiting, since);
  return waits;
}

/** Done since its transcript last moved: a call it made as it stopped (its shutdown answer) gets no result. */
const ended = (activity: ActivityFold): ActivityNow => ({ ...NO_ACTIVITY_NOW, state: 'idle', since: activity.lastAt });

const goneOf = (team: TeamState): ReadonlySet<string> =>
  new Set(
    selectMembers(team)
      .filter((member) => !team.present || member.departed || member.status === 'shut down')
      .map((member) => member.name),
  );

/** What each member with a transcript (none read: a recorded one) does as of `now`; idle once it or its team is gone. */
export function selectActivity(team: TeamState, now: number): ReadonlyMap<string, ActivityNow> {
  return recorded(team) ? recordedActivity(team.recordedWork, goneOf(team)) : liveActivity(team, now);
}

/** Whether a member's state or tool changed (not a token or an age): one rule for `--follow --json` and the journal's `activity` lines. */
export const activityChanged = (
  before: (Pick<ActivityNow, 'state' | 'tool'> & Partial<Pick<ActivityNow, 'subagents'>>) | undefined,
  after: ActivityNow,
): boolean =>
  !before ||
  before.state !== after.state ||
  before.tool !== after.tool ||
  // What its subagent does, shown as its detail (`Agent › Bash`): a change of the subagent's tool is one of the member's.
  before.subagents?.[0]?.tool !== after.subagents?.[0]?.tool ||
  before.subagents?.[0]?.state !== after.subagents?.[0]?.state;

/** A member's subagents at work as of `now`: none of a member gone or dead, none the client marked done. */
function subagentsNow(work: MemberWork, now: number) {
  return work.subagents
    .filter((subagent) => !subagent.finished)
    .map((subagent) => {
      const doing = activityNow(subagent.activity, { now, permissionWaitSince: null });
      return {
        agentId: subagent.agentId,
        background: subagent.background,
        toolUseId: subagent.toolUseId,
        state: doing.state,
        tool: doing.tool,
        detail: doing.detail,
        since: doing.since,
      };
    });
}

function liveActivity(team: TeamState, now: number): ReadonlyMap<string, ActivityNow> {
  const work = selectWork(team);
  const waits = permissionWaits(team, work);
  const gone = goneOf(team);
  const liveness = selectLiveness(team);
  // Unknown with nothing seen (no file under sessions/: an older client) is not news; one seen but not judged is.
  const looked = team.processes.size > 0;
  return new Map(
    [...work].map(([member, known]) => {
      const { activity } = known;
      if (gone.has(member)) return [member, ended(activity)];
      const process = liveness.get(member);
      const deadSince = deadSinceOf(process);
      const processUnseen =
        process?.state === 'unknown' && (process.pid !== null || looked) ? (process.why ?? 'its process is not known') : null;
      const own = activityNow(activity, { now, permissionWaitSince: waits.get(member) ?? null, deadSince, processUnseen });
      return [member, known.subagents.length === 0 ? own : throughSubagents(own, subagentsNow(known, now))];
    }),
  );
}

/** What the diagnoses read of each member's work as of `now` (diagnoses/facts.ts): from its transcripts only, as a journal recorded none. */
export function selectWorkFacts(team: TeamState, now: number): ReadonlyMap<string, WorkFacts> {
  const work = selectWork(team);
  const usage = selectUsage(team).members;
  const lead = team.config?.leadSessionId;
  const facts = new Map<string, WorkFacts>();
  for (const [member, activity] of liveActivity(team, now)) {
    const known = work.get(member)!;
    facts.set(member, {
      activity,
      inLeadProcess: lead !== undefined && known.sessionId === lead,
      movedAt: known.activity.lastAt ?? Number.NaN,
      contextTokens: usage.get(member)?.contextTokens ?? 0,
      contextPercent: usage.get(member)?.contextPercent ?? null,
      contextWindow: usage.get(member)?.contextWindow ?? null,
      contextWindowSource: usage.get(member)?.contextWindowSource ?? null,
      refusals: known.activity.refusals,
      taskSets: known.activity.taskSets,
    });
  }
  return facts;
}

/** The first line of the prompt the lead's `Agent` calls gave each teammate, from its session's transcripts. */
export function selectSpawnedByLead(team: TeamState): ReadonlyMap<string, string> {
  const lead = team.config?.leadSessionId;
  const spawned = new Map<string, string>();
  for (const record of team.transcripts.values())
    if (record.file.kind === 'session' && record.file.sessionId === lead)
      for (const [name, line] of record.spawned) spawned.set(name, line);
  return spawned;
}

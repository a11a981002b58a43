/** Which transcript is whose (`memberOf`), what each member does now and what it used; no match means no entry, not a guess. */
import { isPrintSession, type Facts, type TeamState, type TranscriptRecord } from '../facts/index.js';
import { permissionWaitSince } from '../model/session-state.js';
import { memberOf, projectFolders, teamRefOf, type TranscriptTeam } from '../decode/transcript/member-of.js';
import { selectLead } from './lead.js';
import { selectMembers } from './members.js';
import { memoize } from './memo.js';
import { selectPairingIndex, selectPairings } from './pairings.js';
import { recordedActivity, recordedUsage } from './recorded-work.js';
import { selectTeams } from './teams.js';
import { activityNow, NO_ACTIVITY_NOW, type ActivityFold, type ActivityNow } from '../model/activity.js';
import { NO_USAGE, usageView, type MemberUsage, type TeamUsage, type UsageFold } from '../model/usage.js';

export interface WorkFacts {
  readonly activity: ActivityNow;
  /** Its process is its lead's (the lead, an in-process teammate): its permission prompts are asked in the lead's session. */
  readonly inLeadProcess: boolean;
  /** When its transcript last moved (NaN: not known). */
  readonly movedAt: number;
  readonly contextTokens: number;
  /** Of its model's window (null: the window is not known). */
  readonly contextPercent: number | null;
}

export interface MemberWork {
  /** The transcript it writes now (the one that moved last), relative to the config dir. */
  readonly path: string;
  readonly activity: ActivityFold;
  /** Summed over its transcripts (a teammate spawned again writes a new one). */
  readonly usage: UsageFold;
  readonly sessionId: string;
  readonly transcripts: number;
  /** Its transcript is a subagent's, under its lead's session (an in-process teammate), not a session of its own. */
  readonly inProcess: boolean;
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

const movedAt = (record: TranscriptRecord): number => record.activity.lastAt ?? Number.NEGATIVE_INFINITY;

/** Two members' worth of figures as one: sums, and the newest response of the two. */
function addUsage(a: UsageFold, b: UsageFold, bIsNewer: boolean): UsageFold {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheCreationTokens: a.cacheCreationTokens + b.cacheCreationTokens,
    responses: a.responses + b.responses,
    toolCalls: a.toolCalls + b.toolCalls,
    newest: (bIsNewer ? b.newest : a.newest) ?? a.newest ?? b.newest,
    estimatedUSD: a.estimatedUSD + b.estimatedUSD,
    unpriced: a.unpriced + b.unpriced,
    // The client's figures are per process: one known for only one of them is not the whole.
    recordedUSD: a.recordedUSD !== null && b.recordedUSD !== null ? a.recordedUSD + b.recordedUSD : null,
  };
}

function workOf(team: TeamState): ReadonlyMap<string, MemberWork> {
  const ref = teamRefOf(team.name, team.config ?? undefined, selectLead(team));
  const byMember = new Map<string, TranscriptRecord[]>();
  const paths = new Map<TranscriptRecord, string>();
  for (const [path, record] of team.transcripts) {
    const member = memberOf(ref, record.file, { meta: record.meta ?? undefined, identity: record.identity ?? undefined });
    if (member === undefined) continue;
    paths.set(record, path);
    byMember.set(member, [...(byMember.get(member) ?? []), record]);
  }
  const work = new Map<string, MemberWork>();
  for (const [member, records] of byMember) {
    const newest = records.reduce((best, record) => (movedAt(record) > movedAt(best) ? record : best));
    let usage = NO_USAGE;
    for (const record of records) usage = records.length === 1 ? record.usage : addUsage(usage, record.usage, record === newest);
    work.set(member, {
      path: paths.get(newest)!,
      activity: newest.activity,
      usage,
      sessionId: newest.file.sessionId,
      transcripts: records.length,
      inProcess: newest.file.kind === 'subagent',
    });
  }
  return work;
}

const matched = new WeakMap<
  TeamState['transcripts'],
  { readonly config: TeamState['config']; readonly lead: string | undefined; readonly work: ReadonlyMap<string, MemberWork> }
>();

export function selectWork(team: TeamState): ReadonlyMap<string, MemberWork> {
  const lead = selectLead(team);
  const known = matched.get(team.transcripts);
  if (known && known.config === team.config && known.lead === lead) return known.work;
  const work = workOf(team);
  matched.set(team.transcripts, { config: team.config, lead, work });
  return work;
}

const usageOf = memoize((work: ReadonlyMap<string, MemberWork>) =>
  usageView(new Map([...work].map(([member, { usage, sessionId }]) => [member, { usage, sessionId }]))),
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
export const activityChanged = (before: Pick<ActivityNow, 'state' | 'tool'> | undefined, after: ActivityNow): boolean =>
  !before || before.state !== after.state || before.tool !== after.tool;

function liveActivity(team: TeamState, now: number): ReadonlyMap<string, ActivityNow> {
  const work = selectWork(team);
  const waits = permissionWaits(team, work);
  const gone = goneOf(team);
  return new Map(
    [...work].map(([member, { activity }]) => [
      member,
      gone.has(member) ? ended(activity) : activityNow(activity, { now, permissionWaitSince: waits.get(member) ?? null }),
    ]),
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

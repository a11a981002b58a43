/** Observations in, facts out. Pure, no I/O, no clock: every time it needs comes inside the observation. */
import type { Observation } from '../model/observation.js';
import { listed, unlisted } from '../model/roster.js';
import { later, toEpoch } from '../model/time.js';
import type { TeamConfig } from '../model/schemas.js';
import { unownedAfter, type TaskRecord } from '../model/task-graph.js';
import { applyInboxFile, removeInboxFile } from './inbox-history.js';
import { applyTakenMail, unfollowInbox } from './inbox-taken.js';
import { emptyInbox, type InboxHistory } from './inbox-versions.js';
import { emptyTeam, NO_FACTS, type Facts, type MemberRecord, type Problem, type TeamState } from './state.js';
import { maxOf, putLatest } from '../model/lists.js';
import { applyProcess, applySessionState, applyTranscript } from './transcripts.js';
import { endRecordedWork, RECORDED_MEMBERS_KEPT } from './recorded-work.js';
import { followLog, withAgent } from './agent-logs.js';

export type Action =
  | { readonly type: 'observed'; readonly observations: readonly Observation[] }
  /** Forget everything (a replay jumping back to its start). */
  | { readonly type: 'reset' }
  /** The journal is restored: from here on the files are followed. */
  | { readonly type: 'live' };

function latest(times: readonly number[]): number {
  const known = times.filter(Number.isFinite);
  return known.length > 0 ? maxOf(known) : Number.NaN;
}

function lastMessageTime(inbox: InboxHistory): number {
  for (let i = inbox.messages.length - 1; i >= 0; i--) {
    const { time } = inbox.messages[i]!;
    if (Number.isFinite(time)) return time;
  }
  return Number.NaN;
}

function applyConfig(team: TeamState, config: TeamConfig, seen: { at: number; live: boolean }): TeamState {
  const members = new Map<string, MemberRecord>();
  for (const info of config.members) {
    const known = team.members.get(info.name);
    // tmux teammates flip `isActive` between turns. A flip from what an earlier read said happened since that read,
    // whatever read sees it; a scan's first sighting of the flag says nothing about since when.
    let activeSince: number;
    if (known && known.info.isActive === info.isActive) activeSince = known.activeSince;
    else if (typeof known?.info.isActive === 'boolean') activeSince = seen.at;
    else activeSince = liveAt(seen);
    const stays = listed(known?.stays ?? [], toEpoch(info.joinedAt ?? info.spawnedAt), known?.inConfig === true);
    members.set(info.name, { name: info.name, info, inConfig: true, activeSince, stays });
  }
  for (const [name, record] of team.members) {
    if (!members.has(name))
      members.set(name, record.inConfig ? { ...record, inConfig: false, stays: unlisted(record.stays, liveAt(seen)) } : record);
  }
  // First-seen order: members already known keep their place.
  const ordered = new Map<string, MemberRecord>();
  for (const name of team.members.keys()) ordered.set(name, members.get(name)!);
  for (const [name, record] of members) if (!ordered.has(name)) ordered.set(name, record);
  const joined = config.members.map((member) => toEpoch(member.joinedAt));
  return {
    ...team,
    config,
    members: ordered,
    lastActivity: latest([team.lastActivity, toEpoch(config.createdAt), ...joined]),
  };
}

function withInbox(team: TeamState, member: string, update: (inbox: InboxHistory) => InboxHistory, fresh: Fresh): TeamState {
  const before = team.inboxes.get(member) ?? emptyInbox(member);
  const after = update(before);
  if (after === before && team.inboxes.has(member)) return team;
  const inboxes = ownMap(team.inboxes, fresh);
  inboxes.set(member, after);
  return withFields(team, { inboxes, lastActivity: later(team.lastActivity, lastMessageTime(after)) }, fresh);
}

/** When a change was seen as it happened; NaN for what a scan found (it says what is there, not since when). */
const liveAt = ({ at, live }: { at: number; live: boolean }): number => (live ? at : Number.NaN);

/**
 * What one batch made: nobody has seen it yet, so the batch may change it in place. Copying a team's task map for
 * each of 10,000 task files, or an inbox's history for each change of a restored journal, would be quadratic.
 */
type Fresh = WeakSet<object>;

function ownMap<V>(map: ReadonlyMap<string, V>, fresh: Fresh): Map<string, V> {
  if (fresh.has(map)) return map as Map<string, V>;
  const copy = new Map(map);
  fresh.add(copy);
  return copy;
}

function withFields(team: TeamState, fields: Partial<TeamState>, fresh: Fresh): TeamState {
  if (fresh.has(team)) return Object.assign(team as { -readonly [K in keyof TeamState]: TeamState[K] }, fields);
  const copy = { ...team, ...fields };
  fresh.add(copy);
  return copy;
}

function applyToTeam(team: TeamState, observation: Observation, fresh: Fresh): TeamState {
  switch (observation.kind) {
    case 'config':
      return touch(applyConfig(team, observation.config, observation), observation, true, fresh);
    case 'inbox':
      return touch(
        withInbox(
          team,
          observation.member,
          (inbox) => applyInboxFile(inbox, observation.messages, observation.unchanged, liveAt(observation), fresh),
          fresh,
        ),
        observation,
        true,
        fresh,
      );
    case 'agent-status':
      return touch(
        withAgent(team, observation.member, (agent) => ({ ...agent, status: observation.status })),
        observation,
        false,
        fresh,
      );
    case 'log':
      if (
        observation.lines.length === 0 &&
        !observation.reset &&
        observation.skipped === 0 &&
        observation.partial === team.agents.get(observation.member)?.log?.partial
      ) {
        return team;
      }
      return touch(
        withAgent(team, observation.member, (agent) => ({ ...agent, log: followLog(agent.log, observation) })),
        observation,
        false,
        fresh,
      );
    case 'artifacts':
      return touch(
        withAgent(team, observation.member, (agent) => ({ ...agent, artifacts: { entries: observation.entries, more: observation.more } })),
        observation,
        false,
        fresh,
      );
    case 'task': {
      const tasks = ownMap(team.tasks, fresh);
      const unowned = unownedAfter(tasks.get(observation.task.id), observation.task, observation.at);
      tasks.set(observation.task.id, { task: observation.task, deleted: false, ...(unowned ? { unowned } : {}) });
      return touch(withFields(team, { tasks }, fresh), observation, false, fresh);
    }
    case 'file-gone': {
      const { target } = observation;
      if (target.kind === 'inbox') {
        return touch(
          withInbox(team, target.member, (inbox) => removeInboxFile(inbox, liveAt(observation), fresh), fresh),
          observation,
          false,
          fresh,
        );
      }
      if (target.kind === 'task') {
        const record = team.tasks.get(target.id);
        if (!record || record.deleted) return team;
        const tasks = ownMap(team.tasks, fresh);
        tasks.set(target.id, { ...record, deleted: true, deletedAt: observation.at });
        return touch(withFields(team, { tasks }, fresh), observation, false, fresh);
      }
      // A team file is the whole team: the team ended when it went.
      if (target.kind === 'team-file') return team.present ? { ...team, present: false } : team;
      if (target.kind === 'output-log') {
        return withAgent(team, target.member, (agent) =>
          agent.log?.present ? { ...agent, log: { ...agent.log, present: false } } : agent,
        );
      }
      if (target.kind === 'artifacts')
        return withAgent(team, target.member, (agent) => (agent.artifacts ? { ...agent, artifacts: null } : agent));
      // A removed status file leaves its last word on screen.
      return team;
    }
    case 'folder':
      return observation.target.kind === 'team-dir' && !team.present ? { ...team, isTeam: true, present: true } : team;
    case 'folder-gone':
      if (observation.target.kind === 'tasks-dir') return undeleted(team, observation.at, fresh);
      return team.present ? { ...team, present: false } : team;
    case 'mail-taken': {
      const { member, mail, followed } = observation;
      return withInbox(team, member, (inbox) => applyTakenMail(inbox, mail, followed === true, fresh), fresh);
    }
    case 'transcript':
      return applyTranscript(team, observation);
    case 'session-state':
      return applySessionState(team, observation);
    case 'process':
      return applyProcess(team, observation);
    case 'activity': {
      const recordedWork = ownMap(team.recordedWork, fresh);
      putLatest(recordedWork, observation.member, observation.work, RECORDED_MEMBERS_KEPT);
      return withFields(team, { recordedWork }, fresh);
    }
    case 'problem':
    case 'problem-gone':
    case 'run':
    case 'incidents':
      return team;
  }
}

/**
 * A task file seen gone this shortly before its folder went with it: a read during `rm -rf tasks/<team>` finds
 * files gone and the folder still there. A lead deletes a task and then the team in two tool calls, seconds apart.
 */
const WENT_WITH_FOLDER_MS = 1000;

/** The team's tasks folder went: the tasks whose files went just before went with it, and were not deleted. */
function undeleted(team: TeamState, at: number, fresh: Fresh): TeamState {
  let tasks: Map<string, TaskRecord> | undefined;
  for (const [id, record] of team.tasks) {
    if (!record.deleted || record.deletedAt === undefined || !(at - record.deletedAt <= WENT_WITH_FOLDER_MS)) continue;
    (tasks ??= ownMap(team.tasks, fresh)).set(id, { task: record.task, deleted: false });
  }
  return tasks ? withFields(team, { tasks }, fresh) : team;
}

/** Mark activity (a change seen live; a scan says nothing about when) and presence. */
function touch(team: TeamState, { at, live }: { at: number; live: boolean }, teamFolderExists: boolean, fresh: Fresh): TeamState {
  const lastActivity = live ? later(team.lastActivity, at) : team.lastActivity;
  const present = teamFolderExists || team.present;
  if (Object.is(lastActivity, team.lastActivity) && present === team.present) return team;
  return withFields(team, { lastActivity, present, isTeam: team.isTeam || present }, fresh);
}

/** A run ends or begins: the transcripts it read were its own, so taken is what leaves the file until this run reads them. */
function unfollowInboxes(teams: ReadonlyMap<string, TeamState>, names: Iterable<string>, fresh: Fresh): Map<string, TeamState> | undefined {
  let changed: Map<string, TeamState> | undefined;
  for (const name of names) {
    const team = teams.get(name);
    if (!team || ![...team.inboxes.values()].some((inbox) => inbox.taking.followed)) continue;
    let after = team;
    for (const member of team.inboxes.keys()) after = withInbox(after, member, (inbox) => unfollowInbox(inbox, fresh), fresh);
    (changed ??= new Map(teams)).set(name, after);
  }
  return changed;
}

function applyObservations(state: Facts, observations: readonly Observation[]): Facts {
  let teams: Map<string, TeamState> | undefined;
  let problems: Map<string, Problem> | undefined;
  const fresh: Fresh = new WeakSet();
  for (const observation of observations) {
    if (observation.kind === 'problem') {
      const { path, message } = observation;
      (problems ??= new Map(state.problems)).set(path, { path, message, since: state.problems.get(path)?.since ?? observation.at });
      continue;
    }
    if (observation.kind === 'problem-gone') {
      if ((problems ?? state.problems).has(observation.path)) (problems ??= new Map(state.problems)).delete(observation.path);
      continue;
    }
    if (observation.kind === 'run') {
      teams = endRecordedWork(teams ?? state.teams, [observation.team]) ?? teams;
      teams = unfollowInboxes(teams ?? state.teams, [observation.team], fresh) ?? teams;
      continue;
    }
    if (observation.kind === 'incidents') continue;
    const name = 'target' in observation ? observation.target.team : observation.team;
    const before = (teams ?? state.teams).get(name);
    const after = applyToTeam(before ?? emptyTeam(name), observation, fresh);
    if (after !== before) (teams ??= new Map(state.teams)).set(name, after);
  }
  if (!teams && !problems) return state;
  return { ...state, teams: teams ?? state.teams, problems: problems ?? state.problems };
}

export function reducer(state: Facts, action: Action): Facts {
  switch (action.type) {
    case 'observed':
      return applyObservations(state, action.observations);
    case 'reset':
      return NO_FACTS;
    case 'live': {
      // What the journal recorded of members' work is over (recorded-work.ts), and the transcripts it read are read again.
      const ended = endRecordedWork(state.teams, state.teams.keys());
      const teams = unfollowInboxes(ended ?? state.teams, state.teams.keys(), new WeakSet()) ?? ended;
      return teams ? { ...state, teams } : state;
    }
  }
}

/**
 * Derived views of the state. Each is memoised on the identity of what it reads,
 * so a component re-renders only when its own slice changed.
 */
import { byTime, type InboxMessage } from '../domain/inbox.js';
import {
  isStalled,
  judgeHandshake,
  orderHandshakes,
  pairHandshakes,
  takesPartInHandshake,
  type Handshake,
  type Pairing,
} from '../domain/handshakes.js';
import { judgeQuiet, lastSignOfLife, memberStatus, type MemberStatus } from '../domain/member-status.js';
import { buildTaskGraph, type TaskNode, type TaskRecord } from '../domain/task-graph.js';
import { maxOf } from '../domain/lists.js';
import { toEpoch } from '../domain/time.js';
import { buildTimeline, type TimelineEntry } from '../domain/timeline.js';
import { evaluateWorkflow, type LiveAgent, type LiveTask, type WorkflowStatus } from '../domain/workflow.js';
import type { WorkflowSpec } from '../domain/workflow-spec.js';
import type { InboxHistory } from './inbox-history.js';
import type { AgentRecord, AppState, TeamState } from './state.js';

/** Memoise a one-argument function on the identity of its (object) argument. */
export function memoize<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key) => {
    if (cache.has(key)) return cache.get(key)!;
    const value = compute(key);
    cache.set(key, value);
    return value;
  };
}

/**
 * Memoise a fold over an inbox's messages. A version that only grew from
 * another (see `InboxHistory.grewFrom`) extends that one's result with the
 * messages it added, so a selector costs the same at 10 or 10,000 messages.
 */
export function memoizeGrowing<V>(
  fold: (messages: readonly InboxMessage[], start: number, base: V | undefined) => V,
): (inbox: InboxHistory) => V {
  const cache = new WeakMap<readonly InboxMessage[], V>();
  return ({ messages, grewFrom }) => {
    if (cache.has(messages)) return cache.get(messages)!;
    const base = grewFrom && cache.has(grewFrom) ? { value: cache.get(grewFrom)!, start: grewFrom.length } : undefined;
    const value = fold(messages, base?.start ?? 0, base?.value);
    cache.set(messages, value);
    return value;
  };
}

export interface TeamSummary {
  readonly name: string;
  readonly description: string | null;
  readonly memberCount: number;
  readonly lastActivity: number;
  readonly ended: boolean;
  /** A `claude -p` session's leftovers, not a team (see isPrintSession). */
  readonly session: boolean;
}

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

/**
 * A `claude -p` run, not a team. Setting a task's owner writes a
 * `task_assignment` to the owner's inbox, and a one-shot session (2.1.330)
 * has no team: it writes `tasks/<session id>/` and
 * `teams/<session id>/inboxes/<owner>.json` and never a `config.json`. So: a
 * team folder named by a session's UUID, of which no config was ever read.
 * Interactive sessions name their team `session-<8 hex>` and write a config.
 */
export function isPrintSession(team: TeamState): boolean {
  return team.config === null && SESSION_ID.test(team.name);
}

/** Teams (not solo task lists), by name. */
export const selectTeams = memoize((teams: AppState['teams']): TeamState[] =>
  [...teams.values()].filter((team) => team.isTeam).sort((a, b) => a.name.localeCompare(b.name)),
);

export const selectTeamSummaries = memoize((teams: AppState['teams']): TeamSummary[] =>
  selectTeams(teams).map((team) => ({
    name: team.name,
    description: team.config?.description ?? null,
    memberCount: selectMembers(team).filter(
      (member) => !member.departed && member.status !== 'no agent' && member.status !== 'not on roster',
    ).length,
    lastActivity: team.lastActivity,
    ended: !team.present,
    session: isPrintSession(team),
  })),
);

/** The team a user most likely wants: the most recently active one, a real team before a `claude -p` session. */
export function selectMostRecentTeam(state: AppState): string | undefined {
  let best: TeamState | undefined;
  const rank = (team: TeamState) => (isPrintSession(team) ? 0 : 1);
  for (const team of selectTeams(state.teams)) {
    if (
      !best ||
      rank(team) > rank(best) ||
      (rank(team) === rank(best) &&
        (team.lastActivity > best.lastActivity || (Number.isNaN(best.lastActivity) && !Number.isNaN(team.lastActivity))))
    ) {
      best = team;
    }
  }
  return best?.name;
}

const LEAD_TYPES = new Set(['team-lead', 'lead', 'coordinator', 'orchestrator']);
/** The name Claude Code gives every team's lead. */
const CLAUDE_LEAD_NAME = 'team-lead';

export type { MemberStatus };

export interface MemberView {
  readonly name: string;
  readonly agentType: string;
  readonly model: string | null;
  /** The configured colour name, else the colour its messages carry. */
  readonly color: string | null;
  readonly backendType: string | null;
  readonly isLead: boolean;
  /** No longer in `config.json` (Claude Code removes a member that shut down). */
  readonly departed: boolean;
  readonly unread: number;
  readonly status: MemberStatus;
  /** When the member entered its status, epoch ms (NaN when unknown). */
  readonly statusSince: number;
  /** Its newest sign of life, epoch ms (NaN when unknown): what `quiet` is judged on. */
  readonly lastSignOfLife: number;
  /** Its runner's records (API-spec layout), when there are any. */
  readonly agent: AgentRecord | null;
  /** How long its delivered mail sat in its inbox; null before any was seen delivered. */
  readonly waits: MailWaits | null;
  /** Since when its oldest unread message waits (epoch ms; NaN when none does, or the team ended or the member left). */
  readonly waitingSince: number;
}

/** How long messages sat in an inbox, from when they came to when they were seen leaving it. */
export interface MailWaits {
  /** The median wait and the longest, in ms. */
  readonly typicalMs: number;
  readonly maxMs: number;
  /** Messages measured. */
  readonly count: number;
}

/** Messages waiting in the file, not read yet. */
export const selectUnread = memoizeGrowing((messages, start, base: number | undefined): number => {
  let count = base ?? 0;
  for (let i = start; i < messages.length; i++) if (!messages[i]!.read && !messages[i]!.delivered) count++;
  return count;
});

/** When a message came: when teamtop saw it arrive, else its timestamp (it was there before teamtop looked). */
const cameAt = (message: InboxMessage): number => (Number.isFinite(message.seenAt) ? message.seenAt : message.time);

/** Since when the oldest unread message of an inbox waits; NaN when none does. Growing adds only newer ones. */
export const selectWaitingSince = memoizeGrowing((messages, start, base: number | undefined): number => {
  if (base !== undefined && !Number.isNaN(base)) return base;
  for (let i = start; i < messages.length; i++) {
    const message = messages[i]!;
    if (!message.read && !message.delivered && Number.isFinite(cameAt(message))) return cameAt(message);
  }
  return Number.NaN;
});

/**
 * The waits of an inbox's delivered messages: from when teamtop saw one arrive
 * (else its timestamp: it was there before teamtop looked) to when teamtop saw
 * it go. A delivery nobody saw (the file changed while teamtop was not running)
 * is not measured.
 */
export const selectWaits = memoizeGrowing((messages, start, base: MailWaits | null | undefined): MailWaits | null => {
  // A history that only grew gained messages still in the file: nothing new was delivered.
  if (base !== undefined) return base;
  const waits: number[] = [];
  for (const message of messages) {
    if (!message.delivered || !Number.isFinite(message.deliveredAt)) continue;
    const came = cameAt(message);
    if (Number.isFinite(came)) waits.push(Math.max(0, message.deliveredAt - came));
  }
  if (waits.length === 0) return null;
  const sorted = Float64Array.from(waits).sort();
  const middle = sorted.length >> 1;
  const typicalMs = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { typicalMs, maxMs: sorted[sorted.length - 1]!, count: sorted.length };
});

/**
 * Every message of the team, all inboxes, oldest first. Each inbox is already in
 * time order, so this merges them instead of sorting everything again.
 */
export const selectTeamMessages = memoize((inboxes: TeamState['inboxes']): InboxMessage[] => {
  const lists = [...inboxes.values()].map((inbox) => inbox.messages).filter((list) => list.length > 0);
  const heads = lists.map(() => 0);
  const all: InboxMessage[] = [];
  for (;;) {
    let pick = -1;
    for (let i = 0; i < lists.length; i++) {
      if (heads[i]! < lists[i]!.length && (pick < 0 || byTime(lists[i]![heads[i]!]!, lists[pick]![heads[pick]!]!) < 0)) pick = i;
    }
    if (pick < 0) return all;
    all.push(lists[pick]![heads[pick]!++]!);
  }
});

/** The team's messages in time order, each broadcast once with all its recipients. */
export const selectTimeline = memoize((inboxes: TeamState['inboxes']): TimelineEntry[] => buildTimeline(selectTeamMessages(inboxes)));

/** The newest message each sender sent into one inbox. */
const lastSentIn = memoizeGrowing(
  (messages, start, base: ReadonlyMap<string, InboxMessage> | undefined): ReadonlyMap<string, InboxMessage> => {
    const last = new Map(base);
    for (let i = start; i < messages.length; i++) last.set(messages[i]!.from, messages[i]!);
    return last;
  },
);

/** The newest message each member sent, wherever it went. Work per change: the inbox that changed. */
const selectLastSent = memoize((inboxes: TeamState['inboxes']): Map<string, InboxMessage> => {
  const last = new Map<string, InboxMessage>();
  for (const inbox of inboxes.values()) {
    for (const [from, message] of lastSentIn(inbox)) {
      const known = last.get(from);
      if (!known || byTime(known, message) <= 0) last.set(from, message);
    }
  }
  return last;
});

/** The messages of an inbox that take part in handshakes. */
const handshakeMessagesIn = memoizeGrowing((messages, start, base: readonly InboxMessage[] | undefined): readonly InboxMessage[] => {
  const added: InboxMessage[] = [];
  for (let i = start; i < messages.length; i++) if (takesPartInHandshake(messages[i]!)) added.push(messages[i]!);
  return base && added.length === 0 ? base : [...(base ?? []), ...added];
});

/** Every request/response pairing of a team, oldest request first. */
export const selectPairings = memoize((inboxes: TeamState['inboxes']): Pairing[] =>
  pairHandshakes([...inboxes.values()].flatMap(handshakeMessagesIn)),
);

/** Members who will never answer or wait again: shut down, or gone from the roster. */
export const selectGone = memoize((team: TeamState): ReadonlySet<string> => {
  const gone = new Set<string>();
  for (const member of selectMembers(team)) if (member.departed || member.status === 'shut down') gone.add(member.name);
  return gone;
});

/** The team's handshakes as of `now`: open ones first, stalled after `stallAfterMs`, abandoned ones last. */
export function selectHandshakes(team: TeamState, now: number, stallAfterMs: number): Handshake[] {
  const gone = selectGone(team);
  return orderHandshakes(selectPairings(team.inboxes).map((pairing) => judgeHandshake(pairing, now, stallAfterMs, gone)));
}

/** How many of the team's handshakes are stalled as of `now` (abandoned ones are not). */
export function selectStalledCount(team: TeamState, now: number, stallAfterMs: number): number {
  const gone = selectGone(team);
  return selectPairings(team.inboxes).reduce((sum, pairing) => (isStalled(pairing, now, stallAfterMs, gone) ? sum + 1 : sum), 0);
}

/** What teammates send only to their lead. */
const TO_THE_LEAD = new Set(['idle_notification', 'permission_request', 'plan_approval_request', 'sandbox_permission_request']);

/**
 * How many messages of one inbox point at each name as the lead: what
 * teammates send the lead (the inbox's owner got it from someone else), and
 * shutdown requests (only a lead asks a teammate to stop; their sender).
 */
const leadEvidenceIn = memoizeGrowing((messages, start, base: ReadonlyMap<string, number> | undefined): ReadonlyMap<string, number> => {
  let counts: Map<string, number> | undefined;
  const count = (name: string) => (counts ??= new Map(base)).set(name, (counts.get(name) ?? 0) + 1);
  for (let i = start; i < messages.length; i++) {
    const message = messages[i]!;
    if (TO_THE_LEAD.has(message.kind) && message.from !== message.to) count(message.to);
    else if (message.kind === 'shutdown_request') count(message.from);
  }
  return counts ?? base ?? new Map();
});

/** The name the most messages point at as the lead: `team-lead` among equals, else nobody. */
function leadByMessages(inboxes: TeamState['inboxes']): string | undefined {
  const counts = new Map<string, number>();
  for (const inbox of inboxes.values()) for (const [name, n] of leadEvidenceIn(inbox)) counts.set(name, (counts.get(name) ?? 0) + n);
  const most = maxOf(counts.values(), 0);
  const top = [...counts].filter(([, n]) => n === most && n > 0).map(([name]) => name);
  if (top.length === 1) return top[0];
  return top.includes(CLAUDE_LEAD_NAME) ? CLAUDE_LEAD_NAME : undefined;
}

/**
 * The team's lead: at most one, and only on evidence. In order:
 * 1. the config's `leadAgentId`: the roster member with that id, else the name before its `@`;
 * 2. the first roster member whose type is a lead's (`team-lead`, `coordinator`…)
 *    or whose tmux pane is `leader`;
 * 3. without either (no config: a team with only `inboxes/`), the messages: the
 *    name most of them point at as the lead (see leadEvidenceIn), `team-lead`
 *    among equals;
 * 4. a member named `team-lead`, the name Claude Code gives its lead.
 * A name that only looks like a lead's (`lead`, `coordinator`) is no evidence.
 */
export const selectLead = memoize((team: TeamState): string | undefined => {
  // A `claude -p` session has no lead: its inboxes are task owners nobody runs.
  if (isPrintSession(team)) return undefined;
  const roster = [...team.members.values()].map((record) => record.info);
  const leadAgentId = team.config?.leadAgentId;
  if (leadAgentId) return roster.find((info) => info.agentId === leadAgentId)?.name ?? leadAgentId.split('@')[0];
  const declared = roster.find((info) => LEAD_TYPES.has(info.agentType ?? '') || info.tmuxPaneId === 'leader');
  if (declared) return declared.name;
  const byMessages = leadByMessages(team.inboxes);
  if (byMessages !== undefined) return byMessages;
  return team.members.has(CLAUDE_LEAD_NAME) || team.inboxes.has(CLAUDE_LEAD_NAME) ? CLAUDE_LEAD_NAME : undefined;
});

/** The time of the first message an inbox holds: the member was on the team by then. */
function firstAddressed(inbox: InboxHistory | undefined): number {
  const first = inbox?.messages.find((message) => Number.isFinite(message.time));
  return first ? first.time : Number.NaN;
}

/** A member's newest request to join (its request, or an answer to one that was never seen). */
function newestJoin(pairings: readonly Pairing[], name: string): Pairing | undefined {
  let newest: Pairing | undefined;
  for (const pairing of pairings) {
    if (pairing.kind !== 'join' || pairing.from !== name) continue;
    const time = (pairing.request ?? pairing.response)?.time ?? Number.NaN;
    const best = (newest?.request ?? newest?.response)?.time ?? Number.NaN;
    if (!newest || !(time < best)) newest = pairing;
  }
  return newest;
}

export const selectMembers = memoize((team: TeamState): MemberView[] => {
  const { config } = team;
  // A `claude -p` session's inboxes are its task owners': names nobody runs.
  const session = isPrintSession(team);
  const lastSent = selectLastSent(team.inboxes);
  const pairings = selectPairings(team.inboxes);
  const lead = selectLead(team);
  const names = [...team.members.keys()];
  for (const name of team.inboxes.keys()) if (!team.members.has(name)) names.push(name);
  for (const name of team.agents.keys()) if (!team.members.has(name) && !team.inboxes.has(name)) names.push(name);
  // Whoever asked to join has a pane, if only to say it is joining or was refused.
  for (const pairing of pairings) if (pairing.kind === 'join' && !names.includes(pairing.from)) names.push(pairing.from);

  return names.map((name): MemberView => {
    const record = team.members.get(name);
    const info = record?.info;
    const isLead = name === lead;
    // Asked to join and never on a roster: an applicant, not a member who left.
    const application = record ? undefined : newestJoin(pairings, name);
    const agent = team.agents.get(name) ?? null;
    // Without a readable config there is no roster to have left; an applicant, or
    // an agent its runner keeps records of, that no roster ever listed, never left one.
    const inbox = team.inboxes.get(name);
    const sent = lastSent.get(name);
    // Mail to a name no roster listed, from one that never wrote: nobody is behind it, and nobody left.
    const stranger = config !== null && record === undefined && application === undefined && agent === null && sent === undefined;
    const departed =
      config !== null && !stranger && !record?.inConfig && application === undefined && !(record === undefined && agent !== null);
    const joined = toEpoch(info?.joinedAt ?? info?.spawnedAt);
    // No roster says when it joined: it was on the team by the first message to it.
    const joinedAt = Number.isNaN(joined) ? firstAddressed(inbox) : joined;
    const { status, since: statusSince } = session
      ? { status: 'no agent' as const, since: Number.NaN }
      : stranger
        ? { status: 'not on roster' as const, since: Number.NaN }
        : memberStatus({
            name,
            isLead,
            active: info?.isActive,
            activeSince: record?.activeSince,
            departed,
            lastSent: sent,
            joinedAt,
            pairings,
            agentStatus: agent?.status,
            shutdownAt: toEpoch(info?.shutdownAt),
            application,
          });
    return {
      name,
      agentType: info?.agentType ?? (isLead ? 'team-lead' : 'unknown'),
      model: info?.model ?? null,
      color: info?.color ?? sent?.color ?? null,
      backendType: info?.backendType ?? null,
      isLead,
      departed,
      unread: inbox ? selectUnread(inbox) : 0,
      status,
      statusSince,
      lastSignOfLife: lastSignOfLife({ lastSent: sent, joinedAt, agentStatus: agent?.status, activeSince: record?.activeSince }),
      agent,
      waits: inbox ? selectWaits(inbox) : null,
      // Mail left when the team ended or the member left does not wait any more: nobody is there to take it.
      waitingSince: inbox && team.present && !departed ? selectWaitingSince(inbox) : Number.NaN,
    };
  });
});

/** Each member's quiet version, made once: a frame that finds it quiet again gets the same object. */
const quietVersions = new WeakMap<MemberView, MemberView>();
const judgedMembers = new WeakMap<readonly MemberView[], { quietAfterMs: number; members: readonly MemberView[] }>();

/**
 * The team's members as of `now`: a member shown working with no sign of life
 * for `quietAfterMs` is quiet. The same array comes back for as long as no
 * status changes, so what is drawn from it is not drawn again.
 */
export function selectMembersAt(team: TeamState, now: number, quietAfterMs: number): readonly MemberView[] {
  const members = selectMembers(team);
  const judged = members.map((member) => {
    const { status, since } = judgeQuiet({ status: member.status, since: member.statusSince }, member.lastSignOfLife, now, quietAfterMs);
    if (status === member.status) return member;
    let quiet = quietVersions.get(member);
    if (!quiet) quietVersions.set(member, (quiet = { ...member, status, statusSince: since }));
    return quiet;
  });
  const known = judgedMembers.get(members);
  if (known && known.quietAfterMs === quietAfterMs && known.members.every((member, i) => member === judged[i])) return known.members;
  judgedMembers.set(members, { quietAfterMs, members: judged });
  return judged;
}

/** Member name → colour name, for drawing senders and owners. */
export const selectColors = memoize((team: TeamState): Map<string, string | null> => {
  const colors = new Map<string, string | null>();
  for (const member of selectMembers(team)) colors.set(member.name, member.color);
  return colors;
});

export const selectTaskGraph = memoize((tasks: ReadonlyMap<string, TaskRecord>): TaskNode[] => buildTaskGraph(tasks));

/** The live team as the workflow evaluation reads it. */
function liveAgents(members: readonly MemberView[]): LiveAgent[] {
  return members.map((member) => {
    const runner = member.agent?.status?.status;
    const agentStatus = runner === 'running' || runner === 'idle' || runner === 'complete' || runner === 'error' ? runner : undefined;
    return { name: member.name, status: member.status, departed: member.departed, agentStatus };
  });
}

function liveTasks(nodes: readonly TaskNode[], records: TeamState['tasks']): LiveTask[] {
  return nodes.map((node) => ({
    id: node.id,
    subject: node.subject,
    owner: node.owner,
    state: node.state,
    metadata: records.get(node.id)?.task.metadata,
  }));
}

const evaluated = new WeakMap<readonly MemberView[], { nodes: readonly TaskNode[]; spec: WorkflowSpec; status: WorkflowStatus }>();

/**
 * A declared workflow against the team as of `now` (its members judged as
 * selectMembersAt does): what the workflow view draws and `--json` prints.
 * Worked out again only when the members, the tasks or the spec changed.
 */
export function selectWorkflow(team: TeamState, spec: WorkflowSpec, now: number, quietAfterMs: number): WorkflowStatus {
  const members = selectMembersAt(team, now, quietAfterMs);
  const nodes = selectTaskGraph(team.tasks);
  const known = evaluated.get(members);
  if (known && known.nodes === nodes && known.spec === spec) return known.status;
  const status = evaluateWorkflow(spec, liveAgents(members), liveTasks(nodes, team.tasks));
  evaluated.set(members, { nodes, spec, status });
  return status;
}

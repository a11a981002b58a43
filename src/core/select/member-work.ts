/** Which of a team's transcripts is whose, folded per member: its own and its own subagents' (by the call that started each). */
import type { TeamState, TranscriptRecord } from '../facts/index.js';
import { isOwnSubagent, memberOf, subagentParent, teamRefOf } from '../decode/transcript/member-of.js';
import type { ActivityFold } from '../model/activity.js';
import { NO_USAGE, withSubagents, type UsageFold } from '../model/usage.js';
import { selectLead } from './lead.js';

/** A member's own subagent (an `Agent` call without a name), as its transcript says. */
export interface SubagentWork {
  readonly path: string;
  readonly agentId: string;
  /** The member's `Agent` call that started it (null: its meta does not say). */
  readonly toolUseId: string | null;
  /** Started in the background (a tmux teammate's: its call returned at once). */
  readonly background: boolean;
  /** The client marked it done. */
  readonly finished: boolean;
  readonly activity: ActivityFold;
  readonly usage: UsageFold;
}

export interface MemberWork {
  /** The transcript it writes now (the one that moved last), relative to the config dir. */
  readonly path: string;
  readonly activity: ActivityFold;
  /** Summed over its transcripts (a teammate spawned again writes a new one), its subagents' included. */
  readonly usage: UsageFold;
  /** Its own subagents, oldest first. */
  readonly subagents: readonly SubagentWork[];
  /** Its subagents' figures alone, summed (NO_USAGE: none). */
  readonly subagentUsage: UsageFold;
  /** The process it runs in: its transcript's session (an in-process teammate's is its lead's). */
  readonly sessionId: string;
  /** Transcripts matched to it. */
  readonly transcripts: number;
  /** Its transcript is a subagent's, under its lead's session (an in-process teammate), not a session of its own. */
  readonly inProcess: boolean;
}

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
    recordedTokens: null,
    compactions: a.compactions + b.compactions,
    lastCompaction: (bIsNewer ? b.lastCompaction : a.lastCompaction) ?? a.lastCompaction ?? b.lastCompaction,
  };
}

/** How deep subagents of subagents are followed to their member. */
const SUBAGENT_DEPTH = 8;

/**
 * Each member's own subagents: whose each is (its meta's `parentAgentId`, or
 * the session whose folder holds it: member-of.ts's subagentParent), followed
 * through subagents of subagents.
 */
function subagentsOf(
  team: TeamState,
  byMember: ReadonlyMap<string, readonly TranscriptRecord[]>,
  paths: ReadonlyMap<TranscriptRecord, string>,
): Map<string, SubagentWork[]> {
  const pending: [string, TranscriptRecord][] = [];
  for (const [path, record] of team.transcripts) {
    if (record.file.kind === 'subagent' && !paths.has(record) && isOwnSubagent(record.file, record.meta ?? undefined))
      pending.push([path, record]);
  }
  const found = new Map<string, SubagentWork[]>();
  if (pending.length === 0) return found;
  const bySession = new Map<string, string>();
  const byAgent = new Map<string, string>();
  for (const [member, records] of byMember) {
    for (const record of records) {
      if (record.file.kind === 'session') bySession.set(record.file.sessionId, member);
      else if (record.file.kind === 'subagent') byAgent.set(record.file.agentId, member);
    }
  }
  for (let depth = 0; depth < SUBAGENT_DEPTH && pending.length > 0; depth++) {
    let placed = false;
    for (let index = pending.length - 1; index >= 0; index--) {
      const [path, record] = pending[index]!;
      const file = record.file as Extract<TranscriptRecord['file'], { kind: 'subagent' }>;
      const meta = record.meta!;
      const parent = subagentParent(file, meta);
      const member = 'agentId' in parent ? byAgent.get(parent.agentId) : bySession.get(parent.sessionId);
      if (member === undefined) continue;
      pending.splice(index, 1);
      placed = true;
      byAgent.set(file.agentId, member);
      const list = found.get(member) ?? [];
      list.push({
        path,
        agentId: file.agentId,
        toolUseId: meta.toolUseId ?? null,
        background: meta.requestShape === 'background',
        finished: meta.finished === true,
        activity: record.activity,
        usage: record.usage,
      });
      found.set(member, list);
    }
    if (!placed) break;
  }
  for (const list of found.values()) list.sort((a, b) => (a.activity.lastAt ?? 0) - (b.activity.lastAt ?? 0));
  return found;
}

/** Subagents' figures, summed, their tool calls too (their contexts are each their own: none is the member's). */
function subagentSum(subagents: readonly SubagentWork[]): UsageFold {
  let sum = NO_USAGE;
  for (const subagent of subagents) sum = { ...withSubagents(sum, subagent.usage), toolCalls: sum.toolCalls + subagent.usage.toolCalls };
  return sum;
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
  const subagents = subagentsOf(team, byMember, paths);
  const work = new Map<string, MemberWork>();
  for (const [member, records] of byMember) {
    const newest = records.reduce((best, record) => (movedAt(record) > movedAt(best) ? record : best));
    let usage = NO_USAGE;
    for (const record of records) usage = records.length === 1 ? record.usage : addUsage(usage, record.usage, record === newest);
    const own = subagents.get(member) ?? [];
    const subagentUsage = subagentSum(own);
    work.set(member, {
      path: paths.get(newest)!,
      activity: newest.activity,
      usage: own.length === 0 ? usage : withSubagents(usage, subagentUsage),
      subagents: own,
      subagentUsage,
      sessionId: newest.file.sessionId,
      transcripts: records.length,
      inProcess: newest.file.kind === 'subagent',
    });
  }
  return work;
}

/** The last matching, per version of the team's transcripts: the same map while no transcript, config or lead changed. */
const matched = new WeakMap<
  TeamState['transcripts'],
  { readonly config: TeamState['config']; readonly lead: string | undefined; readonly work: ReadonlyMap<string, MemberWork> }
>();

/** Each member's transcripts, folded (a member none matches has no entry). */
export function selectWork(team: TeamState): ReadonlyMap<string, MemberWork> {
  const lead = selectLead(team);
  const known = matched.get(team.transcripts);
  if (known && known.config === team.config && known.lead === lead) return known.work;
  const work = workOf(team);
  matched.set(team.transcripts, { config: team.config, lead, work });
  return work;
}

import { quietAt, type Thresholds } from './settings.js';
import type { Pairing } from './handshakes.js';
import { agedFrom, type InboxMessage } from './inbox.js';
import { verdictOf } from '../decode/protocol.js';
import type { AgentStatus } from './schemas.js';
import { toEpoch } from './time.js';
import { maxOf, minOf } from './lists.js';

export type MemberStatus =
  | 'lead'
  | 'joining'
  | 'refused'
  | 'shut down'
  | 'stopping'
  | 'waiting'
  | 'idle'
  | 'interrupted'
  | 'failed'
  | 'done'
  | 'working'
  /** Would be `working`, but no sign of life for a long time (judgeQuiet). */
  | 'quiet'
  /** Its process is gone without shutting down: killed, crashed (model/liveness.ts). */
  | 'dead'
  /** A task owner in a `claude -p` session: a name, no agent behind it. */
  | 'no agent'
  /** An inbox of a name no roster listed and that never wrote: a misspelt recipient. */
  | 'not on roster';

export interface StatusEvidence {
  readonly name: string;
  readonly isLead: boolean;
  /** The config's `isActive` (tmux teammates): false between turns, true while it works. Not a shutdown flag. */
  readonly active?: boolean | undefined;
  readonly activeSince?: number;
  /** Claude Code removes a teammate from `config.json` once it approved shutdown. */
  readonly departed: boolean;
  readonly lastSent: InboxMessage | undefined;
  readonly joinedAt: number;
  readonly pairings: readonly Pairing[];
  readonly agentStatus?: AgentStatus | null | undefined;
  /** API-spec layout; NaN when not stopped. */
  readonly shutdownAt?: number;
  /** Its newest request to join, when no roster listed it (swarm-tools): not a member unless let in. */
  readonly application?: Pairing | undefined;
  /** Since when its process has been gone (NaN: not known since when); null or absent: it runs, or nobody can tell. */
  readonly deadSince?: number | null;
}

interface StatusResult {
  readonly status: MemberStatus;
  readonly since: number;
}

const timeOf = (message: InboxMessage | null | undefined): number => message?.time ?? Number.NaN;

const IDLE_REASONS: Readonly<Record<string, MemberStatus>> = { interrupted: 'interrupted', failed: 'failed' };

const RUN_STATUSES: Readonly<Record<string, MemberStatus>> = { running: 'working', idle: 'idle', complete: 'done', error: 'failed' };

function fromAgentStatus(agent: AgentStatus): StatusResult | undefined {
  const status = Object.hasOwn(RUN_STATUSES, agent.status) ? RUN_STATUSES[agent.status] : undefined;
  if (!status) return undefined;
  const completed = toEpoch(agent.completedAt);
  const active = toEpoch(agent.lastActiveAt);
  const started = toEpoch(agent.startedAt);
  const since =
    status === 'done' || status === 'failed' ? (Number.isNaN(completed) ? active : completed) : status === 'idle' ? active : started;
  return { status, since };
}

/** One answered before the member last joined was its earlier stay's: a member back on the roster is not shut down. */
export function newestShutdown(pairings: readonly Pairing[], name: string, joinedAt: number): Pairing | undefined {
  let newest: Pairing | undefined;
  for (const pairing of pairings) {
    if (pairing.kind !== 'shutdown' || pairing.to !== name || timeOf(pairing.response) < joinedAt) continue;
    // Later or at the same time: the last of equals, as a stable sort would leave it.
    if (!newest || !(timeOf(pairing.request ?? pairing.response) < timeOf(newest.request ?? newest.response))) newest = pairing;
  }
  return newest;
}

export const approvalOf = (pairing: Pairing): InboxMessage | undefined =>
  pairing.response && !(pairing.response.data && verdictOf(pairing.response.data) === false) ? pairing.response : undefined;

/** The order of the checks below is the order of precedence (docs/internals/core.md). */
export function memberStatus(evidence: StatusEvidence): StatusResult {
  const { lastSent } = evidence;
  const deadSince = evidence.deadSince ?? null;
  if (evidence.isLead) return deadSince === null ? { status: 'lead', since: evidence.joinedAt } : { status: 'dead', since: deadSince };

  const { application } = evidence;
  if (application && !application.response) return { status: 'joining', since: timeOf(application.request) };
  if (application?.response?.data && verdictOf(application.response.data) === false)
    return { status: 'refused', since: timeOf(application.response) };

  const newest = newestShutdown(evidence.pairings, evidence.name, evidence.joinedAt);
  const approval = newest && approvalOf(newest);
  if (approval) return { status: 'shut down', since: timeOf(approval) };
  const shutdownAt = evidence.shutdownAt ?? Number.NaN;
  if (!Number.isNaN(shutdownAt)) return { status: 'shut down', since: shutdownAt };
  if (evidence.departed) return { status: 'shut down', since: timeOf(lastSent) };
  // Gone without shutting down: whatever the files said it was doing, it does no more.
  if (deadSince !== null) return { status: 'dead', since: deadSince };
  if (newest && !newest.response) return { status: 'stopping', since: timeOf(newest.request) };

  const waits = evidence.pairings.filter((pairing) => pairing.kind !== 'shutdown' && pairing.from === evidence.name && !pairing.response);
  if (waits.length > 0) return { status: 'waiting', since: minOf(waits.map((pairing) => timeOf(pairing.request))) };

  const recorded = evidence.agentStatus ? fromAgentStatus(evidence.agentStatus) : undefined;
  if (recorded) return recorded;

  // A tmux teammate's own flag is fresher than its last message: it works again before it says anything.
  const activeSince = evidence.activeSince ?? Number.NaN;
  if (evidence.active === true) return { status: 'working', since: activeSince };
  if (lastSent?.kind === 'idle_notification') {
    const reason = lastSent.data?.['idleReason'];
    const status = typeof reason === 'string' && Object.hasOwn(IDLE_REASONS, reason) ? IDLE_REASONS[reason]! : 'idle';
    return { status, since: agedFrom(lastSent) };
  }
  if (evidence.active === false) return { status: 'idle', since: activeSince };
  return { status: 'working', since: lastSent ? agedFrom(lastSent) : evidence.joinedAt };
}

/**
 * A message it sent is aged from its arrival where its writer's clock is off (agedFrom).
 * The client flips `isActive` as a turn starts and ends, so its flipping counts. NaN when none is known.
 */
export function lastSignOfLife(evidence: Pick<StatusEvidence, 'lastSent' | 'joinedAt' | 'agentStatus' | 'activeSince'>): number {
  const known = [
    evidence.lastSent ? agedFrom(evidence.lastSent) : Number.NaN,
    evidence.joinedAt,
    toEpoch(evidence.agentStatus?.lastActiveAt),
    evidence.activeSince ?? Number.NaN,
  ].filter(Number.isFinite);
  return known.length > 0 ? maxOf(known) : Number.NaN;
}

/** `working` is only what the files last said: with no sign of life for the quiet threshold (exactly at it counts) it is `quiet`. */
export function judgeQuiet(result: StatusResult, signOfLife: number, now: number, thresholds: Thresholds): StatusResult {
  if (result.status !== 'working' || !Number.isFinite(signOfLife) || now < quietAt(signOfLife, thresholds)) return result;
  return { status: 'quiet', since: signOfLife };
}

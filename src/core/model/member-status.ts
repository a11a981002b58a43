/**
 * A member's lifecycle status, derived from what the files say: the roster, the
 * handshakes it is part of, and the newest message it sent.
 */
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
  /** Would be `working`, but has shown no sign of life for a long time (see judgeQuiet). */
  | 'quiet'
  /** A task owner in a `claude -p` session: a name, no agent behind it (see isPrintSession). */
  | 'no agent'
  /** An inbox of a name no roster ever listed and that never wrote: a misspelt recipient, not a member. */
  | 'not on roster';

export interface StatusEvidence {
  readonly name: string;
  readonly isLead: boolean;
  /**
   * The config's `isActive` (tmux teammates, 2.1.330): false while it waits
   * between turns, true while it works. Not a shutdown flag.
   */
  readonly active?: boolean | undefined;
  /** When `active` took its value (epoch ms, NaN when unknown). */
  readonly activeSince?: number;
  /** Gone from `config.json`: Claude Code removes a teammate once it approved shutdown. */
  readonly departed: boolean;
  /** The newest message the member sent, wherever it went. */
  readonly lastSent: InboxMessage | undefined;
  /** When it joined, the last time it did (epoch ms, NaN when unknown). */
  readonly joinedAt: number;
  /** The team's handshakes: those about the member are enough (shutdown requests sent to it, its own requests). */
  readonly pairings: readonly Pairing[];
  /** The agent's own `task-status.json` (API-spec layout), when its runner keeps one. */
  readonly agentStatus?: AgentStatus | null | undefined;
  /** `shutdownAt` in the config (API-spec layout): when it was stopped (NaN when not). */
  readonly shutdownAt?: number;
  /**
   * Its newest request to join the team, when no roster ever listed it (a
   * swarm-tools join handshake): it is not a member unless it was let in.
   */
  readonly application?: Pairing | undefined;
}

interface StatusResult {
  readonly status: MemberStatus;
  /** Since when, epoch ms; NaN when the files do not say. */
  readonly since: number;
}

const timeOf = (message: InboxMessage | null | undefined): number => message?.time ?? Number.NaN;

const IDLE_REASONS: Readonly<Record<string, MemberStatus>> = { interrupted: 'interrupted', failed: 'failed' };

/** A runner's word for what the agent does, in ours. */
const RUN_STATUSES: Readonly<Record<string, MemberStatus>> = { running: 'working', idle: 'idle', complete: 'done', error: 'failed' };

/** The status a `task-status.json` gives, and since when (the instant that status is about). */
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

/**
 * A member's newest shutdown request (or an answer to one never seen). One
 * answered before the member last joined was its earlier stay's: a member
 * back on the roster is not shut down.
 */
export function newestShutdown(pairings: readonly Pairing[], name: string, joinedAt: number): Pairing | undefined {
  let newest: Pairing | undefined;
  for (const pairing of pairings) {
    if (pairing.kind !== 'shutdown' || pairing.to !== name || timeOf(pairing.response) < joinedAt) continue;
    // Later or at the same time: the last of equals, as a stable sort would leave it.
    if (!newest || !(timeOf(pairing.request ?? pairing.response) < timeOf(newest.request ?? newest.response))) newest = pairing;
  }
  return newest;
}

/** The answer that approved a shutdown; undefined while it is open or when it was rejected. */
export const approvalOf = (pairing: Pairing): InboxMessage | undefined =>
  pairing.response && !(pairing.response.data && verdictOf(pairing.response.data) === false) ? pairing.response : undefined;

/**
 * In order: the lead; joining / refused (asked to join and was not answered, or
 * was turned away); shut down (approved its newest shutdown request since it
 * last joined, or has a `shutdownAt`, or gone from the roster); stopping (its
 * newest shutdown request is open); waiting (it asked for a permission, plan
 * approval, sandbox access or to join that is not answered); what its
 * `task-status.json` says (running → working, idle, complete → done, error →
 * failed); working while the config says `isActive: true`; idle / interrupted
 * / failed (its newest message is an idle notification, by reason; `isActive:
 * false` is idle too); working otherwise.
 */
export function memberStatus(evidence: StatusEvidence): StatusResult {
  const { lastSent } = evidence;
  if (evidence.isLead) return { status: 'lead', since: evidence.joinedAt };

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
  if (newest && !newest.response) return { status: 'stopping', since: timeOf(newest.request) };

  const waits = evidence.pairings.filter((pairing) => pairing.kind !== 'shutdown' && pairing.from === evidence.name && !pairing.response);
  if (waits.length > 0) return { status: 'waiting', since: minOf(waits.map((pairing) => timeOf(pairing.request))) };

  // The runner's own record says more than the messages do.
  const recorded = evidence.agentStatus ? fromAgentStatus(evidence.agentStatus) : undefined;
  if (recorded) return recorded;

  // A tmux teammate's own flag is fresher than its last message: it works again before it says anything.
  const activeSince = evidence.activeSince ?? Number.NaN;
  if (evidence.active === true) return { status: 'working', since: activeSince };
  if (lastSent?.kind === 'idle_notification') {
    const reason = lastSent.data?.['idleReason'];
    // Own keys only: a reason named `constructor` is not Object's.
    const status = typeof reason === 'string' && Object.hasOwn(IDLE_REASONS, reason) ? IDLE_REASONS[reason]! : 'idle';
    return { status, since: agedFrom(lastSent) };
  }
  if (evidence.active === false) return { status: 'idle', since: activeSince };
  return { status: 'working', since: lastSent ? agedFrom(lastSent) : evidence.joinedAt };
}

/**
 * The newest sign of life of a member: the newest message it sent (aged from
 * its arrival where its writer's clock is off: agedFrom), its
 * runner's last activity, its joining, its `isActive` flag flipping (seen as it
 * happened: the client flips it as a turn starts and ends). NaN when none is known.
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

/**
 * Judge a status as of `now`: `working` is only what the files last said, so a
 * member whose newest sign of life is old enough to be quiet by `thresholds` (exactly at the
 * threshold counts, as for stalls) is `quiet` since then. Every other status
 * stands: the files say what it does (idle, shut down, waiting…).
 */
export function judgeQuiet(result: StatusResult, signOfLife: number, now: number, thresholds: Thresholds): StatusResult {
  if (result.status !== 'working' || !Number.isFinite(signOfLife) || now < quietAt(signOfLife, thresholds)) return result;
  return { status: 'quiet', since: signOfLife };
}

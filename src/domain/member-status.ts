/**
 * A member's lifecycle status, derived from what the files say: the roster, the
 * handshakes it is part of, and the newest message it sent.
 */
import type { Pairing } from './handshakes.js';
import type { InboxMessage } from './inbox.js';
import { verdictOf } from './protocol.js';

export type MemberStatus = 'lead' | 'shut down' | 'stopping' | 'waiting' | 'idle' | 'interrupted' | 'failed' | 'working';

export interface StatusEvidence {
  readonly name: string;
  readonly isLead: boolean;
  /** `isActive: false` in the config. */
  readonly inactive: boolean;
  /** Gone from `config.json`: Claude Code removes a teammate once it approved shutdown. */
  readonly departed: boolean;
  /** The newest message the member sent, wherever it went. */
  readonly lastSent: InboxMessage | undefined;
  /** When it joined (epoch ms, NaN when unknown). */
  readonly joinedAt: number;
  /** Every handshake of the team. */
  readonly pairings: readonly Pairing[];
}

export interface StatusResult {
  readonly status: MemberStatus;
  /** Since when, epoch ms; NaN when the files do not say. */
  readonly since: number;
}

const timeOf = (message: InboxMessage | null | undefined): number => message?.time ?? Number.NaN;

const IDLE_REASONS: Readonly<Record<string, MemberStatus>> = { interrupted: 'interrupted', failed: 'failed' };

/**
 * In order: the lead; shut down (approved its newest shutdown request, or marked
 * inactive, or gone from the roster); stopping (its newest shutdown request is
 * open); waiting (it asked for a permission, plan approval or sandbox access that
 * is not answered); idle / interrupted / failed (its newest message is an idle
 * notification, by reason); working otherwise.
 */
export function memberStatus(evidence: StatusEvidence): StatusResult {
  const { lastSent } = evidence;
  if (evidence.isLead) return { status: 'lead', since: evidence.joinedAt };

  const shutdowns = evidence.pairings
    .filter((pairing) => pairing.kind === 'shutdown' && pairing.to === evidence.name)
    .sort((a, b) => timeOf(a.request ?? a.response) - timeOf(b.request ?? b.response));
  const newest = shutdowns[shutdowns.length - 1];
  if (newest?.response && !(newest.response.data && verdictOf(newest.response.data) === false)) {
    return { status: 'shut down', since: timeOf(newest.response) };
  }
  if (evidence.inactive || evidence.departed) return { status: 'shut down', since: timeOf(lastSent) };
  if (newest && !newest.response) return { status: 'stopping', since: timeOf(newest.request) };

  const waits = evidence.pairings.filter((pairing) => pairing.kind !== 'shutdown' && pairing.from === evidence.name && !pairing.response);
  if (waits.length > 0) return { status: 'waiting', since: Math.min(...waits.map((pairing) => timeOf(pairing.request))) };

  if (lastSent?.kind === 'idle_notification') {
    const reason = lastSent.data?.['idleReason'];
    return { status: (typeof reason === 'string' && IDLE_REASONS[reason]) || 'idle', since: lastSent.time };
  }
  return { status: 'working', since: lastSent ? lastSent.time : evidence.joinedAt };
}

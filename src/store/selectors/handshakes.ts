/**
 * A team's handshakes judged as of a moment: open, stalled, answered,
 * abandoned.
 */
import { idleOf } from '../../domain/diagnoses/idle.js';
import { isStalled, judgeHandshake, orderHandshakes, type Handshake } from '../../domain/handshakes.js';
import type { AppState, TeamState } from '../state.js';
import { memoize } from './memo.js';
import { selectMembers } from './members.js';
import { selectPairings } from './pairings.js';
import { selectTeams } from './teams.js';

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

export interface StalledCounts {
  readonly byTeam: ReadonlyMap<string, number>;
  readonly total: number;
}

/**
 * Stalled handshakes of every team as of `now`, and in all: what the header
 * warns of. Not those of a team nobody runs any more (idle.ts): nothing is
 * waiting on them now, and its diagnoses say so.
 */
export function selectStalledCounts(state: AppState, now: number, stallAfterMs: number): StalledCounts {
  const byTeam = new Map<string, number>();
  let total = 0;
  for (const team of selectTeams(state.teams)) {
    const count = idleOf(team.lastActivity, now) ? 0 : selectStalledCount(team, now, stallAfterMs);
    byTeam.set(team.name, count);
    total += count;
  }
  return { byTeam, total };
}

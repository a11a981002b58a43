/**
 * A team's handshakes judged as of a moment: open, stalled, answered,
 * abandoned.
 */
import { idleOf } from '../../domain/diagnoses/idle.js';
import { isStalled, judgeHandshake, orderHandshakes, type Handshake, type Pairing } from '../../domain/handshakes.js';
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

/** A team's pairings still open (no answer yet): the only ones the clock can change. */
const openPairings = memoize((pairings: Pairing[]): readonly Pairing[] => pairings.filter((pairing) => pairing.response === null));

/**
 * An answered handshake's judgement does not change with the clock: it is
 * judged once, and a long run's thousands of answered ones cost nothing per
 * frame. (Its `ageSeconds` is then as of that judgement: `--json` works out
 * its own.)
 */
const answered = new WeakMap<Pairing, Handshake>();

/**
 * By its first answer too: pairing again after a change makes new pairings of
 * the same messages, and the incidents judge a team at every change.
 */
const answeredBy = new WeakMap<object, Handshake>();

const sameMessages = (a: Pairing, b: Pairing): boolean =>
  a.request === b.request && a.responses.length === b.responses.length && a.responses.every((message, i) => message === b.responses[i]);

function judged(pairing: Pairing, now: number, stallAfterMs: number, gone: ReadonlySet<string>): Handshake {
  if (pairing.response === null) return judgeHandshake(pairing, now, stallAfterMs, gone);
  let handshake = answered.get(pairing);
  if (handshake) return handshake;
  const known = answeredBy.get(pairing.response);
  handshake = known && sameMessages(known, pairing) ? known : judgeHandshake(pairing, now, stallAfterMs, gone);
  answered.set(pairing, handshake);
  answeredBy.set(pairing.response, handshake);
  return handshake;
}

/** Every handshake of the team judged as of `now`, in the order of its pairings. */
export function selectJudgedHandshakes(team: TeamState, now: number, stallAfterMs: number, gone = selectGone(team)): Handshake[] {
  return selectPairings(team.inboxes).map((pairing) => judged(pairing, now, stallAfterMs, gone));
}

/** The answered handshakes, newest first: ordered once per change of the pairings. */
const answeredInOrder = memoize((pairings: Pairing[]): readonly Handshake[] =>
  orderHandshakes(pairings.filter((pairing) => pairing.response !== null).map((pairing) => judged(pairing, 0, 0, new Set()))),
);

/** The team's handshakes as of `now`: open ones first, stalled after `stallAfterMs`, abandoned ones last. */
export function selectHandshakes(team: TeamState, now: number, stallAfterMs: number): Handshake[] {
  const gone = selectGone(team);
  const pairings = selectPairings(team.inboxes);
  const open = orderHandshakes(openPairings(pairings).map((pairing) => judged(pairing, now, stallAfterMs, gone)));
  const abandoned = open.findIndex((handshake) => handshake.state === 'abandoned');
  const closed = answeredInOrder(pairings);
  if (abandoned < 0) return open.concat(closed);
  return open.slice(0, abandoned).concat(closed, open.slice(abandoned));
}

/** How many of the team's handshakes are stalled as of `now` (abandoned ones are not). */
export function selectStalledCount(team: TeamState, now: number, stallAfterMs: number): number {
  const gone = selectGone(team);
  return openPairings(selectPairings(team.inboxes)).reduce(
    (sum, pairing) => (isStalled(pairing, now, stallAfterMs, gone) ? sum + 1 : sum),
    0,
  );
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

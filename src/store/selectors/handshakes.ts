/**
 * A team's handshakes judged as of a moment: open, stalled, answered,
 * abandoned. Only the open ones can change with the clock: a long run's
 * thousands of answered ones are judged once, kept in one list per version of
 * the pairings, and never walked again on a frame.
 */
import { idleOf } from '../../domain/diagnoses/idle.js';
import { isOpen, isStalled, judgeHandshake, orderHandshakes, type Handshake, type Pairing } from '../../domain/handshakes.js';
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

const NOBODY: ReadonlySet<string> = new Set();

/**
 * An answered handshake's judgement does not change with the clock: it is
 * judged once. (Its `ageSeconds` is then not an age: `--json` works out its own.)
 */
const answeredOnce = new WeakMap<Pairing, Handshake>();

/**
 * By its first answer too: pairing again after a change makes new pairings of
 * the same messages, and the incidents judge a team at every change.
 */
const answeredBy = new WeakMap<object, Handshake>();

const sameMessages = (a: Pairing, b: Pairing): boolean =>
  a.request === b.request && a.responses.length === b.responses.length && a.responses.every((message, i) => message === b.responses[i]);

const judgedAnswer = (pairing: Pairing): Handshake => {
  let handshake = answeredOnce.get(pairing);
  if (handshake) return handshake;
  const known = pairing.response === null ? undefined : answeredBy.get(pairing.response);
  handshake = known && sameMessages(known, pairing) ? known : judgeHandshake(pairing, 0, 0, NOBODY);
  answeredOnce.set(pairing, handshake);
  if (pairing.response !== null) answeredBy.set(pairing.response, handshake);
  return handshake;
};

/** An open handshake as last judged: the same object while its state and age are the same. */
const openLast = new WeakMap<Pairing, Handshake>();

/** An open pairing judged as of `now`. */
function judgedOpen(pairing: Pairing, now: number, stallAfterMs: number, gone: ReadonlySet<string>): Handshake {
  const judged = judgeHandshake(pairing, now, stallAfterMs, gone);
  const last = openLast.get(pairing);
  if (last && last.state === judged.state && last.ageSeconds === judged.ageSeconds) return last;
  openLast.set(pairing, judged);
  return judged;
}

/** The team's answered handshakes, judged once, in the order of its pairings: the same list while the pairings stand. */
export const selectAnswered = memoize((pairings: Pairing[]): readonly Handshake[] =>
  pairings.filter((pairing) => pairing.response !== null).map(judgedAnswer),
);

/** The team's handshakes with no answer yet (open or abandoned) judged as of `now`, in the order of its pairings. */
export function selectUnanswered(team: TeamState, now: number, stallAfterMs: number, gone = selectGone(team)): Handshake[] {
  return openPairings(selectPairings(team.inboxes)).map((pairing) => judgedOpen(pairing, now, stallAfterMs, gone));
}

/** What a list of handshakes holds, counted as it was made. */
export interface HandshakeTally {
  /** Pending or stalled. */
  readonly open: number;
  readonly stalled: number;
  readonly abandoned: number;
  readonly contradicting: number;
  /** Those whose age is on screen and moves: the open ones and the abandoned ones. */
  readonly clocked: readonly Handshake[];
}

const tallies = new WeakMap<readonly Handshake[], HandshakeTally>();

const count = (handshakes: readonly Handshake[], test: (handshake: Handshake) => boolean): number =>
  handshakes.reduce((sum, handshake) => (test(handshake) ? sum + 1 : sum), 0);

function tallyOf(clocked: readonly Handshake[], contradicting: number): HandshakeTally {
  return {
    open: count(clocked, isOpen),
    stalled: count(clocked, (handshake) => handshake.state === 'stalled'),
    abandoned: count(clocked, (handshake) => handshake.state === 'abandoned'),
    contradicting,
    clocked,
  };
}

/**
 * The tally of a list `selectHandshakes` made, kept with it: a frame asks for
 * its counts without walking the answered ones. Another list is counted.
 */
export function handshakeTally(handshakes: readonly Handshake[]): HandshakeTally {
  let tally = tallies.get(handshakes);
  if (!tally) {
    tally = tallyOf(
      handshakes.filter((handshake) => handshake.response === null),
      count(handshakes, (handshake) => handshake.contradicting),
    );
    tallies.set(handshakes, tally);
  }
  return tally;
}

/** The answered handshakes, newest first, and how many contradict: once per version of the pairings. */
const answeredInOrder = memoize((pairings: Pairing[]) => {
  const closed = orderHandshakes(selectAnswered(pairings));
  return { closed, contradicting: count(closed, (handshake) => handshake.contradicting) };
});

/** The last list made from a version of the pairings, and the open ones it was made with. */
const lastList = new WeakMap<Pairing[], { readonly open: readonly Handshake[]; readonly list: Handshake[] }>();

/**
 * The team's handshakes as of `now`: open ones first, stalled after
 * `stallAfterMs`, abandoned ones last. The same list comes back while no open
 * one changed its state or its age, so what is drawn from it is not drawn again.
 */
export function selectHandshakes(team: TeamState, now: number, stallAfterMs: number): Handshake[] {
  const pairings = selectPairings(team.inboxes);
  const open = orderHandshakes(selectUnanswered(team, now, stallAfterMs));
  const last = lastList.get(pairings);
  if (last && last.open.length === open.length && last.open.every((handshake, i) => handshake === open[i])) return last.list;
  const { closed, contradicting } = answeredInOrder(pairings);
  const abandoned = open.findIndex((handshake) => handshake.state === 'abandoned');
  const list = abandoned < 0 ? open.concat(closed) : open.slice(0, abandoned).concat(closed, open.slice(abandoned));
  tallies.set(list, tallyOf(open, contradicting));
  lastList.set(pairings, { open, list });
  return list;
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

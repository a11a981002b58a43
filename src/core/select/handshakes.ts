import { DEFAULT_THRESHOLDS, stallsAt, type Thresholds } from '../model/settings.js';
import { judgeHandshake, openState, orderHandshakes, type Handshake, type Pairing } from '../model/handshakes.js';
import type { Facts, TeamState } from '../facts/index.js';
import { memoize } from './memo.js';
import { selectMembers } from './members.js';
import { selectPairings } from './pairings.js';
import { selectTeams } from './teams.js';
import { idleOf } from '../model/idle.js';

/** Members who will never answer or wait again: shut down, or gone from the roster. */
export const selectGone = memoize((team: TeamState): ReadonlySet<string> => {
  const gone = new Set<string>();
  for (const member of selectMembers(team)) if (member.departed || member.status === 'shut down') gone.add(member.name);
  return gone;
});

const openPairings = memoize((pairings: Pairing[]): readonly Pairing[] => pairings.filter((pairing) => pairing.response === null));

const NOBODY: ReadonlySet<string> = new Set();

/** An answered handshake's state does not change with the clock: it is worked out once. */
const answeredOnce = new WeakMap<Pairing, Handshake>();

/** Also keyed by its first answer: pairing again after a change makes new Pairing objects for the same messages. */
const answeredBy = new WeakMap<object, Handshake>();

const sameMessages = (a: Pairing, b: Pairing): boolean =>
  a.request === b.request && a.responses.length === b.responses.length && a.responses.every((message, i) => message === b.responses[i]);

const judgedAnswer = (pairing: Pairing): Handshake => {
  let handshake = answeredOnce.get(pairing);
  if (handshake) return handshake;
  const known = pairing.response === null ? undefined : answeredBy.get(pairing.response);
  handshake = known && sameMessages(known, pairing) ? known : judgeHandshake(pairing, 0, DEFAULT_THRESHOLDS, NOBODY);
  answeredOnce.set(pairing, handshake);
  if (pairing.response !== null) answeredBy.set(pairing.response, handshake);
  return handshake;
};

const openLast = new WeakMap<Pairing, Handshake>();

/** The moment an open handshake stalls (+∞: it never does by the clock). */
const stallsAtOf = (handshake: Handshake, thresholds: Thresholds): number =>
  handshake.agedFrom === null ? Number.POSITIVE_INFINITY : stallsAt(handshake.agedFrom, thresholds);

function judgedOpen(pairing: Pairing, now: number, thresholds: Thresholds, gone: ReadonlySet<string>): Handshake {
  const last = openLast.get(pairing);
  if (last && last.state === openState(pairing, now, thresholds, gone)) return last;
  const judged = judgeHandshake(pairing, now, thresholds, gone);
  openLast.set(pairing, judged);
  return judged;
}

interface OpenJudgement {
  readonly thresholds: Thresholds;
  readonly gone: ReadonlySet<string>;
  readonly at: number;
  /** When the next pending one stalls: until then, with no file changed, the list stands. */
  readonly until: number;
  readonly list: Handshake[];
  /** Where the pending ones are in the list, the soonest to stall first: the only ones the clock can change. */
  readonly pending: readonly number[];
}

const openJudged = new WeakMap<readonly Pairing[], OpenJudgement>();

export const selectAnswered = memoize((pairings: Pairing[]): readonly Handshake[] =>
  pairings.filter((pairing) => pairing.response !== null).map(judgedAnswer),
);

/** The positions of a list's pending handshakes, the soonest to stall first. */
function pendingIn(list: readonly Handshake[], positions: Iterable<number>, thresholds: Thresholds): number[] {
  const pending: number[] = [];
  for (const i of positions) if (list[i]!.state === 'pending') pending.push(i);
  return pending.sort((a, b) => stallsAtOf(list[a]!, thresholds) - stallsAtOf(list[b]!, thresholds) || a - b);
}

/** The judgement of `open` as of `now` from one as of an earlier `now` by the same rules: only the pending ones due are judged again. */
function onward(open: readonly Pairing[], last: OpenJudgement, now: number): OpenJudgement {
  const { thresholds, gone } = last;
  const due = last.pending.findIndex((i) => stallsAtOf(last.list[i]!, thresholds) > now);
  const judged = due < 0 ? last.pending : last.pending.slice(0, due);
  let list = last.list;
  for (const i of judged) {
    const handshake = judgedOpen(open[i]!, now, thresholds, gone);
    if (handshake !== list[i]) (list === last.list ? (list = list.slice()) : list)[i] = handshake;
  }
  const pending = due < 0 ? [] : last.pending.slice(due);
  const still = pendingIn(list, judged, thresholds);
  const next = still.length === 0 ? pending : pendingIn(list, pending.concat(still), thresholds);
  const until = next.length === 0 ? Number.POSITIVE_INFINITY : stallsAtOf(list[next[0]!]!, thresholds);
  // Those judged again were pending: each now stalled is one more (the clock abandons none).
  const stalled = stalledOf.get(last.list);
  const more = judged.filter((i) => isStalled(list[i]!)).length;
  if (list !== last.list && stalled !== undefined) stalledOf.set(list, stalled + more);
  return { thresholds, gone, at: now, until, list, pending: next };
}

/** The unanswered handshakes as of `now`: the same list, not walked, until one stalls; a clock stepped back works all out again. */
export function selectUnanswered(team: TeamState, now: number, thresholds: Thresholds, gone = selectGone(team)): Handshake[] {
  const open = openPairings(selectPairings(team.inboxes));
  const last = openJudged.get(open);
  const same = last !== undefined && last.thresholds === thresholds && last.gone === gone && last.at <= now;
  if (same && now < last.until) return last.list;
  let judgement: OpenJudgement;
  if (same) judgement = onward(open, last, now);
  else {
    const made = open.map((pairing) => judgedOpen(pairing, now, thresholds, gone));
    const list = last?.list.length === made.length && last.list.every((handshake, i) => handshake === made[i]) ? last.list : made;
    const pending = pendingIn(list, list.keys(), thresholds);
    const until = pending.length === 0 ? Number.POSITIVE_INFINITY : stallsAtOf(list[pending[0]!]!, thresholds);
    judgement = { thresholds, gone, at: now, until, list, pending };
  }
  openJudged.set(open, judgement);
  return judgement.list;
}

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
  let open = 0;
  let stalled = 0;
  let abandoned = 0;
  for (const { state } of clocked) {
    if (state === 'abandoned') abandoned++;
    else if (state === 'pending' || state === 'stalled') open++;
    if (state === 'stalled') stalled++;
  }
  return { open, stalled, abandoned, contradicting, clocked };
}

/** The counts of a list `selectHandshakes` made, kept with it so a frame need not walk the answered ones. */
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

const answeredInOrder = memoize((pairings: Pairing[]) => {
  const closed = orderHandshakes(selectAnswered(pairings));
  return { closed, contradicting: count(closed, (handshake) => handshake.contradicting) };
});

const lastList = new WeakMap<Pairing[], { readonly open: readonly Handshake[]; readonly list: Handshake[] }>();

/** Positions of the unanswered ones in display order: the clock only turns pending to stalled, which keeps the order. */
const unansweredOrder = new WeakMap<readonly Pairing[], { readonly gone: ReadonlySet<string>; readonly order: readonly number[] }>();

function inOrder(team: TeamState, unanswered: readonly Handshake[], gone: ReadonlySet<string>): Handshake[] {
  const open = openPairings(selectPairings(team.inboxes));
  let known = unansweredOrder.get(open);
  if (known?.gone !== gone) {
    const position = new Map(unanswered.map((handshake, i) => [handshake, i]));
    known = { gone, order: orderHandshakes(unanswered).map((handshake) => position.get(handshake)!) };
    unansweredOrder.set(open, known);
  }
  return known.order.map((i) => unanswered[i]!);
}

/** The team's handshakes as of `now`: open, answered, then abandoned; the same list while no open one changed its state. */
export function selectHandshakes(team: TeamState, now: number, thresholds: Thresholds): Handshake[] {
  const pairings = selectPairings(team.inboxes);
  const gone = selectGone(team);
  const unanswered = selectUnanswered(team, now, thresholds, gone);
  const last = lastList.get(pairings);
  if (last?.open === unanswered) return last.list;
  const open = inOrder(team, unanswered, gone);
  const { closed, contradicting } = answeredInOrder(pairings);
  const abandoned = open.findIndex((handshake) => handshake.state === 'abandoned');
  const list = abandoned < 0 ? open.concat(closed) : open.slice(0, abandoned).concat(closed, open.slice(abandoned));
  tallies.set(list, tallyOf(open, contradicting));
  lastList.set(pairings, { open: unanswered, list });
  return list;
}

/** The instants the open handshakes of a list stall at, soonest first: worked out once per list, not walked on every frame. */
const stallInstants = new WeakMap<readonly Handshake[], { readonly thresholds: Thresholds; readonly at: Float64Array }>();

/** When the next of `handshakes`' open ones stalls after `now` (+∞: none will): a count, a state and a diagnosis change then. */
export function nextStallAt(handshakes: readonly Handshake[], thresholds: Thresholds, now: number): number {
  const { clocked } = handshakeTally(handshakes);
  let known = stallInstants.get(clocked);
  if (known?.thresholds !== thresholds) {
    const instants: number[] = [];
    for (const handshake of clocked)
      if ((handshake.state === 'pending' || handshake.state === 'stalled') && handshake.agedFrom !== null)
        instants.push(stallsAt(handshake.agedFrom, thresholds));
    known = { thresholds, at: Float64Array.from(instants).sort() };
    stallInstants.set(clocked, known);
  }
  // The first instant after now.
  let low = 0;
  let high = known.at.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (known.at[middle]! <= now) low = middle + 1;
    else high = middle;
  }
  return low < known.at.length ? known.at[low]! : Number.POSITIVE_INFINITY;
}

const isStalled = (handshake: Handshake): boolean => handshake.state === 'stalled';

/** How many of a list of unanswered ones are stalled: counted once, then kept from list to list as the clock moves (onward). */
const stalledOf = new WeakMap<readonly Handshake[], number>();

function stalledIn(unanswered: readonly Handshake[]): number {
  let stalled = stalledOf.get(unanswered);
  if (stalled === undefined) stalledOf.set(unanswered, (stalled = count(unanswered, isStalled)));
  return stalled;
}

/** How many of the team's handshakes are stalled as of `now` (abandoned ones are not). */
export const selectStalledCount = (team: TeamState, now: number, thresholds: Thresholds): number =>
  stalledIn(selectUnanswered(team, now, thresholds));

export interface StalledCounts {
  readonly byTeam: ReadonlyMap<string, number>;
  readonly total: number;
}

/** Stalled handshakes per team and in all, for the header; a team nobody runs any more counts none (its diagnoses say why). */
export function selectStalledCounts(state: Facts, now: number, thresholds: Thresholds): StalledCounts {
  const byTeam = new Map<string, number>();
  let total = 0;
  for (const team of selectTeams(state.teams)) {
    const count = idleOf(team.lastActivity, now) ? 0 : selectStalledCount(team, now, thresholds);
    byTeam.set(team.name, count);
    total += count;
  }
  return { byTeam, total };
}

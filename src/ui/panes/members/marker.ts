import { ageSecondsAt, isOpen, type Handshake } from '../../../core/model/handshakes.js';
import { formatAge } from '../../../core/model/time.js';
import { handshakeTally } from '../../../core/select/handshakes.js';
import { memoize } from '../../../core/select/memo.js';
import { fit } from '../../../core/text/fit.js';

/** `⇢ waits on team-lead 3m30s ⇠ owes worker 40s`: the member's open handshakes, and whether one of them stalled. */
export interface HandshakeMarker {
  readonly text: string;
  readonly stalled: boolean;
  /** Since when the oldest it waits on and the oldest it owes have been open (NaN: none): the ages the text shows. */
  readonly waitingSince: number;
  readonly owesSince: number;
}

/** A member's open handshakes on one side: how many, with whom when one, and the oldest. */
interface OpenSide {
  count: number;
  readonly other: string;
  oldest: Handshake;
}

interface OpenOf {
  waitingOn?: OpenSide;
  owes?: OpenSide;
  stalled: boolean;
}

const since = (handshake: Handshake): number => handshake.requestedAt ?? handshake.respondedAt ?? Number.POSITIVE_INFINITY;

function add(side: OpenSide | undefined, handshake: Handshake, other: string): OpenSide {
  if (!side) return { count: 1, other, oldest: handshake };
  side.count++;
  if (since(handshake) < since(side.oldest)) side.oldest = handshake;
  return side;
}

/** Each member's open handshakes, found once per list (which stands while no open one changes; a long run has thousands). */
const openByMember = memoize((handshakes: readonly Handshake[]): ReadonlyMap<string, Readonly<OpenOf>> => {
  const byMember = new Map<string, OpenOf>();
  const entry = (name: string): OpenOf => {
    let open = byMember.get(name);
    if (!open) byMember.set(name, (open = { stalled: false }));
    return open;
  };
  for (const handshake of handshakeTally(handshakes).clocked) {
    if (!isOpen(handshake)) continue;
    const stalled = handshake.state === 'stalled';
    const from = entry(handshake.from);
    from.waitingOn = add(from.waitingOn, handshake, handshake.to);
    from.stalled ||= stalled;
    const to = entry(handshake.to);
    to.owes = add(to.owes, handshake, handshake.from);
    to.stalled ||= stalled;
  }
  return byMember;
});

const sinceOf = (side: OpenSide | undefined): number => {
  const since = side ? (side.oldest.requestedAt ?? side.oldest.respondedAt) : null;
  return since ?? Number.NaN;
};

function markerFor(arrow: string, verb: string, side: OpenSide | undefined, now: number): string {
  if (!side) return '';
  const whom = side.count === 1 ? side.other : `${side.count}`;
  return `${arrow} ${verb} ${fit(whom, 24)} ${formatAge(ageSecondsAt(side.oldest, now) * 1000)}`;
}

export function markerOf(member: string, handshakes: readonly Handshake[], now: number): HandshakeMarker | null {
  const open = openByMember(handshakes).get(member);
  if (!open) return null;
  const text = [markerFor('⇢', 'waits on', open.waitingOn, now), markerFor('⇠', 'owes', open.owes, now)].filter(Boolean).join(' ');
  return { text, stalled: open.stalled, waitingSince: sinceOf(open.waitingOn), owesSince: sinceOf(open.owes) };
}

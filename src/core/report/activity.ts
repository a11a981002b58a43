/**
 * When a teammate worked and idled, from its mail (`isActive` flips only for tmux teammates): it works from joining and from any
 * message it sends or takes, idles from each `idle_notification` (2.1.330 sends one per turn), and stops when it leaves the roster.
 * The lead writes no idle notices: it has no activity.
 */
import type { InboxMessage } from '../model/inbox.js';
import type { RosterStay } from '../model/roster.js';

export type Activity = 'working' | 'idle';

export interface ActivitySpan {
  readonly state: Activity;
  /** Epoch ms on the files' clock. */
  readonly from: number;
  readonly to: number;
}

/** A change of what the member does, at an instant. */
interface Turn {
  readonly at: number;
  readonly state: Activity;
}

/** When a message was taken, on the files' clock: seen going, else (taken some time) its stamp; NaN when it never was. */
export const takenAt = (message: InboxMessage, seenGoing: number): number =>
  Number.isFinite(seenGoing) ? seenGoing : message.read || message.delivered ? message.time : Number.NaN;

interface ActivityInput {
  /** Its stays, on the files' clock (a NaN `leftAt`: still on the roster at `end`). */
  readonly stays: readonly RosterStay[];
  readonly sent: readonly InboxMessage[];
  /** When it took each message it took (on the files' clock). */
  readonly took: readonly number[];
  /** The end of the run, or the report's instant while it runs. */
  readonly end: number;
}

function turnsOf({ sent, took }: ActivityInput): Turn[] {
  const turns: Turn[] = [];
  for (const message of sent) {
    if (Number.isFinite(message.time)) turns.push({ at: message.time, state: message.kind === 'idle_notification' ? 'idle' : 'working' });
  }
  for (const at of took) if (Number.isFinite(at)) turns.push({ at, state: 'working' });
  // At the same instant a message sent comes before the idle notice that ends its turn.
  return turns.sort((a, b) => a.at - b.at || (a.state === b.state ? 0 : a.state === 'working' ? -1 : 1));
}

/** Its working and idle spans, oldest first. */
export function activitySpans(input: ActivityInput): ActivitySpan[] {
  const turns = turnsOf(input);
  const spans: ActivitySpan[] = [];
  for (const stay of input.stays) {
    const to = Number.isFinite(stay.leftAt) ? stay.leftAt : input.end;
    const inStay = turns.filter((turn) => turn.at < to && !(turn.at < stay.joinedAt));
    const from = Number.isFinite(stay.joinedAt) ? stay.joinedAt : inStay[0]?.at;
    if (from === undefined || !(from < to)) continue;
    let open: Turn = { at: from, state: 'working' };
    for (const turn of inStay) {
      if (turn.state === open.state) continue;
      if (turn.at > open.at) spans.push({ state: open.state, from: open.at, to: turn.at });
      open = turn.at > open.at ? turn : { at: open.at, state: turn.state };
    }
    spans.push({ state: open.state, from: open.at, to });
  }
  return spans;
}

/** How long the spans spent in `state` (ms). */
export const timeIn = (spans: readonly ActivitySpan[], state: Activity): number =>
  spans.reduce((sum, span) => (span.state === state ? sum + (span.to - span.from) : sum), 0);

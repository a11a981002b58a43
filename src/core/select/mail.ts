import { byTime, cameAt, isUnread, type InboxMessage } from '../model/inbox.js';
import type { TeamState, InboxHistory } from '../facts/index.js';
import TinyQueue from 'tinyqueue';
import { memoize, memoizeGrowing } from './memo.js';

export interface MailWaits {
  /** The median wait and the longest, in ms. */
  readonly typicalMs: number;
  readonly maxMs: number;
  readonly count: number;
}

/**
 * Not taken yet (isUnread), oldest first: those the file holds, and, while the owner's transcript is read, those
 * that left it and wait for its model. Costs what the file holds and what waits, not the history.
 */
export const selectWaiting = memoize((inbox: InboxHistory): readonly InboxMessage[] => {
  const { untakenAt } = inbox.taking;
  const positions = untakenAt.length === 0 ? inbox.presentAt : [...inbox.presentAt, ...untakenAt].sort((x, y) => x - y);
  return positions.map((position) => inbox.messages[position]!).filter(isUnread);
});

/** Messages not taken yet: waiting in the file unread, or gone from it and not yet taken by the owner's model. */
export const selectUnread = memoize((inbox: InboxHistory): number => selectWaiting(inbox).length);

/** Since when the oldest unread message of an inbox waits; NaN when none does. */
export const selectWaitingSince = memoize((inbox: InboxHistory): number => {
  const oldest = selectWaiting(inbox).find((message) => Number.isFinite(cameAt(message)));
  return oldest ? cameAt(oldest) : Number.NaN;
});

function waitOf(message: InboxMessage): number | undefined {
  if (!message.delivered || !Number.isFinite(message.deliveredAt)) return undefined;
  const came = cameAt(message);
  return Number.isFinite(came) ? Math.max(0, message.deliveredAt - came) : undefined;
}

/** Waits as two heaps around the median (a delivery adds one in log time), shared by a history's versions as it grows. */
interface WaitHeaps {
  readonly lower: TinyQueue<number>;
  readonly upper: TinyQueue<number>;
  /** The figures the heaps stand at: a version that is not the newest starts over. */
  at: MailWaits | null;
}

interface Waits {
  readonly figures: MailWaits | null;
  readonly heaps: WaitHeaps;
}

function addWait(heaps: WaitHeaps, wait: number): void {
  if (heaps.lower.length === 0 || wait <= heaps.lower.peek()!) heaps.lower.push(wait);
  else heaps.upper.push(wait);
  // The lower half holds the middle one, or one of the middle two.
  if (heaps.lower.length > heaps.upper.length + 1) heaps.upper.push(heaps.lower.pop()!);
  else if (heaps.upper.length > heaps.lower.length) heaps.lower.push(heaps.upper.pop()!);
}

function figuresOf(heaps: WaitHeaps, maxMs: number): MailWaits | null {
  const count = heaps.lower.length + heaps.upper.length;
  if (count === 0) return null;
  const typicalMs = count % 2 === 1 ? heaps.lower.peek()! : (heaps.lower.peek()! + heaps.upper.peek()!) / 2;
  return { typicalMs, maxMs, count };
}

const waitsOf = memoizeGrowing(
  (messages, start, base: Waits | undefined): Waits => {
    const heaps: WaitHeaps =
      base && base.heaps.at === base.figures
        ? base.heaps
        : { lower: new TinyQueue<number>([], (a, b) => b - a), upper: new TinyQueue<number>(), at: null };
    let from = start;
    let maxMs = base?.figures?.maxMs ?? Number.NEGATIVE_INFINITY;
    if (heaps !== base?.heaps) {
      from = 0;
      maxMs = Number.NEGATIVE_INFINITY;
    }
    let added = false;
    for (let i = from; i < messages.length; i++) {
      const wait = waitOf(messages[i]!);
      if (wait === undefined) continue;
      addWait(heaps, wait);
      maxMs = Math.max(maxMs, wait);
      added = true;
    }
    if (base && heaps === base.heaps && !added) return base;
    heaps.at = figuresOf(heaps, maxMs);
    return { figures: heaps.at, heaps };
  },
  (base, before, after) => {
    // A message seen going adds its wait; one that came back, or changed once gone, is counted again from the start.
    if (waitOf(before) !== undefined || base.heaps.at !== base.figures) return undefined;
    const wait = waitOf(after);
    if (wait === undefined) return base;
    addWait(base.heaps, wait);
    const figures = figuresOf(base.heaps, Math.max(base.figures?.maxMs ?? Number.NEGATIVE_INFINITY, wait));
    base.heaps.at = figures;
    return { figures, heaps: base.heaps };
  },
);

/** How long an inbox's delivered messages waited; a delivery nobody saw (teamtop was not running) is not measured. */
export const selectWaits = (inbox: InboxHistory): MailWaits | null => waitsOf(inbox).figures;

const lastSentIn = memoizeGrowing(
  (messages, start, base: ReadonlyMap<string, InboxMessage> | undefined): ReadonlyMap<string, InboxMessage> => {
    if (base && start === messages.length) return base;
    const last = new Map(base);
    for (let i = start; i < messages.length; i++) last.set(messages[i]!.from, messages[i]!);
    return last;
  },
  // The same message, delivered or read: still the newest its sender sent.
  (base, before, after) => (base.get(before.from) === before ? new Map(base).set(after.from, after) : base),
);

/** The newest message each member sent, wherever it went. Work per change: the inbox that changed. */
export const selectLastSent = memoize((inboxes: TeamState['inboxes']): Map<string, InboxMessage> => {
  const last = new Map<string, InboxMessage>();
  for (const inbox of inboxes.values()) {
    for (const [from, message] of lastSentIn(inbox)) {
      const known = last.get(from);
      if (!known || byTime(known, message) <= 0) last.set(from, message);
    }
  }
  return last;
});

/**
 * An inbox's mail as it waits: how much is unread, since when, how long
 * delivered mail sat, and what each sender sent last. Each folds only the
 * messages an inbox added since the version before.
 */
import { byTime, type InboxMessage } from '../../domain/inbox.js';
import type { TeamState } from '../state.js';
import { memoize, memoizeGrowing } from './memo.js';

/** How long messages sat in an inbox, from when they came to when they were seen leaving it. */
export interface MailWaits {
  /** The median wait and the longest, in ms. */
  readonly typicalMs: number;
  readonly maxMs: number;
  /** Messages measured. */
  readonly count: number;
}

/** Messages waiting in the file, not read yet. */
export const selectUnread = memoizeGrowing((messages, start, base: number | undefined): number => {
  let count = base ?? 0;
  for (let i = start; i < messages.length; i++) if (!messages[i]!.read && !messages[i]!.delivered) count++;
  return count;
});

/** When a message came: when teamtop saw it arrive, else its timestamp (it was there before teamtop looked). */
const cameAt = (message: InboxMessage): number => (Number.isFinite(message.seenAt) ? message.seenAt : message.time);

/** Since when the oldest unread message of an inbox waits; NaN when none does. Growing adds only newer ones. */
export const selectWaitingSince = memoizeGrowing((messages, start, base: number | undefined): number => {
  if (base !== undefined && !Number.isNaN(base)) return base;
  for (let i = start; i < messages.length; i++) {
    const message = messages[i]!;
    if (!message.read && !message.delivered && Number.isFinite(cameAt(message))) return cameAt(message);
  }
  return Number.NaN;
});

/**
 * The waits of an inbox's delivered messages: from when teamtop saw one arrive
 * (else its timestamp: it was there before teamtop looked) to when teamtop saw
 * it go. A delivery nobody saw (the file changed while teamtop was not running)
 * is not measured.
 */
export const selectWaits = memoizeGrowing((messages, start, base: MailWaits | null | undefined): MailWaits | null => {
  // A history that only grew gained messages still in the file: nothing new was delivered.
  if (base !== undefined) return base;
  const waits: number[] = [];
  for (const message of messages) {
    if (!message.delivered || !Number.isFinite(message.deliveredAt)) continue;
    const came = cameAt(message);
    if (Number.isFinite(came)) waits.push(Math.max(0, message.deliveredAt - came));
  }
  if (waits.length === 0) return null;
  const sorted = Float64Array.from(waits).sort();
  const middle = sorted.length >> 1;
  const typicalMs = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { typicalMs, maxMs: sorted[sorted.length - 1]!, count: sorted.length };
});

/** The newest message each sender sent into one inbox. */
const lastSentIn = memoizeGrowing(
  (messages, start, base: ReadonlyMap<string, InboxMessage> | undefined): ReadonlyMap<string, InboxMessage> => {
    const last = new Map(base);
    for (let i = start; i < messages.length; i++) last.set(messages[i]!.from, messages[i]!);
    return last;
  },
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

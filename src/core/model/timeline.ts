/**
 * The team's conversation in one place: every message of every inbox in time
 * order. A broadcast is one entry with all its recipients.
 *
 * A writer stamps each copy of a broadcast as it writes it, one inbox after
 * another (teamtop's demo and Claude Code both do), so the copies' times
 * differ by a few milliseconds. Copies with the same sender and text, each to
 * a recipient the entry does not have yet, within `BROADCAST_WINDOW_MS` of the
 * first copy, are one broadcast. The same text to the same recipient again is
 * another message, however soon.
 */
import type { InboxMessage } from './inbox.js';

/** How far apart the copies of one broadcast may be stamped. */
export const BROADCAST_WINDOW_MS = 1000;

export interface TimelineEntry {
  /** The first copy seen; `recipients` lists every inbox it reached. */
  readonly message: InboxMessage;
  readonly recipients: readonly string[];
  /** Every copy, one per recipient. */
  readonly copies: readonly InboxMessage[];
}

interface OpenEntry {
  readonly message: InboxMessage;
  readonly recipients: string[];
  readonly copies: InboxMessage[];
}

/** Stamped close enough to the first copy; without a readable time, stamped the same. */
function sameBroadcast(first: InboxMessage, copy: InboxMessage): boolean {
  if (Number.isFinite(first.time) && Number.isFinite(copy.time)) return Math.abs(copy.time - first.time) <= BROADCAST_WINDOW_MS;
  return first.timestamp === copy.timestamp;
}

/** `messages` must be in time order (as selectTeamMessages gives them). */
export function buildTimeline(messages: readonly InboxMessage[]): TimelineEntry[] {
  const entries: OpenEntry[] = [];
  // The newest entry of each sender and text: the only one a copy may join.
  const newest = new Map<string, OpenEntry>();
  for (const message of messages) {
    const key = `${message.from}\u0000${message.body}`;
    const entry = newest.get(key);
    if (entry && !entry.recipients.includes(message.to) && sameBroadcast(entry.message, message)) {
      entry.recipients.push(message.to);
      entry.copies.push(message);
      continue;
    }
    const created = { message, recipients: [message.to], copies: [message] };
    entries.push(created);
    newest.set(key, created);
  }
  return entries;
}

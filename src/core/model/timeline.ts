/**
 * A writer stamps each copy of a broadcast as it writes it: copies with the same sender and text, each to a new
 * recipient, within BROADCAST_WINDOW_MS of the first are one entry. The same text to one recipient again is another.
 */
import type { InboxMessage } from './inbox.js';

export const BROADCAST_WINDOW_MS = 1000;

export interface TimelineEntry {
  readonly message: InboxMessage;
  readonly recipients: readonly string[];
  readonly copies: readonly InboxMessage[];
}

interface OpenEntry {
  readonly message: InboxMessage;
  readonly recipients: string[];
  readonly copies: InboxMessage[];
}

/** Without a readable time: stamped the same. */
function sameBroadcast(first: InboxMessage, copy: InboxMessage): boolean {
  if (Number.isFinite(first.time) && Number.isFinite(copy.time)) return Math.abs(copy.time - first.time) <= BROADCAST_WINDOW_MS;
  return first.timestamp === copy.timestamp;
}

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

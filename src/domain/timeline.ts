/**
 * The team's conversation in one place: every message of every inbox in time
 * order. A broadcast (the same text from one sender at the same time in several
 * inboxes) is one entry with all its recipients.
 */
import type { InboxMessage } from './inbox.js';

export interface TimelineEntry {
  /** The first copy seen; `recipients` lists every inbox it reached. */
  readonly message: InboxMessage;
  readonly recipients: readonly string[];
  /** Every copy, one per recipient. */
  readonly copies: readonly InboxMessage[];
}

/** `messages` must be in time order (as selectTeamMessages gives them). */
export function buildTimeline(messages: readonly InboxMessage[]): TimelineEntry[] {
  const entries: { message: InboxMessage; recipients: string[]; copies: InboxMessage[] }[] = [];
  const byContent = new Map<string, (typeof entries)[number]>();
  for (const message of messages) {
    const key = `${message.from}\u0000${message.timestamp}\u0000${message.body}`;
    const entry = byContent.get(key);
    if (entry && !entry.recipients.includes(message.to)) {
      entry.recipients.push(message.to);
      entry.copies.push(message);
      continue;
    }
    const created = { message, recipients: [message.to], copies: [message] };
    entries.push(created);
    byContent.set(key, created);
  }
  return entries;
}

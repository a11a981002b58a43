/**
 * An inbox's history: every message ever seen in the file, in time order. The
 * file itself forgets (newer Claude Code deletes a message ~100 ms after
 * delivering it); the history keeps it, marked `delivered`.
 */
import { byTime, type InboxMessage } from '../domain/inbox.js';

export interface InboxHistory {
  readonly member: string;
  /** Oldest first; equal times keep the order they were seen in. */
  readonly messages: readonly InboxMessage[];
  /** Message key → position in `messages`. */
  readonly index: ReadonlyMap<string, number>;
  /** How many messages the file itself holds now. */
  readonly present: number;
  /** Whether the inbox file exists. */
  readonly exists: boolean;
}

export function emptyInbox(member: string): InboxHistory {
  return { member, messages: [], index: new Map(), present: 0, exists: false };
}

const delivered = (message: InboxMessage): InboxMessage =>
  message.delivered ? message : { ...message, delivered: true };

function indexOf(messages: readonly InboxMessage[]): Map<string, number> {
  return new Map(messages.map((message, position) => [message.key, position]));
}

/**
 * Apply what the file holds now. Work is proportional to the file, and nothing
 * is copied when nothing changed (the same object comes back).
 */
export function applyInboxFile(history: InboxHistory, current: readonly InboxMessage[]): InboxHistory {
  let messages: InboxMessage[] | undefined;
  const write = (): InboxMessage[] => (messages ??= [...history.messages]);
  const appended: InboxMessage[] = [];
  const seen = new Set<string>();
  let matchedPresent = 0;

  for (const message of current) {
    if (seen.has(message.key)) continue;
    seen.add(message.key);
    const position = history.index.get(message.key);
    if (position === undefined) {
      appended.push(message);
      continue;
    }
    const previous = history.messages[position]!;
    if (!previous.delivered) matchedPresent++;
    if (previous !== message) write()[position] = message;
  }

  // Messages the file no longer holds: only look for them when some are missing.
  if (matchedPresent < history.present) {
    history.messages.forEach((message, position) => {
      if (!message.delivered && !seen.has(message.key)) write()[position] = delivered(message);
    });
  }

  let index = history.index;
  if (appended.length > 0) {
    const next = write();
    const last = next[next.length - 1];
    const inOrder = !last || appended.every((message, i) => byTime(i === 0 ? last : appended[i - 1]!, message) <= 0);
    next.push(...appended);
    if (inOrder) {
      const grown = new Map(index);
      appended.forEach((message, i) => grown.set(message.key, next.length - appended.length + i));
      index = grown;
    } else {
      next.sort(byTime);
      index = indexOf(next);
    }
  }

  if (!messages && history.exists && history.present === seen.size) return history;
  return { member: history.member, messages: messages ?? history.messages, index, present: seen.size, exists: true };
}

/** The inbox file was removed: everything in it is history now. */
export function removeInboxFile(history: InboxHistory): InboxHistory {
  if (!history.exists && history.present === 0) return history;
  return {
    ...history,
    messages: history.present > 0 ? history.messages.map(delivered) : history.messages,
    present: 0,
    exists: false,
  };
}

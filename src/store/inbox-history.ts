/**
 * An inbox's history: every message ever seen in the file, in time order. The
 * file itself forgets (newer Claude Code deletes a message ~100 ms after
 * delivering it); the history keeps it, marked `delivered`.
 */
import { byTime, type InboxMessage } from '../domain/inbox.js';
import { append } from '../domain/lists.js';

export interface InboxHistory {
  readonly member: string;
  /** Oldest first; equal times keep the order they were seen in. */
  readonly messages: readonly InboxMessage[];
  /**
   * Message key → position in `messages`. Shared by the versions of a history
   * that only grew at the end (a copy per append would be megabytes of garbage
   * on a big inbox): it may know keys this version does not hold yet, so read it
   * through `positionOf`.
   */
  readonly index: ReadonlyMap<string, number>;
  /** How many messages the file itself holds now. */
  readonly present: number;
  /** Whether the inbox file exists. */
  readonly exists: boolean;
  /**
   * The messages of the version this one grew from, when all this one did was
   * add messages after them (theirs are the same objects, in the same places):
   * a selector can extend what it worked out for that version instead of
   * starting over on ten thousand messages.
   */
  readonly grewFrom?: readonly InboxMessage[];
}

export function emptyInbox(member: string): InboxHistory {
  return { member, messages: [], index: new Map(), present: 0, exists: false };
}

/** Gone from the file, seen going `at` (NaN when teamtop did not see it go: it went while nobody watched). */
const delivered = (message: InboxMessage, at: number): InboxMessage =>
  message.delivered ? message : { ...message, delivered: true, deliveredAt: at };

/** Where `key` sits in this version of the history, if it holds it. */
export function positionOf(history: InboxHistory, key: string): number | undefined {
  const position = history.index.get(key);
  return position !== undefined && history.messages[position]?.key === key ? position : undefined;
}

function indexOf(messages: readonly InboxMessage[]): Map<string, number> {
  return new Map(messages.map((message, position) => [message.key, position]));
}

/**
 * Apply what the file holds now. Work is proportional to the file, and nothing
 * is copied when nothing changed (the same object comes back). When the reader
 * says the first `unchanged` messages are those it saw last time, and the
 * history holds exactly those, only the rest is looked at: Claude Code appends.
 * Messages the file no longer holds were delivered `at` (NaN: not seen live).
 */
export function applyInboxFile(history: InboxHistory, current: readonly InboxMessage[], unchanged = 0, at = Number.NaN): InboxHistory {
  let messages: InboxMessage[] | undefined;
  const write = (): InboxMessage[] => (messages ??= [...history.messages]);
  const appended: InboxMessage[] = [];
  const seen = new Set<string>();
  const appendOnly = unchanged > 0 && history.exists && unchanged === history.present;
  let present = appendOnly ? history.present : 0;
  let matchedPresent = 0;

  for (let i = appendOnly ? unchanged : 0; i < current.length; i++) {
    const message = current[i]!;
    if (seen.has(message.key)) continue;
    seen.add(message.key);
    const position = positionOf(history, message.key);
    if (position === undefined) {
      appended.push(message);
      present++;
      continue;
    }
    const previous = history.messages[position]!;
    if (!previous.delivered) {
      matchedPresent++;
      // Already counted among the unchanged ones: a duplicate further down the file.
      if (appendOnly) continue;
    }
    present++;
    if (previous !== message) write()[position] = message;
  }

  // Messages the file no longer holds: only look for them when some are missing.
  if (!appendOnly && matchedPresent < history.present) {
    history.messages.forEach((message, position) => {
      if (!message.delivered && !seen.has(message.key)) write()[position] = delivered(message, at);
    });
  }

  // Whether anything so far changed what the history held, rather than added to it.
  const rewritten = messages !== undefined;
  let grewFrom: readonly InboxMessage[] | undefined;
  let index = history.index;
  if (appended.length > 0) {
    const next = write();
    const last = next[next.length - 1];
    // In order among themselves too: the first read of a file has nothing before it to compare with.
    const inOrder = appended.every((message, i) => {
      const before = i === 0 ? last : appended[i - 1];
      return !before || byTime(before, message) <= 0;
    });
    append(next, appended);
    if (inOrder) {
      // Positions already held do not move: the newer version adds its keys to the shared index.
      const grown = index as Map<string, number>;
      appended.forEach((message, i) => grown.set(message.key, next.length - appended.length + i));
      if (!rewritten) grewFrom = history.messages;
    } else {
      next.sort(byTime);
      index = indexOf(next);
    }
  }

  if (!messages && history.exists && history.present === present) return history;
  return {
    member: history.member,
    messages: messages ?? history.messages,
    index,
    present,
    exists: true,
    ...(grewFrom ? { grewFrom } : {}),
  };
}

/** The inbox file was removed (`at`; NaN when not seen live): everything in it is history now. */
export function removeInboxFile(history: InboxHistory, at = Number.NaN): InboxHistory {
  if (!history.exists && history.present === 0) return history;
  return {
    member: history.member,
    messages: history.present > 0 ? history.messages.map((message) => delivered(message, at)) : history.messages,
    index: history.index,
    present: 0,
    exists: false,
  };
}

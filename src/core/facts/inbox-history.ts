/**
 * An inbox's history: every message ever seen in the file, in time order. The
 * file itself forgets (newer Claude Code deletes a message ~100 ms after
 * delivering it); the history keeps it, marked `delivered`.
 *
 * A change costs what the file holds and what changed, never the whole
 * history: a long run keeps tens of thousands of messages, and 2.1.330
 * delivers each one (a change) a moment after it came (another).
 */
import { byTime, type InboxMessage } from '../model/inbox.js';
import { append } from '../model/lists.js';

export interface InboxHistory {
  readonly member: string;
  /** Oldest first; equal times keep the order they were seen in. */
  readonly messages: readonly InboxMessage[];
  /**
   * Message key → position in `messages`. Shared by the versions of a history
   * whose messages kept their places (a copy per append would be megabytes of
   * garbage on a big inbox): it may know keys this version does not hold yet,
   * so read it through `positionOf`.
   */
  readonly index: ReadonlyMap<string, number>;
  /** How many messages the file itself holds now. */
  readonly present: number;
  /** Where in `messages` the messages the file holds now are, ascending. */
  readonly presentAt: readonly number[];
  /** Whether the inbox file exists. */
  readonly exists: boolean;
  /**
   * The messages of the version this one grew from, when no message moved:
   * theirs are the same objects in the same places, but for those at
   * `replaced` (a message delivered, or marked read), and this one may hold
   * more after them. A selector can extend what it worked out for that
   * version instead of starting over on ten thousand messages.
   */
  readonly grewFrom?: readonly InboxMessage[];
  /** The places whose message differs from `grewFrom`'s (none when absent). */
  readonly replaced?: ReadonlySet<number>;
}

export function emptyInbox(member: string): InboxHistory {
  return { member, messages: [], index: new Map(), present: 0, presentAt: [], exists: false };
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
 * The message lists made while applying one batch of observations (see the
 * reducer's `Fresh`): nobody has seen them, so the next change of the batch
 * may write into them instead of copying a long history again.
 */
export type FreshLists = WeakSet<object>;

/** How a version came to be, for `grewFrom` and `replaced`: in one batch, from the last version anyone saw. */
interface Lineage {
  readonly grewFrom: readonly InboxMessage[];
  readonly replaced: Set<number>;
}

/** The lineage a change of `history` extends: its own when this batch made its list, else a new one from it. */
function lineageOf(history: InboxHistory, fresh: FreshLists | undefined): Lineage | undefined {
  if (!fresh?.has(history.messages)) return { grewFrom: history.messages, replaced: new Set() };
  // Its replaced places are a set this batch made too.
  return history.grewFrom
    ? { grewFrom: history.grewFrom, replaced: (history.replaced as Set<number> | undefined) ?? new Set() }
    : undefined;
}

/**
 * The list `history`'s next version writes into, with `added` after its
 * messages: its own when this batch made it, else a copy. (One `concat`: a
 * copy that is then pushed onto is copied again as it grows, which for a
 * long history cost ten times the copy.)
 */
function writable(history: InboxHistory, fresh: FreshLists | undefined, added: readonly InboxMessage[] = []): InboxMessage[] {
  if (fresh?.has(history.messages)) {
    const own = history.messages as InboxMessage[];
    append(own, added);
    return own;
  }
  const copy = history.messages.concat(added);
  fresh?.add(copy);
  return copy;
}

/**
 * Apply what the file holds now. Work is proportional to the file and to what
 * changed, and nothing is copied when nothing changed (the same object comes
 * back). When the reader says the first `unchanged` messages are those it saw
 * last time, and the history holds exactly those, only the rest is looked at:
 * Claude Code appends. Messages the file no longer holds were delivered `at`
 * (NaN: not seen live). `fresh` names the lists this batch made (they are
 * written into, not copied).
 */
export function applyInboxFile(
  history: InboxHistory,
  current: readonly InboxMessage[],
  unchanged = 0,
  at = Number.NaN,
  fresh?: FreshLists,
): InboxHistory {
  let lineage = lineageOf(history, fresh);
  let messages: InboxMessage[] | undefined;
  const write = (): InboxMessage[] => (messages ??= writable(history, fresh));
  const replace = (position: number, message: InboxMessage) => {
    write()[position] = message;
    lineage?.replaced.add(position);
  };
  const appended: InboxMessage[] = [];
  const seen = new Set<string>();
  const appendOnly = unchanged > 0 && history.exists && unchanged === history.present;
  /** Places of the messages the file holds, as found (appended ones get theirs below). */
  const held: number[] = appendOnly ? [...history.presentAt] : [];

  for (let i = appendOnly ? unchanged : 0; i < current.length; i++) {
    const message = current[i]!;
    if (seen.has(message.key)) continue;
    seen.add(message.key);
    const position = positionOf(history, message.key);
    if (position === undefined) {
      appended.push(message);
      continue;
    }
    const previous = history.messages[position]!;
    // Already counted among the unchanged ones: a duplicate further down the file.
    if (appendOnly && !previous.delivered) continue;
    held.push(position);
    if (previous !== message) replace(position, message);
  }

  // Messages the file held last time and holds no more: only the ones it held are looked at.
  if (!appendOnly) {
    for (const position of history.presentAt) {
      const message = (messages ?? history.messages)[position]!;
      if (!message.delivered && !seen.has(message.key)) replace(position, delivered(message, at));
    }
  }

  let index = history.index;
  let presentAt: number[] = held;
  if (appended.length > 0) {
    const last = (messages ?? history.messages).at(-1);
    // In order among themselves too: the first read of a file has nothing before it to compare with.
    const inOrder = appended.every((message, i) => {
      const before = i === 0 ? last : appended[i - 1];
      return !before || byTime(before, message) <= 0;
    });
    if (messages) append(messages, appended);
    else messages = writable(history, fresh, appended);
    const next = messages;
    if (inOrder) {
      // Positions already held do not move: the newer version adds its keys to the shared index.
      const grown = index as Map<string, number>;
      appended.forEach((message, i) => {
        const position = next.length - appended.length + i;
        grown.set(message.key, position);
        presentAt.push(position);
      });
    } else {
      const keys = [...held.map((position) => next[position]!.key), ...appended.map((message) => message.key)];
      next.sort(byTime);
      index = indexOf(next);
      // Messages moved: nothing this version holds can be told as a change of an earlier one.
      lineage = undefined;
      presentAt = keys.map((key) => index.get(key)!);
    }
  }
  presentAt.sort((x, y) => x - y);

  if (!messages && history.exists && history.present === presentAt.length) return history;
  return version(history.member, messages ?? history.messages, index, presentAt, true, lineage);
}

/** A version of a history, made once with its lineage (a restore makes one per change of a long run). */
function version(
  member: string,
  messages: readonly InboxMessage[],
  index: ReadonlyMap<string, number>,
  presentAt: readonly number[],
  exists: boolean,
  lineage: Lineage | undefined,
): InboxHistory {
  const present = presentAt.length;
  if (!lineage || lineage.grewFrom === messages) return { member, messages, index, present, presentAt, exists };
  const { grewFrom, replaced } = lineage;
  return replaced.size > 0
    ? { member, messages, index, present, presentAt, exists, grewFrom, replaced }
    : { member, messages, index, present, presentAt, exists, grewFrom };
}

/** The inbox file was removed (`at`; NaN when not seen live): everything in it is history now. */
export function removeInboxFile(history: InboxHistory, at = Number.NaN, fresh?: FreshLists): InboxHistory {
  if (!history.exists && history.present === 0) return history;
  const lineage = lineageOf(history, fresh);
  let messages = history.messages;
  if (history.presentAt.length > 0) {
    const next = writable(history, fresh);
    for (const position of history.presentAt) {
      next[position] = delivered(next[position]!, at);
      lineage?.replaced.add(position);
    }
    messages = next;
  }
  return version(history.member, messages, history.index, [], false, lineage);
}

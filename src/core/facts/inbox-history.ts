/** Every message ever seen in an inbox file: newer Claude Code deletes one soon after delivering it; the history keeps it. */
import { byTime, type InboxMessage } from '../model/inbox.js';
import { append } from '../model/lists.js';

export interface InboxHistory {
  readonly member: string;
  /** Oldest first; equal times keep the order they were seen in. */
  readonly messages: readonly InboxMessage[];
  /** Shared by the versions whose messages kept their places, so it may know keys a version lacks: read it through positionOf. */
  readonly index: ReadonlyMap<string, number>;
  readonly present: number;
  readonly presentAt: readonly number[];
  readonly exists: boolean;
  /**
   * The messages of the version this one grew from, when no message moved: the same objects in the same places but
   * at `replaced`, maybe with more after them, so a selector can extend what it worked out for that version.
   */
  readonly grewFrom?: readonly InboxMessage[];
  readonly replaced?: ReadonlySet<number>;
}

export function emptyInbox(member: string): InboxHistory {
  return { member, messages: [], index: new Map(), present: 0, presentAt: [], exists: false };
}

/** `at`: NaN when nobody watched it go. */
const delivered = (message: InboxMessage, at: number): InboxMessage =>
  message.delivered ? message : { ...message, delivered: true, deliveredAt: at };

export function positionOf(history: InboxHistory, key: string): number | undefined {
  const position = history.index.get(key);
  return position !== undefined && history.messages[position]?.key === key ? position : undefined;
}

function indexOf(messages: readonly InboxMessage[]): Map<string, number> {
  return new Map(messages.map((message, position) => [message.key, position]));
}

/** Lists made while applying one batch (the reducer's `Fresh`): nobody has seen them, so the batch may write into them. */
export type FreshLists = WeakSet<object>;

interface Lineage {
  readonly grewFrom: readonly InboxMessage[];
  readonly replaced: Set<number>;
}

function lineageOf(history: InboxHistory, fresh: FreshLists | undefined): Lineage | undefined {
  if (!fresh?.has(history.messages)) return { grewFrom: history.messages, replaced: new Set() };
  return history.grewFrom
    ? { grewFrom: history.grewFrom, replaced: (history.replaced as Set<number> | undefined) ?? new Set() }
    : undefined;
}

/** One `concat`: a copy then pushed onto is copied again as it grows, ten times the cost for a long history. */
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

/** The same history when nothing changed; with `unchanged`, only the messages after those are looked at (Claude Code appends). */
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

  // Only the messages the file held last time can have gone.
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

/** Made once with its lineage: a restore makes one per change of a long run. */
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

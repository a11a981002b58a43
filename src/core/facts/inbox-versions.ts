/** An inbox history's versions: what they share (their lineage, a batch's fresh lists) and how mail waits for the model. */
import type { InboxMessage } from '../model/inbox.js';
import { append } from '../model/lists.js';
import { takenKeyOf, waitsForModel } from '../model/taken-mail.js';

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
  /** What the owner's transcript says of the mail its model took (see `Taking`). */
  readonly taking: Taking;
}

/**
 * What the owner's session transcript says of its mail. While `followed` (a
 * transcript of it is read to its end, in this run), a message is taken when
 * the transcript shows it taken, not when it leaves the file; otherwise, as
 * before, when it leaves the file or is marked read.
 */
export interface Taking {
  readonly followed: boolean;
  /** The latest arrival of a message the transcript shows taken (NaN: none): what came before it was handed over. */
  readonly upTo: number;
  /** Where the messages are that left the file (or were read) and wait for the model, ascending (only while followed). */
  readonly untakenAt: readonly number[];
  /** Messages recovered from the transcript that no read of the file has shown yet (one may still: it is merged then). */
  readonly recovered: number;
}

export const NOT_FOLLOWED: Taking = { followed: false, upTo: Number.NaN, untakenAt: [], recovered: 0 };

export function emptyInbox(member: string): InboxHistory {
  return { member, messages: [], index: new Map(), present: 0, presentAt: [], exists: false, taking: NOT_FOLLOWED };
}

/** `message` with whether it waits for the model as `taking` says (the same object when that is what it says). */
export function judged(message: InboxMessage, taking: Taking): InboxMessage {
  const untaken = taking.followed && waitsForModel(message, taking.upTo);
  return message.untaken === untaken ? message : { ...message, untaken };
}

export function positionOf(history: InboxHistory, key: string): number | undefined {
  const position = history.index.get(key);
  return position !== undefined && history.messages[position]?.key === key ? position : undefined;
}

export function indexOf(messages: readonly InboxMessage[]): Map<string, number> {
  return new Map(messages.map((message, position) => [message.key, position]));
}

/** Lists made while applying one batch (the reducer's `Fresh`): nobody has seen them, so the batch may write into them. */
export type FreshLists = WeakSet<object>;

export interface Lineage {
  readonly grewFrom: readonly InboxMessage[];
  readonly replaced: Set<number>;
}

export function lineageOf(history: InboxHistory, fresh: FreshLists | undefined): Lineage | undefined {
  if (!fresh?.has(history.messages)) return { grewFrom: history.messages, replaced: new Set() };
  return history.grewFrom
    ? { grewFrom: history.grewFrom, replaced: (history.replaced as Set<number> | undefined) ?? new Set() }
    : undefined;
}

/** One `concat`: a copy then pushed onto is copied again as it grows, ten times the cost for a long history. */
export function writable(history: InboxHistory, fresh: FreshLists | undefined, added: readonly InboxMessage[] = []): InboxMessage[] {
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
 * `taking` with the places of the messages that wait for the model: those of
 * `messages` marked so. Cheap while nothing moved (`before`: the version they
 * grew from, whose places they keep): the places it listed and those added.
 */
export function untakenOf(messages: readonly InboxMessage[], taking: Taking, before?: InboxHistory): Taking {
  if (!taking.followed) return taking;
  const untakenAt: number[] = [];
  if (before) {
    for (const position of before.taking.untakenAt) if (messages[position]!.untaken) untakenAt.push(position);
    for (const position of before.presentAt) if (messages[position]!.untaken) untakenAt.push(position);
    for (let position = before.messages.length; position < messages.length; position++)
      if (messages[position]!.untaken) untakenAt.push(position);
    untakenAt.sort((x, y) => x - y);
  } else messages.forEach((message, position) => message.untaken && untakenAt.push(position));
  const same = untakenAt.length === taking.untakenAt.length && untakenAt.every((position, i) => position === taking.untakenAt[i]);
  return same ? taking : { ...taking, untakenAt };
}

/**
 * Where the messages matched on `key` are (see takenKeyOf), oldest first: an
 * index built the first time a history of this lineage is asked (its places
 * do not move while its `index` is the same map) and extended as it grows.
 */
export function matchesOf(history: InboxHistory, key: string): number[] {
  let built = matchIndexes.get(history.index);
  if (!built) matchIndexes.set(history.index, (built = { keys: new Map(), upTo: 0 }));
  for (; built.upTo < history.messages.length; built.upTo++) {
    const match = takenKeyOf(history.messages[built.upTo]!);
    const list = built.keys.get(match);
    if (list) list.push(built.upTo);
    else built.keys.set(match, [built.upTo]);
  }
  // A place past this version's end is a later version's; one whose message is not matched on `key` moved.
  return (built.keys.get(key) ?? []).filter(
    (position) => position < history.messages.length && takenKeyOf(history.messages[position]!) === key,
  );
}

const matchIndexes = new WeakMap<ReadonlyMap<string, number>, { readonly keys: Map<string, number[]>; upTo: number }>();

/** Made once with its lineage: a restore makes one per change of a long run. */
export function version(
  member: string,
  messages: readonly InboxMessage[],
  index: ReadonlyMap<string, number>,
  presentAt: readonly number[],
  exists: boolean,
  lineage: Lineage | undefined,
  taking: Taking,
): InboxHistory {
  const present = presentAt.length;
  if (!lineage || lineage.grewFrom === messages) return { member, messages, index, present, presentAt, exists, taking };
  const { grewFrom, replaced } = lineage;
  return replaced.size > 0
    ? { member, messages, index, present, presentAt, exists, taking, grewFrom, replaced }
    : { member, messages, index, present, presentAt, exists, taking, grewFrom };
}

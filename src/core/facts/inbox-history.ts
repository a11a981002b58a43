/**
 * Every message ever seen in an inbox file: newer Claude Code deletes one soon after delivering it; the history keeps it.
 * Its owner's transcript says which its model took (`applyTakenMail`), and recovers one the file never showed.
 */
import { byTime, cameAt, type InboxMessage } from '../model/inbox.js';
import { append } from '../model/lists.js';
import { later } from '../model/time.js';
import { CLIENT_SENDER, recoveredMessage, takenKeyOf, takenKeyOfMail, waitsForModel } from '../model/taken-mail.js';
import type { TakenMail } from '../model/transcript-facts.js';

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

const NOT_FOLLOWED: Taking = { followed: false, upTo: Number.NaN, untakenAt: [], recovered: 0 };

export function emptyInbox(member: string): InboxHistory {
  return { member, messages: [], index: new Map(), present: 0, presentAt: [], exists: false, taking: NOT_FOLLOWED };
}

/** `at`: NaN when nobody watched it go. */
const delivered = (message: InboxMessage, at: number): InboxMessage =>
  message.delivered ? message : { ...message, delivered: true, deliveredAt: at };

/** `message` with whether it waits for the model as `taking` says (the same object when that is what it says). */
function judged(message: InboxMessage, taking: Taking): InboxMessage {
  const untaken = taking.followed && waitsForModel(message, taking.upTo);
  return message.untaken === untaken ? message : { ...message, untaken };
}

/** The file's message read again keeps when the model took it: the interpreter knows only the file. */
function carried(previous: InboxMessage, message: InboxMessage): InboxMessage {
  return Number.isFinite(previous.takenAt) ? { ...message, takenAt: previous.takenAt } : message;
}

/** The history's copy is the file's message, but for what the history adds (when it was taken). */
const sameAsRead = (kept: InboxMessage, read: InboxMessage): boolean =>
  kept === read ||
  (!kept.delivered &&
    !kept.recovered &&
    kept.read === read.read &&
    kept.body === read.body &&
    kept.timestamp === read.timestamp &&
    kept.summary === read.summary);

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
  let taking = history.taking;
  const appended: InboxMessage[] = [];
  const seen = new Set<string>();
  const appendOnly = unchanged > 0 && history.exists && unchanged === history.present;
  const held: number[] = appendOnly ? [...history.presentAt] : [];

  for (let i = appendOnly ? unchanged : 0; i < current.length; i++) {
    const message = current[i]!;
    if (seen.has(message.key)) continue;
    seen.add(message.key);
    const position = positionOf(history, message.key) ?? (taking.recovered > 0 ? recoveredAs(history, message) : undefined);
    if (position === undefined) {
      appended.push(message);
      continue;
    }
    const previous = (messages ?? history.messages)[position]!;
    // Already counted among the unchanged ones: a duplicate further down the file.
    if (appendOnly && !previous.delivered) continue;
    held.push(position);
    if (previous.recovered) {
      // Recovered from the transcript, and the file shows it after all: one message, the file's, taken when it was.
      (history.index as Map<string, number>).set(message.key, position);
      taking = { ...taking, recovered: taking.recovered - 1 };
      replace(position, judged({ ...message, takenAt: previous.takenAt }, taking));
    } else if (!sameAsRead(previous, message)) replace(position, judged(carried(previous, message), taking));
  }

  // Only the messages the file held last time can have gone.
  if (!appendOnly) {
    for (const position of history.presentAt) {
      const message = (messages ?? history.messages)[position]!;
      if (!message.delivered && !seen.has(message.key)) replace(position, judged(delivered(message, at), taking));
    }
  }

  let index = history.index;
  let presentAt: number[] = held;
  if (taking.followed) for (let i = 0; i < appended.length; i++) appended[i] = judged(appended[i]!, taking);
  // Out of order (a recovered message merged with a file's that is older): sorted with the appended ones.
  let sort = held.some((position) => !inPlace(messages ?? history.messages, position));
  if (appended.length > 0 || sort) {
    const last = (messages ?? history.messages).at(-1);
    // In order among themselves too: the first read of a file has nothing before it to compare with.
    const inOrder = appended.every((message, i) => {
      const before = i === 0 ? last : appended[i - 1];
      return !before || byTime(before, message) <= 0;
    });
    if (messages) append(messages, appended);
    else messages = writable(history, fresh, appended);
    const next = messages;
    sort ||= !inOrder;
    if (!sort) {
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

  if (!messages && history.exists && history.present === presentAt.length && taking === history.taking) return history;
  const all = messages ?? history.messages;
  return version(history.member, all, index, presentAt, true, lineage, untakenOf(all, taking, lineage ? history : undefined));
}

/** Whether the message at `position` is in time order with its neighbours. */
const inPlace = (messages: readonly InboxMessage[], position: number): boolean =>
  (position === 0 || byTime(messages[position - 1]!, messages[position]!) <= 0) &&
  (position === messages.length - 1 || byTime(messages[position]!, messages[position + 1]!) <= 0);

/** A recovered message the file's `message` is (the file shows it after all), if any. */
function recoveredAs(history: InboxHistory, message: InboxMessage): number | undefined {
  return matchesOf(history, takenKeyOf(message)).find((position) => history.messages[position]!.recovered);
}

/**
 * `taking` with the places of the messages that wait for the model: those of
 * `messages` marked so. Cheap while nothing moved (`before`: the version they
 * grew from, whose places they keep): the places it listed and those added.
 */
function untakenOf(messages: readonly InboxMessage[], taking: Taking, before?: InboxHistory): Taking {
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
function matchesOf(history: InboxHistory, key: string): number[] {
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

/**
 * Apply what the owner's transcript shows its model took (`mail`, in the
 * order taken; `followed`: the transcript is read to its end, so from now on
 * it says what is taken). Each element takes the oldest message it matches
 * that is not taken yet (one taken at the same instant already is this
 * element, seen again: a transcript read again from its start, or a record
 * written twice; the nth equal element of one record is the nth such); one that
 * matches none is a message the file never showed, recovered (but a spawn
 * prompt, which an in-process teammate gets from no inbox, and the client's
 * own notices). Work: what is applied, and once per lineage an index of the
 * history's messages.
 */
export function applyTakenMail(history: InboxHistory, mail: readonly TakenMail[], followed = false, fresh?: FreshLists): InboxHistory {
  let lineage = lineageOf(history, fresh);
  let messages: InboxMessage[] | undefined;
  let upTo = history.taking.upTo;
  const recovered: InboxMessage[] = [];
  for (const element of mail) {
    if (element.from === CLIENT_SENDER || !Number.isFinite(element.at)) continue;
    const key = takenKeyOfMail(element);
    // The nth of equal elements of one record is the nth message taken then; a record read again is the same.
    const nth = element.nth ?? 0;
    const current = messages ?? history.messages;
    const matches = matchesOf(history, key);
    if (matches.filter((position) => current[position]!.takenAt === element.at).length > nth) continue;
    if (recovered.filter((message) => message.takenAt === element.at && takenKeyOf(message) === key).length > nth) continue;
    const position = matches.find((at) => !Number.isFinite(current[at]!.takenAt));
    if (position !== undefined) {
      const message = current[position]!;
      (messages ??= writable(history, fresh))[position] = { ...message, takenAt: element.at, untaken: false };
      lineage?.replaced.add(position);
      upTo = later(upTo, cameAt(message));
    } else if (!element.spawn) recovered.push(recoveredMessage(history.member, element, nth));
  }
  let taking: Taking = {
    ...history.taking,
    followed: history.taking.followed || followed,
    upTo,
    recovered: history.taking.recovered + recovered.length,
  };
  // The messages that left the file: which still wait for the model, now.
  const judging = !history.taking.followed && taking.followed ? undefined : taking.untakenAt;
  const all = messages ?? history.messages;
  for (const position of judging ?? all.keys()) {
    const message = all[position]!;
    const next = judged(message, taking);
    if (next === message) continue;
    (messages ??= writable(history, fresh))[position] = next;
    lineage?.replaced.add(position);
  }
  let index = history.index;
  let presentAt = history.presentAt;
  if (recovered.length > 0) {
    const keys = history.presentAt.map((position) => (messages ?? history.messages)[position]!.key);
    const last = (messages ?? history.messages).at(-1);
    const inOrder = recovered.every((message, i) => {
      const before = i === 0 ? last : recovered[i - 1];
      return !before || byTime(before, message) <= 0;
    });
    if (messages) append(messages, recovered);
    else messages = writable(history, fresh, recovered);
    const next = messages;
    if (inOrder) {
      const grown = index as Map<string, number>;
      recovered.forEach((message, i) => grown.set(message.key, next.length - recovered.length + i));
    } else {
      next.sort(byTime);
      index = indexOf(next);
      lineage = undefined;
      presentAt = keys.map((key) => index.get(key)!);
    }
  }
  if (!messages && taking.followed === history.taking.followed && Object.is(taking.upTo, history.taking.upTo)) return history;
  const final = messages ?? history.messages;
  // Places kept, and only the listed ones judged: those it listed and those the file holds are all that can wait.
  taking = untakenOf(final, taking, lineage && judging && recovered.length === 0 ? history : undefined);
  return version(history.member, final, index, presentAt, history.exists, lineage, taking);
}

/**
 * The message an element of the owner's transcript was taken as (matched to
 * it, or recovered as it), once applied; undefined when it was neither (a spawn
 * prompt no inbox held, a notice of the client's own).
 */
export function takenMessageOf(history: InboxHistory, mail: TakenMail): InboxMessage | undefined {
  return matchesOf(history, takenKeyOfMail(mail))
    .map((position) => history.messages[position]!)
    .filter((message) => message.takenAt === mail.at)[mail.nth ?? 0];
}

/** The owner's transcript is no longer read (a run ended, another begins): taken is again what leaves the file. */
export function unfollowInbox(history: InboxHistory, fresh?: FreshLists): InboxHistory {
  if (!history.taking.followed) return history;
  const lineage = lineageOf(history, fresh);
  let messages = history.messages;
  if (history.taking.untakenAt.length > 0) {
    const next = writable(history, fresh);
    for (const position of history.taking.untakenAt) {
      next[position] = { ...next[position]!, untaken: false };
      lineage?.replaced.add(position);
    }
    messages = next;
  }
  const taking: Taking = { ...history.taking, followed: false, untakenAt: [] };
  return version(history.member, messages, history.index, history.presentAt, history.exists, lineage, taking);
}

/** Made once with its lineage: a restore makes one per change of a long run. */
function version(
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

export function removeInboxFile(history: InboxHistory, at = Number.NaN, fresh?: FreshLists): InboxHistory {
  if (!history.exists && history.present === 0) return history;
  const lineage = lineageOf(history, fresh);
  let messages = history.messages;
  if (history.presentAt.length > 0) {
    const next = writable(history, fresh);
    for (const position of history.presentAt) {
      next[position] = judged(delivered(next[position]!, at), history.taking);
      lineage?.replaced.add(position);
    }
    messages = next;
  }
  return version(history.member, messages, history.index, [], false, lineage, untakenOf(messages, history.taking, history));
}

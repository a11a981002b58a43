/**
 * Every message ever seen in an inbox file: newer Claude Code deletes one soon after delivering it; the history keeps it.
 * Its owner's transcript says which its model took (`applyTakenMail`), and recovers one the file never showed.
 */
import { byTime, type InboxMessage } from '../model/inbox.js';
import { append } from '../model/lists.js';
import { takenKeyOf } from '../model/taken-mail.js';
import {
  indexOf,
  judged,
  lineageOf,
  matchesOf,
  positionOf,
  untakenOf,
  version,
  writable,
  type FreshLists,
  type InboxHistory,
} from './inbox-versions.js';

/** `at`: NaN when nobody watched it go. */
const delivered = (message: InboxMessage, at: number): InboxMessage =>
  message.delivered ? message : { ...message, delivered: true, deliveredAt: at };

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

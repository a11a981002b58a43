/** What the owner's transcript shows its model took, applied to its inbox's history: matched, or recovered. */
import { byTime, cameAt, type InboxMessage } from '../model/inbox.js';
import { append } from '../model/lists.js';
import { later } from '../model/time.js';
import { CLIENT_SENDER, recoveredMessage, takenKeyOf, takenKeyOfMail } from '../model/taken-mail.js';
import type { TakenMail } from '../model/transcript-facts.js';
import {
  indexOf,
  judged,
  lineageOf,
  matchesOf,
  untakenOf,
  version,
  writable,
  type FreshLists,
  type InboxHistory,
  type Taking,
} from './inbox-versions.js';

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

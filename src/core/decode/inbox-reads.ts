/** What the interpreter remembers of a file, and how an inbox's append is told from a rewrite (docs/internals/core.md). */
import { createHash, type Hash } from 'node:crypto';
import type { Parsed } from './parse.js';
import { decodeInbox, type InboxMessage } from '../model/inbox.js';
import type { InboxChange, InboxElement, InboxRun, Observation } from '../model/observation.js';
import type { FileTarget } from '../model/paths.js';
import { append } from '../model/lists.js';

export interface InboxRead {
  /** UTF-8 bytes; NaN when only its messages are known (a journal's change). */
  readonly bytes: number;
  /** Just after the last element's closing brace (0 when there is none), in characters and in bytes. */
  readonly cut: number;
  readonly cutBytes: number;
  /** A running hash of the text up to `cut`: copied, never finished. */
  readonly prefix: Hash | undefined;
  readonly messages: readonly InboxMessage[];
  readonly known: Map<string, InboxMessage>;
  readonly elements: number;
  readonly invalid: readonly string[];
}

export interface FileState {
  inbox?: InboxRead;
  hash?: string;
  problem: boolean;
}

/** No observation when it says what the file said before. */
export type Conclusion = Parsed<{ observation: Observation | undefined; invalid: readonly string[] }>;

export const CLOSING = /^\s*\]\s*$/u;
const LEADING_COMMA = /^\s*,/u;

const digest = (hash: Hash): string => hash.copy().digest('base64');
export const textHash = (text: string): string => createHash('sha256').update(text).digest('base64');

/** When only `]` follows it; else 0. */
export function lastElementEnd(text: string): number {
  const cut = text.lastIndexOf('}') + 1;
  return cut > 0 && CLOSING.test(text.slice(cut)) ? cut : 0;
}

export function startsLike(previous: InboxRead, bytes: Buffer): Hash | undefined {
  if (!previous.prefix) return undefined;
  const hash = createHash('sha256').update(bytes.subarray(0, previous.cutBytes));
  return digest(hash) === digest(previous.prefix) ? hash : undefined;
}

/** Undefined when `rest` is not a leading comma and a run of added elements. */
export function addedElements(rest: string): unknown[] | undefined {
  const comma = LEADING_COMMA.exec(rest);
  if (!comma) return undefined;
  try {
    const added: unknown = JSON.parse(`[${rest.slice(comma[0].length)}`);
    return Array.isArray(added) ? added : undefined;
  } catch {
    return undefined;
  }
}

/** One by one, so that what each became is known: a message, or why it could not be read. */
export function decodeEach(
  owner: string,
  elements: readonly unknown[],
  known: ReadonlyMap<string, InboxMessage>,
  firstIndex: number,
  seenAt: number,
  readAt: number,
) {
  const messages: InboxMessage[] = [];
  const written: InboxElement[] = [];
  const invalid: string[] = [];
  elements.forEach((element, index) => {
    const decoded = decodeInbox(owner, [element], known, firstIndex + index, seenAt, readAt);
    const [message] = decoded.messages;
    if (message) {
      messages.push(message);
      written.push(element as InboxElement);
    } else append(invalid, decoded.invalid);
  });
  return { messages, written, invalid };
}

/**
 * A message reused from the previous read is named by its place there, runs of them as one; any other is given as
 * written. The first `kept` are known to be the previous ones in order (an append), so an append costs what was added.
 */
export function changeFrom(
  previous: readonly InboxMessage[],
  known: ReadonlyMap<string, InboxMessage>,
  messages: readonly InboxMessage[],
  writtenAt: (index: number) => InboxElement,
  invalid: readonly string[],
  kept = 0,
): InboxChange {
  let run: [number, number] | undefined = kept > 0 ? [0, kept] : undefined;
  const pieces: (InboxRun | InboxElement)[] = run ? [run] : [];
  let places: Map<InboxMessage, number> | undefined;
  let next = kept;
  messages.slice(kept).forEach((message, offset) => {
    const index = kept + offset;
    let place: number | undefined = next;
    if (previous[next] !== message) {
      const reused = known.get(message.key) === message;
      if (reused) places ??= new Map([...previous.entries()].reverse().map(([at, earlier]) => [earlier, at]));
      place = reused ? places?.get(message) : undefined;
    }
    if (place === undefined) {
      run = undefined;
      pieces.push(writtenAt(index));
      return;
    }
    if (run && run[1] === place) run[1]++;
    else pieces.push((run = [place, place + 1]));
    next = place + 1;
  });
  return { messages: pieces, invalid, whole: false };
}

export const sameMessages = (previous: InboxRead, messages: readonly InboxMessage[], invalid: readonly string[]): boolean =>
  previous.messages.length === messages.length &&
  previous.messages.every((message, index) => message === messages[index]) &&
  previous.invalid.length === invalid.length &&
  previous.invalid.every((why, index) => why === invalid[index]);

export const isRun = (piece: InboxRun | InboxElement): piece is InboxRun => Array.isArray(piece);

export const inboxObservation = (
  target: Extract<FileTarget, { kind: 'inbox' }>,
  messages: readonly InboxMessage[],
  at: number,
  live: boolean,
  more: { readonly unchanged?: number; readonly change?: InboxChange } = {},
): Observation => ({ kind: 'inbox', team: target.team, member: target.member, messages, at, live, ...more });

export function appendElements(
  target: Extract<FileTarget, { kind: 'inbox' }>,
  state: FileState,
  previous: InboxRead,
  added: unknown[],
  hash: Hash,
  bytes: number,
  appendix: string,
  at: number,
  live: boolean,
  record: boolean,
): Conclusion {
  const tail = decodeEach(target.member, added, previous.known, previous.elements, live ? at : Number.NaN, at);
  const messages = [...previous.messages, ...tail.messages];
  const change = record
    ? changeFrom(
        previous.messages,
        previous.known,
        messages,
        (index) => tail.written[index - previous.messages.length]!,
        [...previous.invalid, ...tail.invalid],
        previous.messages.length,
      )
    : undefined;
  for (const message of tail.messages) previous.known.set(message.key, message);
  const end = lastElementEnd(appendix);
  const grown = appendix.slice(0, end);
  const read: InboxRead = {
    bytes,
    cut: end > 0 ? previous.cut + end : 0,
    cutBytes: end > 0 ? previous.cutBytes + Buffer.byteLength(grown) : 0,
    prefix: end > 0 ? hash.update(grown) : undefined,
    messages,
    known: previous.known,
    elements: previous.elements + added.length,
    invalid: [...previous.invalid, ...tail.invalid],
  };
  state.inbox = read;
  const observation = inboxObservation(target, read.messages, at, live, {
    unchanged: previous.messages.length,
    ...(change ? { change } : {}),
  });
  return { ok: true, value: { observation, invalid: read.invalid } };
}

import { boundDepth, decodeText, renderProtocol, type DecodedText } from '../decode/protocol.js';
import { isInstant, toEpoch } from './time.js';
import { InboxEntrySchema, describeIssue, isPlainInboxEntry, type InboxEntry, type ProtocolMessage } from './schemas.js';

export interface InboxMessage {
  /** Identity across rewrites within its inbox: `msg_id` when present, else (inbox, from, timestamp, text). */
  readonly key: string;
  /** The inbox owner: messages in `<member>.json` are messages to that member. */
  readonly to: string;
  readonly from: string;
  readonly timestamp: string;
  /** Epoch ms, NaN when the timestamp is missing or unreadable. */
  readonly time: number;
  readonly read: boolean;
  readonly summary: string | null;
  readonly color: string | null;
  readonly body: string;
  readonly kind: string;
  readonly data: ProtocolMessage | null;
  readonly text: string;
  /** Gone from its file: delivered and deleted by Claude Code, or lost. */
  readonly delivered: boolean;
  /** When first seen in its file as it changed (epoch ms): about when it was written. NaN if there from the start. */
  readonly seenAt: number;
  /** When teamtop saw it leave its file (epoch ms); NaN while there, or when it went unseen. */
  readonly deliveredAt: number;
  /** The lead's signature on a message to a tmux teammate (2.1.330 `lead_sig`). */
  readonly leadSig: string | null;
  /**
   * When its recipient's model took it, as the recipient's session transcript
   * shows (its `<teammate-message>` record; epoch ms). NaN: no transcript
   * teamtop read shows it taken.
   */
  readonly takenAt: number;
  /**
   * It left its file (or was marked read), and its recipient's transcript,
   * which teamtop reads, does not show it taken yet: not taken (taken-mail.ts).
   */
  readonly untaken: boolean;
  /**
   * Never seen in its inbox file: recovered from its recipient's transcript
   * (it came and went while teamtop could not look). Its time is its protocol
   * message's own, else when it was taken.
   */
  readonly recovered: boolean;
}

/**
 * Taken by its recipient: its transcript shows it taken; or, where no
 * transcript of the recipient is read, it was marked read or left its file
 * (the client takes it out as it hands it over).
 */
export const isTaken = (message: InboxMessage): boolean =>
  Number.isFinite(message.takenAt) || ((message.read || message.delivered) && !message.untaken);

/** Unread: not taken yet (see isTaken). */
export const isUnread = (message: InboxMessage): boolean => !isTaken(message);

/** When it came: when teamtop saw it arrive, else its timestamp (it was there before teamtop looked). */
export const cameAt = (message: InboxMessage): number => (Number.isFinite(message.seenAt) ? message.seenAt : message.time);

/**
 * How far a message's timestamp may be from when teamtop saw it arrive: past
 * this, the writer's clock is off (a client hours ahead or behind), and the
 * message is aged from its arrival.
 */
export const SKEWED_AFTER_MS = 60_000;

/** Its timestamp disagrees with its arrival, seen live, by more than SKEWED_AFTER_MS. */
export const isSkewed = (message: InboxMessage): boolean =>
  Number.isFinite(message.seenAt) && Number.isFinite(message.time) && Math.abs(message.time - message.seenAt) > SKEWED_AFTER_MS;

/**
 * The instant a message is aged from: its timestamp, but its arrival when
 * teamtop saw it arrive and the two disagree by more than a minute (a skewed
 * clock), or it has no readable timestamp. NaN when neither is known.
 */
export const agedFrom = (message: InboxMessage): number =>
  Number.isFinite(message.seenAt) && (!Number.isFinite(message.time) || isSkewed(message)) ? message.seenAt : message.time;

/** Oldest first; messages without a readable time go last. For stable sorts. */
export function byTime(a: InboxMessage, b: InboxMessage): number {
  const at = Number.isNaN(a.time) ? Number.POSITIVE_INFINITY : a.time;
  const bt = Number.isNaN(b.time) ? Number.POSITIVE_INFINITY : b.time;
  return at === bt ? 0 : at < bt ? -1 : 1;
}

/** A number out of a Date's range is kept as written, with an unknown time. */
function timestampOf(value: unknown): { timestamp: string; time: number } {
  if (typeof value === 'number') {
    return isInstant(value) ? { timestamp: new Date(value).toISOString(), time: value } : { timestamp: String(value), time: Number.NaN };
  }
  if (typeof value === 'string') return { timestamp: value, time: toEpoch(value) };
  return { timestamp: '', time: Number.NaN };
}

/** Computed without validating, so an unchanged message is recognised before any work is spent on it. */
export function messageKey(owner: string, element: unknown): string | undefined {
  if (typeof element !== 'object' || element === null) return undefined;
  const entry = element as Record<string, unknown>;
  if (typeof entry['msg_id'] === 'string' && entry['msg_id'] !== '') return entry['msg_id'];
  if (typeof entry['messageId'] === 'string' && entry['messageId'] !== '') return entry['messageId'];
  const { from, text, timestamp } = entry;
  if (typeof from !== 'string' || typeof text !== 'string') return undefined;
  // Any JSON value: an object whose `toString` is not a function cannot be made a string by String().
  const stamp = typeof timestamp === 'object' && timestamp !== null ? JSON.stringify(timestamp) : String(timestamp);
  return `${owner}\u0000${from}\u0000${stamp}\u0000${text}`;
}

/** An API-spec envelope's `type` (`shutdown_request`…) as the kind, its `metadata` as data; `message` (newer Claude Code) is no kind. */
function envelopeKind(entry: InboxEntry): DecodedText | undefined {
  if (!entry.type || entry.type === 'message' || entry.type === 'text') return undefined;
  const data = boundDepth({ ...entry.metadata, type: entry.type }) as ProtocolMessage;
  return { kind: entry.type, data };
}

/** A message stamped later than `readAt` was there by then: a request dated 2100 ages from when its file was read. */
export function decodeEntry(owner: string, key: string, entry: InboxEntry, seenAt = Number.NaN, readAt = Number.NaN): InboxMessage {
  const inText = decodeText(entry.text);
  const fromEnvelope = inText.data ? undefined : envelopeKind(entry);
  const decoded = fromEnvelope ?? inText;
  const { timestamp, time } = timestampOf(entry.timestamp);
  // Fields named one by one, not spread: the same shape for every message, made a little faster on a restore's thousands.
  return {
    key,
    to: owner,
    from: entry.from,
    timestamp,
    time,
    read: entry.read === true,
    summary: entry.summary ?? null,
    color: entry.color ?? null,
    body: entry.text,
    kind: decoded.kind,
    data: decoded.data,
    text: fromEnvelope ? `${fromEnvelope.kind}: ${entry.text}` : decoded.data ? renderProtocol(decoded.data) : entry.text,
    delivered: false,
    seenAt: Number.isNaN(seenAt) && time > readAt ? readAt : seenAt,
    deliveredAt: Number.NaN,
    leadSig: entry.lead_sig ?? null,
    takenAt: Number.NaN,
    untaken: false,
    recovered: false,
  };
}

export interface InboxParse {
  readonly messages: readonly InboxMessage[];
  /** Elements that could not be read, each as "message <n>: <why>". */
  readonly invalid: readonly string[];
}

/** `known`: the previous read's messages. Claude Code appends and flips `read`, so most are reused as they are. */
export function decodeInbox(
  owner: string,
  elements: readonly unknown[],
  known: ReadonlyMap<string, InboxMessage>,
  firstIndex = 0,
  seenAt = Number.NaN,
  readAt = Number.NaN,
): InboxParse {
  const messages: InboxMessage[] = [];
  const invalid: string[] = [];
  elements.forEach((element, index) => {
    const key = messageKey(owner, element);
    const previous = key === undefined ? undefined : known.get(key);
    if (previous && previous.read === ((element as { read?: unknown }).read === true)) {
      messages.push(previous);
      return;
    }
    const entry = isPlainInboxEntry(element) ? { success: true as const, data: element } : InboxEntrySchema.safeParse(element);
    if (!entry.success || key === undefined) {
      invalid.push(`message ${firstIndex + index + 1}: ${entry.success ? 'unreadable' : describeIssue(entry.error)}`);
      return;
    }
    messages.push(decodeEntry(owner, key, entry.data, previous ? previous.seenAt : seenAt, readAt));
  });
  return { messages, invalid };
}

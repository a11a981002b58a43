/**
 * Mail taken: which message of an inbox a `<teammate-message>` element of its
 * owner's transcript is, what an element no inbox read showed becomes, and
 * whether a message that left its file still waits for its recipient's model.
 *
 *   takenKeyOf(message): string                  what a message is matched on
 *   takenKeyOfMail(mail): string                 the same for an element
 *   recoveredMessage(to, mail, ordinal)          an element no read of the inbox showed, as a message
 *   waitsForModel(message, takenUpTo): boolean   left its file (or read), yet not taken
 *   isClientsOwn(kind): boolean                  a kind the client handles itself, never handed to a model
 *
 * Matching (docs/internals/formats.md, `<teammate-message>`): a protocol
 * message by its sender, its type and its request id (else the timestamp its
 * JSON carries), as the JSON an element holds is not always the inbox's byte
 * for byte (an in-process `shutdown_approved` says `"paneId":"in-process"` in
 * the inbox and `"[invalid id]"` in the lead's transcript); a plain one by its
 * sender and its text. Several equal messages are taken oldest first.
 */
import { decodeText, requestIdOf } from '../decode/protocol.js';
import { cameAt, decodeEntry, type InboxMessage } from './inbox.js';
import type { ProtocolMessage } from './schemas.js';
import { toEpoch } from './time.js';
import type { TakenMail } from './transcript-facts.js';

/**
 * Kinds the client handles itself: the lead's client answers a tmux teammate's
 * `permission_request` (its person does, in a dialog) and the teammate's client
 * takes the `permission_response`; neither is handed to a model as an element
 * (`refused-permission-tmux`). Taken when they leave the file, as before.
 */
const CLIENTS_OWN: ReadonlySet<string> = new Set([
  'permission_request',
  'permission_response',
  'sandbox_permission_request',
  'sandbox_permission_response',
]);

export const isClientsOwn = (kind: string): boolean => CLIENTS_OWN.has(kind);

/** Who wrote the client's own notices (`teammate_terminated`): written to no inbox, never mail to recover. */
export const CLIENT_SENDER = 'system';

function keyOf(from: string, data: ProtocolMessage | null, text: string): string {
  if (data) {
    const stamp = data['timestamp'];
    const id = requestIdOf(data) ?? (typeof stamp === 'string' ? stamp : text.trim());
    return `${from}\u0000${String(data.type)}\u0000${id}`;
  }
  return `${from}\u0000\u0000${text.trim()}`;
}

/** What a message is matched on: its sender, and its type and id, or its text. */
export const takenKeyOf = (message: InboxMessage): string => keyOf(message.from, message.data, message.body);

/** What an element is matched on (see takenKeyOf). */
export const takenKeyOfMail = (mail: TakenMail): string => keyOf(mail.from, decodeText(mail.text).data, mail.text);

/**
 * An element no read of the inbox showed, as a message of `to`'s inbox: its
 * sender, summary, colour and text, taken when its record says. Its time is
 * its protocol message's own timestamp, else when it was taken (it was written
 * by then). `ordinal` tells equal elements of one record apart.
 */
export function recoveredMessage(to: string, mail: TakenMail, ordinal: number): InboxMessage {
  const data = decodeText(mail.text).data;
  const stamp = data?.['timestamp'];
  const timestamp = typeof stamp === 'string' && Number.isFinite(toEpoch(stamp)) ? stamp : new Date(mail.at).toISOString();
  // With a NUL, as a key made of a message's content is: its id (messageRef) is `<to>/<from>@<timestamp>`.
  const key = `${to}\u0000${mail.from}\u0000taken ${mail.at} ${ordinal}\u0000${mail.text}`;
  const entry = {
    from: mail.from,
    text: mail.text,
    timestamp,
    ...(mail.summary !== null ? { summary: mail.summary } : {}),
    ...(mail.color !== null ? { color: mail.color } : {}),
  };
  return { ...decodeEntry(to, key, entry), delivered: true, takenAt: mail.at, recovered: true };
}

/**
 * A message that left its file (or was marked read) and that its recipient's
 * transcript, which teamtop reads, does not show taken: it waits for the
 * model. Not one the client handles itself, nor one a member sent itself (a
 * lead's `task_assignment` to itself is never handed over), nor one that came
 * before a message the transcript shows taken (`takenUpTo`): the client hands
 * mail over in order, so the model is past it.
 */
export function waitsForModel(message: InboxMessage, takenUpTo: number): boolean {
  return (
    !Number.isFinite(message.takenAt) &&
    (message.read || message.delivered) &&
    !message.recovered &&
    !isClientsOwn(message.kind) &&
    message.from !== message.to &&
    !(cameAt(message) <= takenUpTo)
  );
}

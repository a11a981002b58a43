/** A request and its answer, paired by request id alone: Claude Code mixes `requestId` and `request_id`, and answers with other types. */
import { stallsAt, type Thresholds } from './settings.js';
import { isSkewed, type InboxMessage } from './inbox.js';
import { firstLine, requestIdOf, verdictOf } from '../decode/protocol.js';

export type HandshakeKind = 'shutdown' | 'permission' | 'plan_approval' | 'sandbox_permission' | 'join' | (string & {});

/** `abandoned`: open, but nobody is left to answer or to wait; it never stalls (an alarm that cannot clear is noise). */
export type HandshakeState = 'pending' | 'stalled' | 'approved' | 'rejected' | 'abandoned';

export const REQUEST_KINDS: Readonly<Record<string, HandshakeKind>> = {
  shutdown_request: 'shutdown',
  permission_request: 'permission',
  plan_approval_request: 'plan_approval',
  sandbox_permission_request: 'sandbox_permission',
  join_request: 'join',
};

export const RESPONSE_KINDS: Readonly<Record<string, HandshakeKind>> = {
  shutdown_approved: 'shutdown',
  shutdown_rejected: 'shutdown',
  shutdown_response: 'shutdown',
  permission_response: 'permission',
  plan_approval_response: 'plan_approval',
  sandbox_permission_response: 'sandbox_permission',
  join_approved: 'join',
  join_rejected: 'join',
  join_response: 'join',
};

export interface Pairing {
  readonly kind: HandshakeKind;
  readonly requestId: string;
  /** Who asked: the request's sender (for an orphan response, its recipient). */
  readonly from: string;
  /** Who was asked: the request's recipient (for an orphan response, its sender). */
  readonly to: string;
  readonly request: InboxMessage | null;
  readonly response: InboxMessage | null;
  /** Every answer, oldest first: the lead may approve a plan itself and its model answer it again. */
  readonly responses: readonly InboxMessage[];
}

export interface Answer {
  readonly state: 'approved' | 'rejected';
  readonly at: number | null;
  readonly from: string;
  readonly message: InboxMessage;
}

export interface Handshake extends Pairing {
  readonly state: HandshakeState;
  readonly requestedAt: number | null;
  /**
   * What its age and its stall count from: `requestedAt`, but the request's
   * arrival where its writer's clock is off (requestAgedFrom). Null for an orphan.
   */
  readonly agedFrom: number | null;
  readonly respondedAt: number | null;
  /** Seconds the answer took; null while open or for an orphan. */
  readonly answerSeconds: number | null;
  /** The request's key fact: tool and description, shutdown reason, plan's first line. */
  readonly fact: string;
  readonly orphan: boolean;
  readonly answers: readonly Answer[];
  readonly contradicting: boolean;
}

export function isRequest(message: InboxMessage): boolean {
  return Object.hasOwn(REQUEST_KINDS, message.kind);
}

/** A request, or a message that may answer one: a protocol message carrying a request id. */
export function takesPartInHandshake(message: InboxMessage): boolean {
  return message.data !== null && requestIdOf(message.data) !== undefined;
}

export function responseId(message: InboxMessage): string | undefined {
  if (!message.data || isRequest(message)) return undefined;
  return requestIdOf(message.data);
}

/** The sender, but for a join request the name it asks to join as (it may write under another name). */
export function askerOf(request: InboxMessage): string {
  const proposed = request.kind === 'join_request' ? request.data?.['proposedName'] : undefined;
  return typeof proposed === 'string' && proposed !== '' ? proposed : request.from;
}

/** Its timestamp, unless it was seen earlier than that: one stamped in 2100 stalls from when it was seen. */
export function requestedAt(request: InboxMessage): number | null {
  if (!Number.isFinite(request.time)) return null;
  return Number.isFinite(request.seenAt) && request.time > request.seenAt ? request.seenAt : request.time;
}

/**
 * What a request's age and stall count from: when it was made, but when
 * teamtop saw it arrive where its timestamp is more than a minute from that
 * (its writer's clock is off: isSkewed), so a request from a client hours
 * behind does not stall the moment it comes. Null when neither is known.
 */
export function requestAgedFrom(request: InboxMessage): number | null {
  if (isSkewed(request)) return request.seenAt;
  return requestedAt(request);
}

/** An answer says no when it explicitly does; anything else that answers counts as yes. */
const answerState = (response: InboxMessage): Answer['state'] =>
  response.data && verdictOf(response.data) === false ? 'rejected' : 'approved';

function factOf(request: InboxMessage | null): string {
  const data = request?.data;
  if (!data) return '';
  const text = (key: string): string => {
    const value = data[key];
    return typeof value === 'string' ? value : '';
  };
  switch (request.kind) {
    case 'permission_request': {
      const tool = text('tool_name') || text('toolName');
      const description = text('description');
      return tool && description ? `${tool}: ${description}` : tool || description;
    }
    case 'shutdown_request':
      return text('reason');
    case 'plan_approval_request':
      return firstLine(text('plan') || text('planContent')) || text('summary');
    case 'sandbox_permission_request':
      return text('host');
    case 'join_request': {
      const name = text('proposedName');
      const capabilities = text('capabilities');
      return name && capabilities ? `${name}: ${capabilities}` : name || capabilities;
    }
    default:
      return '';
  }
}

const seconds = (ms: number): number => Math.max(0, Math.floor(ms / 1000));

const NOBODY: ReadonlySet<string> = new Set();

/** How long ago a handshake's request was made (its answer, when no request was seen), as of `now`. */
export const ageSecondsAt = ({ agedFrom, respondedAt }: Pick<Handshake, 'agedFrom' | 'respondedAt'>, now: number): number => {
  const since = agedFrom ?? respondedAt;
  return since === null ? 0 : seconds(now - since);
};

/** Open, and one side has shut down or left the roster: nobody will answer, or nobody waits. */
function isAbandoned(pairing: Pairing, gone: ReadonlySet<string>): boolean {
  return pairing.response === null && pairing.request !== null && (gone.has(pairing.to) || gone.has(pairing.from));
}

export function isStalled(pairing: Pairing, now: number, thresholds: Thresholds, gone = NOBODY): boolean {
  return (
    pairing.response === null &&
    pairing.request !== null &&
    requestAgedFrom(pairing.request) !== null &&
    now >= stallsAt(Math.min(requestAgedFrom(pairing.request)!, now), thresholds) &&
    !isAbandoned(pairing, gone)
  );
}

export const openState = (pairing: Pairing, now: number, thresholds: Thresholds, gone = NOBODY): HandshakeState =>
  isAbandoned(pairing, gone) ? 'abandoned' : isStalled(pairing, now, thresholds) ? 'stalled' : 'pending';

/** Only the state depends on `now`: an age is worked out when it is drawn (ageSecondsAt). */
export function judgeHandshake(pairing: Pairing, now: number, thresholds: Thresholds, gone = NOBODY): Handshake {
  const askedAt = pairing.request ? requestedAt(pairing.request) : null;
  const respondedAt = pairing.response && Number.isFinite(pairing.response.time) ? pairing.response.time : null;
  const answers = pairing.responses.map((message): Answer => ({
    state: answerState(message),
    at: Number.isFinite(message.time) ? message.time : null,
    from: message.from,
    message,
  }));
  // Fields named one by one, not spread: a long run diagnoses thousands, and the spread was most of the cost.
  const { kind, requestId, from, to, request, response, responses } = pairing;
  return {
    kind,
    requestId,
    from,
    to,
    request,
    response,
    responses,
    state: pairing.response ? answerState(pairing.response) : openState(pairing, now, thresholds, gone),
    requestedAt: askedAt,
    agedFrom: pairing.request ? requestAgedFrom(pairing.request) : null,
    respondedAt,
    answerSeconds: askedAt !== null && respondedAt !== null ? seconds(respondedAt - askedAt) : null,
    fact: factOf(pairing.request),
    orphan: pairing.request === null,
    answers,
    contradicting: answers.some((answer) => answer.state !== answers[0]!.state),
  };
}

export const isOpen = (handshake: { readonly state: HandshakeState }): boolean =>
  handshake.state === 'pending' || handshake.state === 'stalled';

const newestFirst = (a: Handshake, b: Handshake) => (b.respondedAt ?? b.requestedAt ?? 0) - (a.respondedAt ?? a.requestedAt ?? 0);

/** Open ones oldest first (the longest wait on top), then closed ones, then abandoned ones, newest first. */
export function orderHandshakes(handshakes: readonly Handshake[]): Handshake[] {
  const open = handshakes.filter(isOpen).sort((a, b) => (a.requestedAt ?? 0) - (b.requestedAt ?? 0));
  const closed = handshakes.filter((handshake) => !isOpen(handshake) && handshake.state !== 'abandoned').sort(newestFirst);
  const abandoned = handshakes.filter((handshake) => handshake.state === 'abandoned').sort(newestFirst);
  return [...open, ...closed, ...abandoned];
}

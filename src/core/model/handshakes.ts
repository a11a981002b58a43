/**
 * Handshakes: a request and its response, paired by request id alone, across all
 * inboxes of a team. Claude Code mixes `requestId` and `request_id`, and does not
 * always answer with the matching type (a real capture answers a shutdown
 * request with a `permission_response`), so the id is the only thing trusted.
 */
import { stallsAt, type Thresholds } from './settings.js';
import { isSkewed, type InboxMessage } from './inbox.js';
import { firstLine, requestIdOf, verdictOf } from '../decode/protocol.js';

export type HandshakeKind = 'shutdown' | 'permission' | 'plan_approval' | 'sandbox_permission' | 'join' | (string & {});

/**
 * `abandoned`: open, but nobody is left to answer it or to wait for the answer
 * (see isAbandoned). It never stalls: an alarm that can never clear is noise.
 */
export type HandshakeState = 'pending' | 'stalled' | 'approved' | 'rejected' | 'abandoned';

export const REQUEST_KINDS: Readonly<Record<string, HandshakeKind>> = {
  shutdown_request: 'shutdown',
  permission_request: 'permission',
  plan_approval_request: 'plan_approval',
  sandbox_permission_request: 'sandbox_permission',
  join_request: 'join',
};

/** What a response type answers, for a response whose request was never seen. */
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

/** A request paired with its response (if any), before it is judged against a clock. */
export interface Pairing {
  readonly kind: HandshakeKind;
  readonly requestId: string;
  /** Who asked: the request's sender (for an orphan response, its recipient). */
  readonly from: string;
  /** Who was asked: the request's recipient (for an orphan response, its sender). */
  readonly to: string;
  readonly request: InboxMessage | null;
  /** The first answer: the one that closed it. */
  readonly response: InboxMessage | null;
  /**
   * Every answer, oldest first. 2.1.330's lead approves a plan on its own, then
   * the lead's model may answer it again: the second answer is as real as the first.
   */
  readonly responses: readonly InboxMessage[];
}

/** One answer to a request, judged. */
export interface Answer {
  readonly state: 'approved' | 'rejected';
  /** Epoch ms; null when its timestamp is unreadable. */
  readonly at: number | null;
  readonly from: string;
  readonly message: InboxMessage;
}

export interface Handshake extends Pairing {
  readonly state: HandshakeState;
  /** Epoch ms; null for an orphan response. */
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
  /** Every answer, oldest first (`state` is the first one's). */
  readonly answers: readonly Answer[];
  /** Answered both yes and no. */
  readonly contradicting: boolean;
}

export function isRequest(message: InboxMessage): boolean {
  return Object.hasOwn(REQUEST_KINDS, message.kind);
}

/** A request, or a message that may answer one: a protocol message carrying a request id. */
export function takesPartInHandshake(message: InboxMessage): boolean {
  return message.data !== null && requestIdOf(message.data) !== undefined;
}

/** A message that may answer a request: any protocol message carrying a request id, other than a request. */
export function responseId(message: InboxMessage): string | undefined {
  if (!message.data || isRequest(message)) return undefined;
  return requestIdOf(message.data);
}

/**
 * Who asked: the sender, but for a join request, the name it asks to join as
 * (the sender is not on the team yet, and may write under another name).
 */
export function askerOf(request: InboxMessage): string {
  const proposed = request.kind === 'join_request' ? request.data?.['proposedName'] : undefined;
  return typeof proposed === 'string' && proposed !== '' ? proposed : request.from;
}

/**
 * When a request was made: its timestamp, unless teamtop saw it come earlier
 * than that (a request stamped in 2100 was made when it was seen, and stalls
 * from then). Null when neither is known.
 */
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

/**
 * Open, and between members of whom one is `gone` (has shut down, or left the
 * roster): the one asked will never answer, or the one who asked no longer waits.
 */
function isAbandoned(pairing: Pairing, gone: ReadonlySet<string>): boolean {
  return pairing.response === null && pairing.request !== null && (gone.has(pairing.to) || gone.has(pairing.from));
}

/**
 * Open, with a request of known time, stalled by `thresholds` (exactly at
 * the threshold counts), and not abandoned by the `gone` members.
 */
export function isStalled(pairing: Pairing, now: number, thresholds: Thresholds, gone = NOBODY): boolean {
  return (
    pairing.response === null &&
    pairing.request !== null &&
    requestAgedFrom(pairing.request) !== null &&
    now >= stallsAt(Math.min(requestAgedFrom(pairing.request)!, now), thresholds) &&
    !isAbandoned(pairing, gone)
  );
}

/**
 * An open pairing's state as of `now`: `abandoned` when one side is among the
 * `gone` members, else `pending` while not yet stalled by `thresholds` and
 * `stalled` from then on (exactly at the threshold counts as stalled).
 */
export const openState = (pairing: Pairing, now: number, thresholds: Thresholds, gone = NOBODY): HandshakeState =>
  isAbandoned(pairing, gone) ? 'abandoned' : isStalled(pairing, now, thresholds) ? 'stalled' : 'pending';

/**
 * Judge pairings as of `now`: an open one by openState, a closed one
 * `rejected` on an explicit no, else `approved`. Nothing else in a judgement
 * depends on `now`: an age is worked out when it is drawn (ageSecondsAt).
 */
export function judgeHandshake(pairing: Pairing, now: number, thresholds: Thresholds, gone = NOBODY): Handshake {
  const askedAt = pairing.request ? requestedAt(pairing.request) : null;
  const respondedAt = pairing.response && Number.isFinite(pairing.response.time) ? pairing.response.time : null;
  const answers = pairing.responses.map((message): Answer => ({
    state: answerState(message),
    at: Number.isFinite(message.time) ? message.time : null,
    from: message.from,
    message,
  }));
  // The pairing's fields named one by one, not spread: a long run judges thousands, and a spread
  // followed by nine more fields was most of the cost of each.
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

/** Still awaited: pending or stalled (an abandoned one is awaited by nobody). */
export const isOpen = (handshake: { readonly state: HandshakeState }): boolean =>
  handshake.state === 'pending' || handshake.state === 'stalled';

const newestFirst = (a: Handshake, b: Handshake) => (b.respondedAt ?? b.requestedAt ?? 0) - (a.respondedAt ?? a.requestedAt ?? 0);

/**
 * Open handshakes first (oldest first: the longest wait on top), then closed
 * ones, newest first, then abandoned ones, newest first.
 */
export function orderHandshakes(handshakes: readonly Handshake[]): Handshake[] {
  const open = handshakes.filter(isOpen).sort((a, b) => (a.requestedAt ?? 0) - (b.requestedAt ?? 0));
  const closed = handshakes.filter((handshake) => !isOpen(handshake) && handshake.state !== 'abandoned').sort(newestFirst);
  const abandoned = handshakes.filter((handshake) => handshake.state === 'abandoned').sort(newestFirst);
  return [...open, ...closed, ...abandoned];
}

/**
 * Pairing requests with their answers, as a ledger folded one message at a
 * time: a team's handshakes are paired again from what was added, not from all
 * its mail, when the new messages are the latest (see selectors/pairings.ts).
 */
import { askerOf, isRequest, REQUEST_KINDS, RESPONSE_KINDS, responseId, type Pairing } from './handshakes.js';
import { byTime, type InboxMessage } from './inbox.js';
import { requestIdOf } from '../decode/protocol.js';

/** Requests and their answers by id, as far as the messages folded in so far go. */
export interface HandshakeLedger {
  readonly requests: Map<string, InboxMessage>;
  /** Copied when one grows: a pairing handed out keeps the answers it had. */
  readonly responses: Map<string, readonly InboxMessage[]>;
}

export const newLedger = (): HandshakeLedger => ({ requests: new Map(), responses: new Map() });

/** Fold one more message, the latest by time, into `ledger`. */
export function recordHandshake({ requests, responses }: HandshakeLedger, message: InboxMessage): void {
  if (isRequest(message) && message.data) {
    const id = requestIdOf(message.data);
    if (id !== undefined && !requests.has(id)) requests.set(id, message);
    return;
  }
  const id = responseId(message);
  if (id !== undefined) responses.set(id, [...(responses.get(id) ?? []), message]);
}

const NO_ANSWERS: readonly InboxMessage[] = [];

/** A pairing of `ledger`; `known` when it says the same (so what was judged of it is kept). */
function pairingOf({ requests, responses }: HandshakeLedger, requestId: string, known: Pairing | undefined): Pairing {
  const request = requests.get(requestId) ?? null;
  const answers = responses.get(requestId) ?? NO_ANSWERS;
  if (known && known.request === request && known.responses === answers) return known;
  if (request) {
    return {
      kind: REQUEST_KINDS[request.kind]!,
      requestId,
      from: askerOf(request),
      to: request.to,
      request,
      response: answers[0] ?? null,
      responses: answers,
    };
  }
  const response = answers[0]!;
  return {
    // Own keys only: a type named `constructor` is not Object's.
    kind: Object.hasOwn(RESPONSE_KINDS, response.kind) ? RESPONSE_KINDS[response.kind]! : response.kind,
    requestId,
    from: response.to,
    to: response.from,
    request: null,
    response,
    responses: answers,
  };
}

/** The pairings of `ledger`, oldest request first, then the orphans; `known` by id are kept when unchanged. */
export function pairingsOf(ledger: HandshakeLedger, known?: ReadonlyMap<string, Pairing>): Pairing[] {
  const pairings: Pairing[] = [];
  for (const requestId of ledger.requests.keys()) pairings.push(pairingOf(ledger, requestId, known?.get(requestId)));
  for (const requestId of ledger.responses.keys()) {
    if (!ledger.requests.has(requestId)) pairings.push(pairingOf(ledger, requestId, known?.get(requestId)));
  }
  return pairings;
}

/**
 * Pair requests and responses by id. The first request with an id opens the
 * handshake; the first response with that id closes it, and every later one is
 * kept as a further answer. Responses nobody asked for are kept as orphans.
 * Oldest request first.
 */
export function pairHandshakes(messages: readonly InboxMessage[]): Pairing[] {
  const ledger = newLedger();
  for (const message of [...messages].sort(byTime)) recordHandshake(ledger, message);
  return pairingsOf(ledger);
}

/** Requests paired with their answers in a ledger folded one message at a time, so new mail is paired without the rest. */
import { askerOf, isRequest, REQUEST_KINDS, RESPONSE_KINDS, responseId, type Pairing } from './handshakes.js';
import { byTime, type InboxMessage } from './inbox.js';
import { requestIdOf } from '../decode/protocol.js';

export interface HandshakeLedger {
  readonly requests: Map<string, InboxMessage>;
  /** Copied when one grows: a pairing handed out keeps the answers it had. */
  readonly responses: Map<string, readonly InboxMessage[]>;
}

export const newLedger = (): HandshakeLedger => ({ requests: new Map(), responses: new Map() });

/** `message` must be the latest by time. */
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

/** `known` when it says the same, so what was diagnosed of it is kept. */
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

export function pairingsOf(ledger: HandshakeLedger, known?: ReadonlyMap<string, Pairing>): Pairing[] {
  const pairings: Pairing[] = [];
  for (const requestId of ledger.requests.keys()) pairings.push(pairingOf(ledger, requestId, known?.get(requestId)));
  for (const requestId of ledger.responses.keys()) {
    if (!ledger.requests.has(requestId)) pairings.push(pairingOf(ledger, requestId, known?.get(requestId)));
  }
  return pairings;
}

/** The first response closes a handshake; later ones are further answers; those nobody asked for are orphans. */
export function pairHandshakes(messages: readonly InboxMessage[]): Pairing[] {
  const ledger = newLedger();
  for (const message of [...messages].sort(byTime)) recordHandshake(ledger, message);
  return pairingsOf(ledger);
}

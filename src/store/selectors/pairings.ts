/**
 * Requests paired with their answers, from the messages that take part in
 * handshakes: folded per inbox as it grows.
 */
import { pairHandshakes, takesPartInHandshake, type Pairing } from '../../domain/handshakes.js';
import type { InboxMessage } from '../../domain/inbox.js';
import type { TeamState } from '../state.js';
import { memoize, memoizeGrowing } from './memo.js';

/** The messages of an inbox that take part in handshakes. */
const handshakeMessagesIn = memoizeGrowing((messages, start, base: readonly InboxMessage[] | undefined): readonly InboxMessage[] => {
  const added: InboxMessage[] = [];
  for (let i = start; i < messages.length; i++) if (takesPartInHandshake(messages[i]!)) added.push(messages[i]!);
  return base && added.length === 0 ? base : [...(base ?? []), ...added];
});

/** Every request/response pairing of a team, oldest request first. */
export const selectPairings = memoize((inboxes: TeamState['inboxes']): Pairing[] =>
  pairHandshakes([...inboxes.values()].flatMap(handshakeMessagesIn)),
);

/**
 * Requests paired with their answers, from the messages that take part in
 * handshakes: folded per inbox as it grows, and paired again only when one of
 * those changed (most mail is idle notifications and plain text).
 */
import { pairHandshakes, takesPartInHandshake, type Pairing } from '../../domain/handshakes.js';
import type { InboxMessage } from '../../domain/inbox.js';
import type { TeamState } from '../state.js';
import { memoize, memoizeGrowing } from './memo.js';

/** The messages of an inbox that take part in handshakes. */
const handshakeMessagesIn = memoizeGrowing(
  (messages, start, base: readonly InboxMessage[] | undefined): readonly InboxMessage[] => {
    const added: InboxMessage[] = [];
    for (let i = start; i < messages.length; i++) if (takesPartInHandshake(messages[i]!)) added.push(messages[i]!);
    return base && added.length === 0 ? base : [...(base ?? []), ...added];
  },
  // Delivered or read: the same message, which a detector may ask about (when it was taken).
  (base, before, after) => {
    if (!takesPartInHandshake(before)) return base;
    const place = base.lastIndexOf(before);
    return place < 0 ? undefined : base.with(place, after);
  },
);

/** The last pairing worked out for a team, by its first inbox's list, and the lists it was worked out from. */
const last = new WeakMap<readonly InboxMessage[], { readonly lists: readonly (readonly InboxMessage[])[]; readonly pairings: Pairing[] }>();

/** Every request/response pairing of a team, oldest request first. */
export const selectPairings = memoize((inboxes: TeamState['inboxes']): Pairing[] => {
  const lists = [...inboxes.values()].map(handshakeMessagesIn);
  const [first] = lists;
  const known = first && last.get(first);
  if (known && known.lists.length === lists.length && known.lists.every((list, i) => list === lists[i])) return known.pairings;
  const pairings = pairHandshakes(lists.flat());
  if (first) last.set(first, { lists, pairings });
  return pairings;
});

/** A team's pairings by the member they can say something about. */
export interface PairingIndex {
  /** The shutdown requests sent to a member, and its own other requests still open: what its status reads. */
  about(name: string): readonly Pairing[];
  /** Join requests (or answers to ones never seen), in pairing order. */
  readonly joins: readonly Pairing[];
}

const NONE: readonly Pairing[] = [];

/**
 * Once per version of the pairings: a long run has thousands, nearly all
 * answered, and each member's status walked them all on every change.
 */
export const selectPairingIndex = memoize((pairings: Pairing[]): PairingIndex => {
  const about = new Map<string, Pairing[]>();
  const add = (name: string, pairing: Pairing) => {
    const list = about.get(name);
    if (list) list.push(pairing);
    else about.set(name, [pairing]);
  };
  const joins: Pairing[] = [];
  for (const pairing of pairings) {
    if (pairing.kind === 'shutdown') add(pairing.to, pairing);
    else if (pairing.response === null) add(pairing.from, pairing);
    if (pairing.kind === 'join') joins.push(pairing);
  }
  return { about: (name) => about.get(name) ?? NONE, joins };
});

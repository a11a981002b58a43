import { takesPartInHandshake, type Pairing } from '../model/handshakes.js';
import { newLedger, pairingsOf, recordHandshake, type HandshakeLedger } from '../model/pairing.js';
import { byTime } from '../model/inbox.js';
import type { InboxMessage } from '../model/inbox.js';
import type { TeamState } from '../facts/index.js';
import { memoize, memoizeGrowing } from './memo.js';

/** The messages of an inbox that take part in handshakes: most mail does not, and a change to it pairs nothing again. */
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

interface Paired {
  readonly lists: readonly (readonly InboxMessage[])[];
  readonly ledger: HandshakeLedger;
  readonly byId: ReadonlyMap<string, Pairing>;
  readonly latest: number;
  readonly pairings: Pairing[];
}

/** The last pairing worked out for a team, by its first handshake message (which stays as the team's mail grows). */
const last = new WeakMap<InboxMessage, Paired>();

const timeOf = (message: InboxMessage): number => (Number.isNaN(message.time) ? Number.POSITIVE_INFINITY : message.time);

/** What `lists` add to `known`'s, oldest first, if each only grew and all of it came after everything known; else undefined. */
function addedAfter(known: Paired, lists: readonly (readonly InboxMessage[])[]): InboxMessage[] | undefined {
  if (lists.length < known.lists.length) return undefined;
  const added: InboxMessage[] = [];
  for (const [i, list] of lists.entries()) {
    const before = known.lists[i] ?? [];
    if (list.length < before.length || before.some((message, j) => message !== list[j])) return undefined;
    for (let j = before.length; j < list.length; j++) {
      if (!(timeOf(list[j]!) > known.latest)) return undefined;
      added.push(list[j]!);
    }
  }
  return added.sort(byTime);
}

function paired(lists: readonly (readonly InboxMessage[])[], known: Paired | undefined): Paired {
  const added = known && addedAfter(known, lists);
  if (known && added?.length === 0) return { ...known, lists };
  const ledger = added ? known.ledger : newLedger();
  const messages = added ?? lists.flat().sort(byTime);
  for (const message of messages) recordHandshake(ledger, message);
  const pairings = pairingsOf(ledger, added ? known.byId : undefined);
  const latest = messages.reduce((at, message) => Math.max(at, timeOf(message)), added ? known.latest : Number.NEGATIVE_INFINITY);
  return { lists, ledger, byId: new Map(pairings.map((pairing) => [pairing.requestId, pairing])), latest, pairings };
}

/** Every pairing of a team, oldest request first, folded on as its mail grows: what was paired keeps its pairing. */
export const selectPairings = memoize((inboxes: TeamState['inboxes']): Pairing[] => {
  const lists = [...inboxes.values()].map(handshakeMessagesIn);
  const first = lists.find((list) => list.length > 0)?.[0];
  if (!first) return [];
  const known = last.get(first);
  if (known && known.lists.length === lists.length && known.lists.every((list, i) => list === lists[i])) return known.pairings;
  const next = paired(lists, known);
  last.set(first, next);
  return next.pairings;
});

export interface PairingIndex {
  /** The shutdown requests sent to a member, and its own other requests still open: what its status reads. */
  about(name: string): readonly Pairing[];
  /** Join requests (or answers to ones never seen), in pairing order. */
  readonly joins: readonly Pairing[];
  /** Permission requests not answered yet, in pairing order: who waits for a prompt (work.ts). */
  readonly openPermissions: readonly AskedPairing[];
}

export type AskedPairing = Pairing & { readonly request: InboxMessage };

const asked = (pairing: Pairing): pairing is AskedPairing => pairing.request !== null;

const NONE: readonly Pairing[] = [];

/** Once per version of the pairings: a long run has thousands, and each member's status walked them all on every change. */
export const selectPairingIndex = memoize((pairings: Pairing[]): PairingIndex => {
  const about = new Map<string, Pairing[]>();
  const add = (name: string, pairing: Pairing) => {
    const list = about.get(name);
    if (list) list.push(pairing);
    else about.set(name, [pairing]);
  };
  const joins: Pairing[] = [];
  const openPermissions: AskedPairing[] = [];
  for (const pairing of pairings) {
    if (pairing.kind === 'shutdown') add(pairing.to, pairing);
    else if (pairing.response === null) add(pairing.from, pairing);
    if (pairing.kind === 'join') joins.push(pairing);
    if (pairing.kind === 'permission' && pairing.response === null && asked(pairing)) openPermissions.push(pairing);
  }
  return { about: (name) => about.get(name) ?? NONE, joins, openPermissions };
});

/**
 * Whatever order one team's inbox files change in, and however their reads
 * arrive (torn, stale, shuffled, after the file went), the store's inbox
 * histories keep every message ever seen, each once, and end where a fresh
 * store given every message ever seen and then the files as they ended up does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byTime, type InboxMessage } from '../../src/core/model/inbox.js';
import type { Observation } from '../../src/core/model/observation.js';
import { positionOf, type InboxHistory } from '../../src/core/facts/index.js';
import { createStore } from '../../src/core/store.js';
import { FileInterpreter } from '../../src/core/decode/interpreter.js';
import { iso, T0 } from '../helpers/observations.js';
import type { AppState } from '../../src/core/app-state.js';

const TEAM = 'team';
const MEMBERS = ['lead', 'worker', 'helper'] as const;
type Member = (typeof MEMBERS)[number];
const pathOf = (member: Member) => `teams/${TEAM}/inboxes/${member}.json`;

/**
 * The messages files are made of: with and without msg_id, equal times, no
 * time, the same content under two ids, protocol messages, and an element that
 * is no message at all (no text). A message keeps its fields wherever it goes;
 * only `read` changes.
 */
const POOL: readonly Record<string, string>[] = [
  { from: 'worker', text: 'hello', timestamp: iso(1) },
  { from: 'worker', text: 'hello', timestamp: iso(1), msg_id: 'm-1' },
  { from: 'lead', text: JSON.stringify({ type: 'shutdown_request', requestId: 's-1', from: 'lead' }), timestamp: iso(2), msg_id: 'm-2' },
  { from: 'helper', text: 'no time' },
  { from: 'worker', text: 'same time', timestamp: iso(2) },
  { from: 'helper', text: JSON.stringify({ type: 'idle_notification', idleReason: 'available' }), timestamp: iso(0) },
  { from: 'worker', text: 'later', timestamp: iso(5), msg_id: 'm-3' },
  { from: 'lead', text: 'earlier', timestamp: iso(-5) },
  { from: 'worker', timestamp: iso(3) },
];

type Element = Record<string, string | boolean>;
type Pick = readonly [index: number, read: boolean];
const elementOf = ([index, read]: Pick): Element => ({ ...POOL[index]!, read });

// ------------------------------------------------------------------- events

/** How one file changes: what Claude Code does to an inbox, and what goes wrong around it. */
type Change =
  | { readonly kind: 'write'; readonly picks: readonly Pick[] }
  | { readonly kind: 'append'; readonly picks: readonly Pick[] }
  | { readonly kind: 'mark-read'; readonly index: number }
  | { readonly kind: 'deliver'; readonly count: number }
  | { readonly kind: 'delete' };

type Event =
  /** A change, read once (and, when torn, a prefix of the new text first). */
  | { readonly kind: 'change'; readonly member: Member; readonly change: Change; readonly torn?: number; readonly final: boolean }
  /** A temp file renamed onto another inbox's name (a rename read as a removal and a write, in either order). */
  | { readonly kind: 'rename'; readonly from: Member; readonly to: Member; readonly removalFirst: boolean }
  /** Changes to one file whose reads arrive in a shuffled order. */
  | { readonly kind: 'burst'; readonly member: Member; readonly changes: readonly Change[]; readonly order: readonly number[] };

const member = fc.constantFrom(...MEMBERS);
const pick = fc.tuple(fc.nat({ max: POOL.length - 1 }), fc.boolean());
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('write' as const), picks: fc.array(pick, { maxLength: 5 }) }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('append' as const), picks: fc.array(pick, { minLength: 1, maxLength: 3 }) }) },
  fc.record({ kind: fc.constant('mark-read' as const), index: fc.nat({ max: 6 }) }),
  fc.record({ kind: fc.constant('deliver' as const), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('delete' as const) }),
);
const event: fc.Arbitrary<Event> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(
      { kind: fc.constant('change' as const), member, change, final: fc.boolean() },
      { requiredKeys: ['kind', 'member', 'change', 'final'] },
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('change' as const),
      member,
      change,
      torn: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      final: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rename' as const), from: member, to: member, removalFirst: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(member, fc.array(change, { minLength: 2, maxLength: 4 }))
      .chain(([who, changes]) =>
        fc
          .shuffledSubarray([...changes.keys()], { minLength: changes.length, maxLength: changes.length })
          .map((order) => ({ kind: 'burst' as const, member: who, changes, order })),
      ),
  },
);
const indent = fc.constantFrom(undefined, 2);

// ------------------------------------------------------------------ the run

/** What the loader hands the interpreter: a file's text as read, or its removal. */
type Delivery =
  | { readonly kind: 'read'; readonly member: Member; readonly text: string; readonly final: boolean }
  | { readonly kind: 'gone'; readonly member: Member };

const inboxOf = (state: AppState, name: string): InboxHistory | undefined => state.teams.get(TEAM)?.inboxes.get(name);

/** The invariants that hold after every step. */
function expectSound(history: InboxHistory | undefined, seen: ReadonlyMap<string, InboxMessage>): void {
  if (seen.size === 0 && !history) return;
  expect(history).toBeDefined();
  const { messages } = history!;
  // Never duplicated, and every message is where the index says.
  expect(new Set(messages.map((message) => message.key)).size).toBe(messages.length);
  messages.forEach((message, position) => expect(positionOf(history!, message.key)).toBe(position));
  // Never lost once seen.
  for (const key of seen.keys()) expect(positionOf(history!, key)).toBeDefined();
  // What the file holds, in time order.
  expect(messages.filter((message) => !message.delivered)).toHaveLength(history!.present);
  for (let i = 1; i < messages.length; i++) expect(byTime(messages[i - 1]!, messages[i]!)).toBeLessThanOrEqual(0);
}

/** An inbox's messages compared the way they show: per key, whether delivered and whether read. */
const flags = (history: InboxHistory | undefined) =>
  new Map(history?.messages.map((message) => [message.key, { delivered: message.delivered, read: message.read }]));

function run(events: readonly Event[], space: number | undefined): void {
  const disk = new Map<Member, Element[]>();
  const interpreter = new FileInterpreter();
  const store = createStore();
  /** Per inbox, every message a successful read gave, by key: the version seen last. */
  const seen = new Map<string, Map<string, InboxMessage>>(MEMBERS.map((name) => [name, new Map()]));
  let at = T0;

  const text = (elements: readonly Element[]) => JSON.stringify(elements, null, space);

  const deliver = (delivery: Delivery) => {
    const path = pathOf(delivery.member);
    const observations: Observation[] =
      delivery.kind === 'read'
        ? interpreter.interpret(path, delivery.text, at++, { live: true, final: delivery.final, trustAppends: false }).observations
        : interpreter.remove(path, at++, true);
    for (const observation of observations) {
      if (observation.kind !== 'inbox') continue;
      // The history takes the first copy of a key in a read.
      const copies = new Set<string>();
      for (const message of observation.messages) {
        if (copies.has(message.key)) continue;
        copies.add(message.key);
        seen.get(observation.member)!.set(message.key, message);
      }
    }
    store.dispatch({ type: 'observed', observations });
    for (const name of MEMBERS) expectSound(inboxOf(store.getState(), name), seen.get(name)!);
  };

  /** Apply a change to the disk; what a read of the file right after it gives. */
  const apply = (who: Member, what: Change): Delivery => {
    const elements = disk.get(who);
    switch (what.kind) {
      case 'write':
        disk.set(who, what.picks.map(elementOf));
        break;
      case 'append':
        disk.set(who, [...(elements ?? []), ...what.picks.map(elementOf)]);
        break;
      case 'mark-read':
        if (elements && elements.length > 0) {
          const index = what.index % elements.length;
          disk.set(
            who,
            elements.map((element, i) => (i === index ? { ...element, read: true } : element)),
          );
        }
        break;
      case 'deliver':
        if (elements) disk.set(who, elements.slice(what.count));
        break;
      case 'delete':
        disk.delete(who);
        break;
    }
    const now = disk.get(who);
    return now ? { kind: 'read', member: who, text: text(now), final: false } : { kind: 'gone', member: who };
  };

  for (const step of events) {
    switch (step.kind) {
      case 'change': {
        const delivery = apply(step.member, step.change);
        if (step.torn !== undefined && delivery.kind === 'read') {
          deliver({ ...delivery, text: delivery.text.slice(0, Math.floor(step.torn * delivery.text.length)), final: step.final });
        }
        deliver(delivery.kind === 'read' ? { ...delivery, final: step.final } : delivery);
        break;
      }
      case 'rename': {
        const moved = disk.get(step.from);
        if (!moved || step.from === step.to) break;
        disk.delete(step.from);
        disk.set(step.to, moved);
        const reads: Delivery[] = [
          { kind: 'gone', member: step.from },
          { kind: 'read', member: step.to, text: text(moved), final: true },
        ];
        for (const delivery of step.removalFirst ? reads : reads.reverse()) deliver(delivery);
        break;
      }
      case 'burst': {
        const deliveries = step.changes.map((what) => apply(step.member, what));
        for (const index of step.order) deliver(deliveries[index]!);
        break;
      }
    }
  }

  // The loader's last word: every file read as it ended up, removals noticed.
  for (const name of MEMBERS) {
    const elements = disk.get(name);
    if (elements) deliver({ kind: 'read', member: name, text: text(elements), final: true });
    else if (interpreter.knows(pathOf(name))) deliver({ kind: 'gone', member: name });
  }

  // A fresh store, given every message ever seen and then only the files as they ended up.
  const fresh = createStore();
  const observed = (observations: Observation[]) => fresh.dispatch({ type: 'observed', observations });
  for (const name of MEMBERS) {
    const everything = [...seen.get(name)!.values()];
    if (everything.length > 0) observed([{ kind: 'inbox', team: TEAM, member: name, messages: everything, at: T0, live: false }]);
  }
  for (const name of MEMBERS) {
    const elements = disk.get(name);
    if (elements) observed(new FileInterpreter().interpret(pathOf(name), text(elements), at, { live: true, final: true }).observations);
    else observed([{ kind: 'file-gone', target: { kind: 'inbox', team: TEAM, member: name }, at, live: true }]);
  }

  for (const name of MEMBERS) {
    const history = inboxOf(store.getState(), name);
    const expected = inboxOf(fresh.getState(), name);
    // The same messages, each delivered (gone from its file) or not, read or not, alike.
    expect(flags(history)).toEqual(flags(expected));
    expect(history?.present ?? 0).toBe(expected?.present ?? 0);
    expect(history?.exists ?? false).toBe(disk.has(name));
    // Spelled out: every message ever seen; those in the file as it ended up are not
    // delivered and read as the file says (its first copy), the others delivered.
    const inFile = new Map<string, boolean>();
    const elements = disk.get(name) ?? [];
    const final =
      elements.length > 0
        ? new FileInterpreter().interpret(pathOf(name), text(elements), at, { live: true, final: true }).observations
        : [];
    for (const observation of final) {
      if (observation.kind !== 'inbox') continue;
      for (const message of observation.messages) if (!inFile.has(message.key)) inFile.set(message.key, message.read);
    }
    expect(new Set(flags(history).keys())).toEqual(new Set(seen.get(name)!.keys()));
    for (const message of history?.messages ?? []) {
      expect(message.delivered).toBe(!inFile.has(message.key));
      expect(message.read).toBe(inFile.get(message.key) ?? seen.get(name)!.get(message.key)!.read);
    }
  }
}

describe('the store under any sequence of inbox file events (property)', () => {
  it('keeps every message seen, once, and ends as a fresh store given the history and the final files', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 14 }), indent, (events, space) => run(events, space)),
      { numRuns: 200 },
    );
  });

  it('handles the plain case: appends, reads marked, delivered messages removed, the file deleted and made again', () => {
    run(
      [
        {
          kind: 'change',
          member: 'lead',
          change: {
            kind: 'append',
            picks: [
              [0, false],
              [6, false],
            ],
          },
          final: false,
        },
        { kind: 'change', member: 'lead', change: { kind: 'append', picks: [[2, false]] }, final: false },
        { kind: 'change', member: 'lead', change: { kind: 'mark-read', index: 1 }, final: false },
        { kind: 'change', member: 'lead', change: { kind: 'deliver', count: 2 }, torn: 0.5, final: false },
        { kind: 'change', member: 'lead', change: { kind: 'delete' }, final: false },
        { kind: 'change', member: 'lead', change: { kind: 'write', picks: [[6, true]] }, final: true },
      ],
      2,
    );
  });
});

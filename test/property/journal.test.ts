/**
 * Whatever an inbox goes through (appends, rewrites that mark messages read,
 * deliver and delete them, reorder or duplicate them, elements that are no
 * messages, torn and broken reads, removals) and however often teamtop is
 * restarted meanwhile, replaying the journal reaches exactly the state the
 * live run reached, though the journal records changes rather than texts.
 */
import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Observation } from '../../src/core/model/observation.js';
import { replayRuns } from '../../src/io/journal/restore.js';
import { listRuns, namespaceDir } from '../../src/io/journal/store-dir.js';
import { JournalWriter } from '../../src/io/journal/writer.js';
import { snapshot } from '../../src/core/snapshot.js';
import { createStore, type Store } from '../../src/core/store.js';
import { FileInterpreter } from '../../src/core/decode/interpreter.js';
import { iso, T0 } from '../helpers/observations.js';

const MEMBERS = ['lead', 'worker'] as const;
type Member = (typeof MEMBERS)[number];
const pathOf = (member: Member) => `teams/t/inboxes/${member}.json`;

/** Messages with and without ids, equal keys, protocol messages, and elements that are no message at all. */
const POOL: readonly unknown[] = [
  { from: 'worker', text: 'hello', timestamp: iso(1) },
  { from: 'worker', text: 'hello', timestamp: iso(1), msg_id: 'm-1' },
  { from: 'lead', text: JSON.stringify({ type: 'shutdown_request', requestId: 's-1', from: 'lead' }), timestamp: iso(2), msg_id: 'm-2' },
  { from: 'helper', text: 'no time' },
  { from: 'worker', text: 'later', timestamp: iso(5), msg_id: 'm-3', summary: 'a summary' },
  { from: 'worker', text: 'later, edited', timestamp: iso(5), msg_id: 'm-3' },
  { from: 'lead', text: 'earlier', timestamp: iso(-5), color: 'blue' },
  { text: 'no sender' },
  'not an object',
];

type Step =
  | { readonly kind: 'write'; readonly member: Member; readonly picks: readonly (readonly [number, boolean])[] }
  | { readonly kind: 'append'; readonly member: Member; readonly picks: readonly (readonly [number, boolean])[] }
  | { readonly kind: 'mark-read'; readonly member: Member; readonly index: number }
  | { readonly kind: 'deliver'; readonly member: Member; readonly count: number }
  | { readonly kind: 'broken'; readonly member: Member; readonly final: boolean }
  | { readonly kind: 'delete'; readonly member: Member }
  | { readonly kind: 'restart' };

const member = fc.constantFrom(...MEMBERS);
const picks = (minLength: number) => fc.array(fc.tuple(fc.nat({ max: POOL.length - 1 }), fc.boolean()), { minLength, maxLength: 5 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('write' as const), member, picks: picks(0) }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('append' as const), member, picks: picks(1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('mark-read' as const), member, index: fc.nat({ max: 8 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deliver' as const), member, count: fc.integer({ min: 1, max: 3 }) }) },
  fc.record({ kind: fc.constant('broken' as const), member, final: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), member }),
  fc.record({ kind: fc.constant('restart' as const) }),
);

const json = (store: Store) => snapshot(store.getState(), { thresholds: DEFAULT_THRESHOLDS, claudeDir: '/claude', now: T0 + 3_600_000 });

function run(steps: readonly Step[], space: number | undefined): void {
  const state = mkdtempSync(join(tmpdir(), 'teamtop-journal-'));
  try {
    const namespace = namespaceDir(state, '/claude');
    let clock = T0;
    const now = () => clock++;
    const disk = new Map<Member, unknown[]>();
    let live = createStore();
    let interpreter = new FileInterpreter();
    let writer = new JournalWriter({
      thresholds: DEFAULT_THRESHOLDS,
      stateDir: state,
      namespace,
      claudeDir: '/claude',
      maxBytes: 1e9,
      now,
    });
    const observe = (observations: Observation[]) => {
      live.dispatch({ type: 'observed', observations });
      writer.record(observations);
    };
    const read = (who: Member, text: string, final: boolean) =>
      observe(
        interpreter.interpret(pathOf(who), text, now(), { live: true, final, record: writer.wants(pathOf(who)), trustAppends: false })
          .observations,
      );
    const text = (elements: readonly unknown[]) => JSON.stringify(elements, null, space);

    for (const current of steps) {
      if (current.kind === 'restart') {
        // As teamtop starts: the journal restored, and the live reader takes over from it.
        writer.close();
        const before = json(live);
        live = createStore();
        const restored = replayRuns(listRuns(namespace), (observations) => live.dispatch({ type: 'observed', observations }));
        expect(restored.notices).toEqual([]);
        expect(json(live)).toEqual(before);
        interpreter = restored.interpreter;
        writer = new JournalWriter({
          thresholds: DEFAULT_THRESHOLDS,
          stateDir: state,
          namespace,
          claudeDir: '/claude',
          maxBytes: 1e9,
          now,
          folders: restored.folders,
        });
        for (const who of MEMBERS) {
          const elements = disk.get(who);
          if (elements) read(who, text(elements), true);
        }
        continue;
      }
      const { member: who } = current;
      const elements = disk.get(who) ?? [];
      switch (current.kind) {
        case 'write':
        case 'append': {
          const added = current.picks.map(([index, flag]) => {
            const element = POOL[index];
            return typeof element === 'object' && element !== null ? { ...element, read: flag } : element;
          });
          disk.set(who, current.kind === 'write' ? added : [...elements, ...added]);
          break;
        }
        case 'mark-read':
          if (elements.length === 0) continue;
          disk.set(
            who,
            elements.map((element, i) =>
              i === current.index % elements.length && typeof element === 'object' ? { ...element, read: true } : element,
            ),
          );
          break;
        case 'deliver':
          disk.set(who, elements.slice(current.count));
          break;
        case 'broken':
          read(who, text(elements).slice(0, -1), current.final);
          continue;
        case 'delete':
          disk.delete(who);
          if (interpreter.knows(pathOf(who))) observe(interpreter.remove(pathOf(who), now(), true));
          continue;
      }
      read(who, text(disk.get(who)!), true);
    }
    writer.close();

    const replayed = createStore();
    const restored = replayRuns(listRuns(namespace), (observations) => replayed.dispatch({ type: 'observed', observations }));
    expect(restored.notices).toEqual([]);
    expect(json(replayed)).toEqual(json(live));
  } finally {
    rmSync(state, { recursive: true, force: true });
  }
}

describe('the journal, replayed', () => {
  it('reaches the state the live run reached, across restarts', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), fc.constantFrom(undefined, 2), (steps, space) => run(steps, space)),
      { numRuns: 200 },
    );
  });
});

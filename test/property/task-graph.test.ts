import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
/**
 * The task graph on any task list: cycles, self-loops, blockers that do not
 * exist, relations named on one side only, ids in any spelling. The rule, as
 * src/core/model/task-graph.ts defines it:
 *
 * - `u` blocks `t` when `t.blockedBy` names `u`, or when `u.blocks` names `t`
 *   (either side is enough);
 * - `t` is blocked when it is not deleted, completed or in progress, and some
 *   task that exists (has a file), is not completed and not deleted blocks it;
 * - a blocker named that has no file is `missing` and blocks nothing;
 * - the order puts every blocker before what it blocks, except within a cycle
 *   (a strongly connected set of tasks, or a task blocking itself), whose
 *   tasks come together, by id; among tasks free to go next, the smallest id
 *   goes first.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTask } from '../../src/core/decode/parse.js';
import type { Observation } from '../../src/core/model/observation.js';
import type { Task } from '../../src/core/model/schemas.js';
import { buildTaskGraph, compareIds, type TaskNode, type TaskRecord, type TaskState } from '../../src/core/model/task-graph.js';
import { advance } from '../../src/core/app-state.js';
import { selectTaskGraph } from '../../src/core/select/tasks.js';
import { initialState } from '../../src/core/app-state.js';

/** Ids as file names spell them, and as other tasks refer to them. */
const ID_POOL = [
  '0',
  '00',
  '1',
  '2',
  '3',
  '10',
  '01',
  '007',
  '7',
  '1a',
  '٣',
  'a',
  'A',
  'a1',
  'a01',
  'a10',
  'é',
  'e\u0301',
  'x',
  'x\u0000',
  '9007199254740992',
  '9007199254740993',
  '99999999999999999999',
  '100000000000000000000',
  '99999999999999999999x',
  '100000000000000000000x',
];
const id = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ID_POOL) },
  fc.string({ minLength: 1, maxLength: 3 }),
  fc.nat({ max: 20 }).map(String),
);
/** A reference to a task: an id, a number for a numeric one, or one no file holds. */
const ref = fc.oneof({ weight: 4, arbitrary: id }, fc.constantFrom('99', '', 'ghost'));
const status = fc.constantFrom<string | undefined>('pending', 'in_progress', 'completed', 'deleted', 'blocked?', undefined);

const taskFields = fc.record({
  status,
  blocks: fc.array(ref, { maxLength: 3 }),
  blockedBy: fc.array(ref, { maxLength: 3 }),
  deleted: fc.boolean(),
});

/** A task list: unique ids (one file each), relations to anything. */
const records = fc.uniqueArray(fc.tuple(id, taskFields), { selector: ([key]) => key, maxLength: 9 }).map(
  (entries) =>
    new Map<string, TaskRecord>(
      entries.map(([key, { status: value, blocks, blockedBy, deleted }]) => {
        const task: Task = { id: key, subject: `task ${key}`, blocks, blockedBy, ...(value === undefined ? {} : { status: value }) };
        return [key, { task, deleted: deleted && value !== 'deleted' }];
      }),
    ),
);

function shuffle<T>(items: readonly T[], keys: readonly number[]): T[] {
  return items
    .map((item, i) => [keys[i % Math.max(1, keys.length)] ?? 0, i, item] as const)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([, , item]) => item);
}

// ------------------------------------------------------- a reference, plainly

const isDeleted = (record: TaskRecord) => record.deleted || record.task.status === 'deleted';

/** Every id that blocks `id`, from either side of the relation. */
function blockersOf(all: ReadonlyMap<string, TaskRecord>, id: string): Set<string> {
  const blockers = new Set(all.get(id)!.task.blockedBy);
  for (const [other, record] of all) if (record.task.blocks.includes(id)) blockers.add(other);
  return blockers;
}

function reference(all: ReadonlyMap<string, TaskRecord>) {
  const ids = [...all.keys()];
  const blockers = new Map(ids.map((key) => [key, blockersOf(all, key)]));
  // Edges between tasks that exist: blocker → blocked.
  const next = new Map(ids.map((key) => [key, ids.filter((other) => blockers.get(other)!.has(key))]));
  const reachable = new Map(
    ids.map((from) => {
      const seen = new Set<string>();
      const queue = [...next.get(from)!];
      while (queue.length > 0) {
        const at = queue.pop()!;
        if (seen.has(at)) continue;
        seen.add(at);
        queue.push(...next.get(at)!);
      }
      return [from, seen];
    }),
  );
  const sameCycle = (a: string, b: string) => a === b || (reachable.get(a)!.has(b) && reachable.get(b)!.has(a));
  const inCycle = (key: string) => reachable.get(key)!.has(key);

  // Components, then Kahn's order, smallest first id first.
  const components: string[][] = [];
  for (const key of ids)
    if (!components.some((members) => sameCycle(members[0]!, key)))
      components.push(ids.filter((other) => sameCycle(key, other)).sort(compareIds));
  const left = new Set(components);
  const order: string[] = [];
  while (left.size > 0) {
    const free = [...left].filter(
      (members) =>
        ![...left].some((other) => other !== members && other.some((from) => members.some((to) => next.get(from)!.includes(to)))),
    );
    const first = free.sort((a, b) => compareIds(a[0]!, b[0]!))[0]!;
    left.delete(first);
    order.push(...first);
  }

  const stateOf = (key: string, open: readonly string[]): TaskState => {
    const record = all.get(key)!;
    if (isDeleted(record)) return 'deleted';
    if (record.task.status === 'completed') return 'completed';
    if (record.task.status === 'in_progress') return 'in_progress';
    return open.length > 0 ? 'blocked' : 'ready';
  };
  const nodes = new Map(
    ids.map((key) => {
      const named = [...blockers.get(key)!];
      const open = named.filter((blocker) => {
        const other = all.get(blocker);
        return other !== undefined && other.task.status !== 'completed' && !isDeleted(other);
      });
      return [
        key,
        {
          state: stateOf(key, open),
          open: new Set(open),
          missing: new Set(named.filter((blocker) => !all.has(blocker))),
          inCycle: inCycle(key),
        },
      ];
    }),
  );
  return { order, nodes, sameCycle };
}

// ---------------------------------------------------------------- properties

describe('task ids (property)', () => {
  it('are ordered totally: antisymmetric, transitive, equal only when the same', () => {
    fc.assert(
      fc.property(ref, ref, ref, (a, b, c) => {
        const sign = (x: string, y: string) => Math.sign(compareIds(x, y));
        expect(sign(a, b) + sign(b, a)).toBe(0);
        expect(sign(a, b) === 0).toBe(a === b);
        if (sign(a, b) <= 0 && sign(b, c) <= 0) expect(sign(a, c)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the task graph of any task list (property)', () => {
  it('holds every task once, in an order that depends on nothing but the tasks, with states by the rule', () => {
    fc.assert(
      fc.property(records, fc.array(fc.integer()), (all, keys) => {
        const graph = buildTaskGraph(all);
        const ids = graph.map((node) => node.id);
        // Every task exactly once.
        expect([...ids].sort()).toEqual([...all.keys()].sort());
        // The same list given in another order gives the same graph.
        expect(buildTaskGraph(new Map(shuffle([...all], keys)))).toEqual(graph);

        const expected = reference(all);
        expect(ids).toEqual(expected.order);
        for (const node of graph) {
          const want = expected.nodes.get(node.id)!;
          expect({ id: node.id, state: node.state, inCycle: node.inCycle }).toEqual({
            id: node.id,
            state: want.state,
            inCycle: want.inCycle,
          });
          expect(new Set(node.openBlockers)).toEqual(want.open);
          expect(new Set(node.missing)).toEqual(want.missing);
          expect(node.openBlockers).toEqual([...node.openBlockers].sort(compareIds));
        }
        // Spelled out: a blocker that exists comes first, unless the two are in one cycle.
        const position = new Map(ids.map((key, i) => [key, i]));
        for (const node of graph) {
          for (const blocker of blockersOf(all, node.id)) {
            if (all.has(blocker) && !expected.sameCycle(blocker, node.id))
              expect(position.get(blocker)).toBeLessThan(position.get(node.id)!);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reaches the same graph from the same task files, whatever order they are read in', () => {
    /** A task file: its name, what it says (an id of its own maybe, numbers for ids), and whether it goes. */
    const file = fc.record({
      name: id.filter((name) => name !== '' && !/[\\/]/u.test(name)),
      inner: fc.oneof(fc.constant(undefined), id, fc.nat({ max: 12 })),
      status,
      blocks: fc.array(fc.oneof(ref, fc.nat({ max: 12 })), { maxLength: 3 }),
      blockedBy: fc.array(fc.oneof(ref, fc.nat({ max: 12 })), { maxLength: 3 }),
      removed: fc.boolean(),
    });
    const files = fc.uniqueArray(file, { selector: (each) => each.name, maxLength: 8 });
    fc.assert(
      fc.property(files, fc.array(fc.integer()), (list, keys) => {
        const read = (order: typeof list): TaskNode[] => {
          let state = advance(
            initialState,
            {
              type: 'observed',
              observations: [{ kind: 'folder', target: { kind: 'team-dir', team: 't' }, at: 0 }],
            },
            DEFAULT_THRESHOLDS,
          );
          for (const each of order) {
            const text = JSON.stringify({
              id: each.inner,
              subject: each.name,
              status: each.status,
              blocks: each.blocks,
              blockedBy: each.blockedBy,
            });
            const parsed = parseTask(text, each.name);
            if (!parsed.ok) throw new Error(parsed.message);
            const observations: Observation[] = [{ kind: 'task', team: 't', task: parsed.value, at: 1, live: false }];
            if (each.removed)
              observations.push({ kind: 'file-gone', target: { kind: 'task', team: 't', id: each.name }, at: 2, live: false });
            state = advance(state, { type: 'observed', observations }, DEFAULT_THRESHOLDS);
          }
          return selectTaskGraph(state.teams.get('t')!.tasks);
        };
        const graph = read(list);
        expect(read(shuffle(list, keys))).toEqual(graph);
        // One node per file, known by the file's name; a removed file's task shows as deleted.
        expect(graph.map((node) => node.id).sort()).toEqual(list.map((each) => each.name).sort());
        for (const each of list) if (each.removed) expect(graph.find((node) => node.id === each.name)?.state).toBe('deleted');
      }),
      { numRuns: 200 },
    );
  });

  it('terminates on a long chain closed into one cycle, and on a task blocking itself', () => {
    const size = 2000;
    const all = new Map<string, TaskRecord>();
    for (let i = 0; i < size; i++) {
      const key = String(i);
      all.set(key, { task: { id: key, blocks: [], blockedBy: [String((i + 1) % size), key] }, deleted: false });
    }
    const graph = buildTaskGraph(all);
    expect(graph).toHaveLength(size);
    expect(graph.every((node) => node.inCycle && node.state === 'blocked')).toBe(true);
    expect(graph.map((node) => node.id)).toEqual([...all.keys()]);
  });
});

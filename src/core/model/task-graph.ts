/** The team's task list as a dependency graph: open and missing blockers, cycles, and blockers-first order (ties by id). */
import type { Task } from './schemas.js';
import { orderedTopologicalSort, stronglyConnected } from './graph.js';
import { lazy } from './lazy.js';

export type TaskState = 'completed' | 'in_progress' | 'planning' | 'ready' | 'blocked' | 'deleted';

export interface TaskRecord {
  readonly task: Task;
  /** Claude Code deletes a task by deleting its file. */
  readonly deleted: boolean;
  /** Seen losing its owner (the client puts a task in progress back to pending as its owner shuts down): kept until it has one again. */
  readonly unowned?: { readonly owner: string; readonly at: number } | null;
  /** When its file was seen gone (a deleted task). */
  readonly deletedAt?: number;
}

/** Seen losing its owner (TaskRecord.unowned): who had it, kept until an owner comes again. */
export const unownedAfter = (before: TaskRecord | undefined, task: Task, at: number): TaskRecord['unowned'] =>
  task.owner ? null : before?.task.owner ? { owner: before.task.owner, at } : (before?.unowned ?? null);

export interface TaskNode {
  readonly id: string;
  readonly subject: string;
  readonly description: string;
  readonly status: string;
  readonly owner: string | null;
  readonly activeForm: string | null;
  readonly blockedBy: readonly string[];
  readonly blocks: readonly string[];
  /** A teammate tracker (`metadata._internal`), not a work item. */
  readonly internal: boolean;
  readonly state: TaskState;
  readonly openBlockers: readonly string[];
  readonly missing: readonly string[];
  readonly inCycle: boolean;
  /** Who had it until it was seen losing its owner, and when (null: not seen so). */
  readonly ownerBefore: { readonly owner: string; readonly at: number } | null;
}

const NUMERIC = /^\d+$/u;

const collator = lazy(() => new Intl.Collator('en', { numeric: true }));

/** Exactly: Number() would round past 2^53. */
function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/u, '');
  const y = b.replace(/^0+(?=\d)/u, '');
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
}

/**
 * Numbers compared as numbers. A total order: ids that read alike (`a1` and `a01`, `é` composed or not) are told
 * apart by code units, so an order never depends on the order the files were read in.
 */
export function compareIds(a: string, b: string): number {
  if (a === b) return 0;
  const alike = NUMERIC.test(a) && NUMERIC.test(b) ? compareDigits(a, b) : collator().compare(a, b);
  return alike || (a < b ? -1 : 1);
}

const sortIds = (ids: Iterable<string>): string[] => [...ids].sort(compareIds);

function isDone(record: TaskRecord): boolean {
  return record.task.status === 'completed';
}

function isDeleted(record: TaskRecord): boolean {
  return record.deleted || record.task.status === 'deleted';
}

function blockersOf(records: ReadonlyMap<string, TaskRecord>): Map<string, Set<string>> {
  const blockers = new Map<string, Set<string>>();
  const add = (blocked: string, blocker: string) => {
    let set = blockers.get(blocked);
    if (!set) blockers.set(blocked, (set = new Set()));
    set.add(blocker);
  };
  for (const [id, record] of records) {
    for (const blocker of record.task.blockedBy) add(id, blocker);
    for (const blocked of record.task.blocks) if (records.has(blocked)) add(blocked, id);
  }
  return blockers;
}

function dependencyOrder(
  ids: readonly string[],
  blockers: ReadonlyMap<string, ReadonlySet<string>>,
): { order: string[]; cyclic: Set<string> } {
  // ids come sorted, so a smaller number is a smaller id.
  const position = new Map(ids.map((id, n) => [id, n]));
  const blocks: number[][] = ids.map(() => []);
  ids.forEach((id, n) => {
    for (const blocker of blockers.get(id) ?? []) {
      const from = position.get(blocker);
      if (from !== undefined) blocks[from]!.push(n);
    }
  });
  const components = stronglyConnected(ids.length, (n) => blocks[n]!);
  const componentOf = new Int32Array(ids.length);
  components.forEach((members, c) => {
    members.sort((a, b) => a - b);
    for (const n of members) componentOf[n] = c;
  });
  const cyclic = new Set<string>();
  for (const members of components) {
    const only = ids[members[0]!]!;
    if (members.length > 1 || blockers.get(only)?.has(only)) for (const n of members) cyclic.add(ids[n]!);
  }
  const leadsTo = components.map(() => new Set<number>());
  blocks.forEach((blocked, n) => {
    for (const target of blocked) if (componentOf[target] !== componentOf[n]) leadsTo[componentOf[n]!]!.add(componentOf[target]!);
  });
  const order: string[] = [];
  const byFirstId = (a: number, b: number) => components[a]![0]! - components[b]![0]!;
  for (const c of orderedTopologicalSort(components.length, (c) => [...leadsTo[c]!], byFirstId)) {
    for (const n of components[c]!) order.push(ids[n]!);
  }
  return { order, cyclic };
}

function stateOf(record: TaskRecord, openBlockers: readonly string[]): TaskState {
  if (isDeleted(record)) return 'deleted';
  if (record.task.status === 'completed') return 'completed';
  if (record.task.status === 'in_progress') return 'in_progress';
  // swarm-tools: a task being planned is taken, though no work has started.
  if (record.task.status === 'planning') return 'planning';
  return openBlockers.length > 0 ? 'blocked' : 'ready';
}

export function buildTaskGraph(records: ReadonlyMap<string, TaskRecord>): TaskNode[] {
  const blockers = blockersOf(records);
  const ids = sortIds(records.keys());
  const { order, cyclic } = dependencyOrder(ids, blockers);
  return order.map((id) => {
    const record = records.get(id)!;
    const { task } = record;
    const all = sortIds(blockers.get(id) ?? []);
    const openBlockers = all.filter((blocker) => {
      const other = records.get(blocker);
      return other !== undefined && !isDone(other) && !isDeleted(other);
    });
    return {
      id,
      subject: task.subject ?? '',
      description: task.description ?? '',
      status: task.status ?? 'pending',
      owner: task.owner || null,
      activeForm: task.activeForm || null,
      blockedBy: task.blockedBy,
      blocks: task.blocks,
      internal: task.metadata?._internal === true,
      state: stateOf(record, openBlockers),
      openBlockers,
      missing: all.filter((blocker) => !records.has(blocker)),
      inCycle: cyclic.has(id),
      ownerBefore: task.owner ? null : (record.unowned ?? null),
    };
  });
}

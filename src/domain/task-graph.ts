/**
 * The team's task list as a dependency graph: each task's open blockers, missing
 * blockers and cycles, and an order in which every blocker comes before what it
 * blocks (cycles are kept together, ties go by id).
 */
import type { Task } from './schemas.js';
import { append } from './lists.js';

export type TaskState = 'completed' | 'in_progress' | 'planning' | 'ready' | 'blocked' | 'deleted';

export interface TaskRecord {
  readonly task: Task;
  /** The task's file was removed: Claude Code deletes a task by deleting its file. */
  readonly deleted: boolean;
}

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
  /** Blockers that exist and are not completed: what this task waits on. */
  readonly openBlockers: readonly string[];
  /** Blockers named that no task file has ever held. */
  readonly missing: readonly string[];
  readonly inCycle: boolean;
}

const NUMERIC = /^\d+$/u;

const collator = new Intl.Collator('en', { numeric: true });

/** Two runs of digits by value, exactly (Number() would round past 2^53). */
function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/u, '');
  const y = b.replace(/^0+(?=\d)/u, '');
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
}

/**
 * Task ids are file names: numbers in practice, compared as numbers when they
 * are. A total order: ids that read alike (`a1` and `a01`, `é` composed or not)
 * are told apart by their code units, so an order never depends on the order
 * the files were read in.
 */
export function compareIds(a: string, b: string): number {
  if (a === b) return 0;
  const alike = NUMERIC.test(a) && NUMERIC.test(b) ? compareDigits(a, b) : collator.compare(a, b);
  return alike || (a < b ? -1 : 1);
}

const sortIds = (ids: Iterable<string>): string[] => [...ids].sort(compareIds);

function isDone(record: TaskRecord): boolean {
  return record.task.status === 'completed';
}

function isDeleted(record: TaskRecord): boolean {
  return record.deleted || record.task.status === 'deleted';
}

/** Blocker → blocked edges, from both `blockedBy` and the other side's `blocks`. */
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

/** Strongly connected components (iterative Tarjan), each a list of ids. */
function components(ids: readonly string[], next: (id: string) => readonly string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const result: string[][] = [];
  let counter = 0;
  for (const root of ids) {
    if (index.has(root)) continue;
    const work: Array<{ id: string; edge: number }> = [{ id: root, edge: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = next(frame.id);
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ id: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.id, Math.min(low.get(frame.id)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(frame.id)!));
      if (low.get(frame.id) === index.get(frame.id)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.id);
        result.push(component);
      }
    }
  }
  return result;
}

/**
 * Every task, blockers first. Components of the blocker graph are ordered
 * topologically; among those ready at the same time, the smallest id goes first.
 */
function dependencyOrder(
  ids: readonly string[],
  blockers: ReadonlyMap<string, ReadonlySet<string>>,
): { order: string[]; cyclic: Set<string> } {
  const known = new Set(ids);
  const blocks = new Map<string, string[]>();
  for (const id of ids) {
    for (const blocker of blockers.get(id) ?? []) {
      if (!known.has(blocker)) continue;
      if (!blocks.has(blocker)) blocks.set(blocker, []);
      blocks.get(blocker)!.push(id);
    }
  }
  const sccs = components(ids, (id) => blocks.get(id) ?? []);
  const componentOf = new Map<string, number>();
  sccs.forEach((members, n) => {
    members.sort(compareIds);
    for (const id of members) componentOf.set(id, n);
  });
  const cyclic = new Set<string>();
  for (const members of sccs) {
    const only = members[0]!;
    if (members.length > 1 || blockers.get(only)?.has(only)) for (const id of members) cyclic.add(id);
  }

  const indegree = sccs.map(() => 0);
  const successors = sccs.map(() => new Set<number>());
  for (const [blocker, blockedIds] of blocks) {
    const from = componentOf.get(blocker)!;
    for (const blocked of blockedIds) {
      const to = componentOf.get(blocked)!;
      if (from !== to && !successors[from]!.has(to)) {
        successors[from]!.add(to);
        indegree[to]!++;
      }
    }
  }
  const byFirstId = (a: number, b: number) => compareIds(sccs[a]![0]!, sccs[b]![0]!);
  const ready = sccs
    .map((_, n) => n)
    .filter((n) => indegree[n] === 0)
    .sort(byFirstId);
  const order: string[] = [];
  while (ready.length > 0) {
    const n = ready.shift()!;
    append(order, sccs[n]!);
    for (const successor of successors[n]!) {
      if (--indegree[successor]! === 0) {
        ready.push(successor);
        ready.sort(byFirstId);
      }
    }
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

/** The task graph of one team, in dependency order. */
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
    };
  });
}

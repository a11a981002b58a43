import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTask } from '../../../src/core/decode/parse.js';
import { buildTaskGraph, compareIds, type TaskRecord } from '../../../src/core/model/task-graph.js';
import type { Task } from '../../../src/core/model/schemas.js';
import { FIXTURES } from '../../helpers/fixtures.js';

function zooTasks(): Map<string, TaskRecord> {
  const dir = join(FIXTURES, 'protocol-zoo/tasks/zoo');
  const records = new Map<string, TaskRecord>();
  for (const name of readdirSync(dir)) {
    const parsed = parseTask(readFileSync(join(dir, name), 'utf8'), name.replace('.json', ''));
    if (!parsed.ok) throw new Error(parsed.message);
    records.set(parsed.value.id, { task: parsed.value, deleted: false });
  }
  return records;
}

const task = (id: string, fields: Partial<Task> = {}): [string, TaskRecord] => [
  id,
  { task: { id, subject: `task ${id}`, status: 'pending', blocks: [], blockedBy: [], ...fields }, deleted: false },
];

describe('buildTaskGraph', () => {
  const graph = buildTaskGraph(zooTasks());
  const byId = new Map(graph.map((node) => [node.id, node]));

  it('puts every blocker before what it blocks, ties by id', () => {
    expect(graph.map((node) => node.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
  });

  it('counts only blockers that are not completed', () => {
    expect(byId.get('3')).toMatchObject({ state: 'ready', openBlockers: [] });
    expect(byId.get('4')).toMatchObject({ state: 'blocked', openBlockers: ['2', '3'] });
  });

  it('marks cycles and missing blockers', () => {
    expect(byId.get('5')).toMatchObject({ inCycle: true, state: 'blocked', openBlockers: ['6'] });
    expect(byId.get('6')).toMatchObject({ inCycle: true });
    expect(byId.get('7')).toMatchObject({ missing: ['99'], openBlockers: [], state: 'ready', inCycle: false });
  });

  it('keeps status, owner, activeForm and the internal flag', () => {
    expect(byId.get('1')).toMatchObject({ state: 'completed', owner: 'worker' });
    expect(byId.get('2')).toMatchObject({ state: 'in_progress', activeForm: 'Writing the parser', owner: 'helper' });
    expect(byId.get('8')).toMatchObject({ internal: true });
    expect(byId.get('3')!.owner).toBeNull();
  });

  it('orders a chain given out of order, and learns edges from `blocks` alone', () => {
    const records = new Map([task('10', { blockedBy: ['2'] }), task('2', { blockedBy: ['3'] }), task('3'), task('1', { blocks: ['3'] })]);
    const nodes = buildTaskGraph(records);
    expect(nodes.map((node) => node.id)).toEqual(['1', '3', '2', '10']);
    expect(nodes.find((node) => node.id === '3')).toMatchObject({ state: 'blocked', openBlockers: ['1'] });
  });

  it('shows deleted tasks as deleted and does not let them block', () => {
    const records = new Map([task('1'), task('2', { blockedBy: ['1'] })]);
    records.set('1', { ...records.get('1')!, deleted: true });
    const nodes = buildTaskGraph(records);
    expect(nodes.map((node) => [node.id, node.state])).toEqual([
      ['1', 'deleted'],
      ['2', 'ready'],
    ]);
  });

  it('treats a task that blocks itself as a cycle', () => {
    const [node] = buildTaskGraph(new Map([task('1', { blockedBy: ['1'] })]));
    expect(node).toMatchObject({ inCycle: true, state: 'blocked' });
  });

  it('handles a long chain without recursion limits', () => {
    const records = new Map(Array.from({ length: 5000 }, (_, i) => task(String(i + 1), i > 0 ? { blockedBy: [String(i)] } : {})));
    const nodes = buildTaskGraph(records);
    expect(nodes).toHaveLength(5000);
    expect(nodes[4999]!.id).toBe('5000');
  });

  it('orders a cycle of 200,000 tasks without spreading it into a call', () => {
    const length = 200_000;
    const records = new Map(Array.from({ length }, (_, i) => task(String(i + 1), { blockedBy: [String(i === 0 ? length : i)] })));
    const nodes = buildTaskGraph(records);
    expect(nodes).toHaveLength(length);
    expect(nodes.every((node) => node.inCycle)).toBe(true);
  });
});

describe('compareIds', () => {
  it('compares numeric ids as numbers', () => {
    expect(['10', '9', '1', 'a'].sort(compareIds)).toEqual(['1', '9', '10', 'a']);
  });
});

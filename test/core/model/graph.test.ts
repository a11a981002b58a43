/**
 * The graph questions the task list and a declared workflow both ask, on any
 * graph, against their definitions worked out the slow way: reachability for
 * components, and the order a person would get by always taking the least
 * node whose predecessors are placed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderedTopologicalSort, stronglyConnected } from '../../../src/core/model/graph.js';

/** A graph of up to 12 nodes, as edge lists, self-loops and repeated edges included. */
const graphs = fc
  .integer({ min: 0, max: 12 })
  .chain((count) =>
    fc
      .array(fc.array(fc.nat(Math.max(0, count - 1)), { maxLength: 4 }), { minLength: count, maxLength: count })
      .map((edges) => (count === 0 ? [] : edges)),
  );

/** Which nodes each node reaches (itself included). */
function reachability(edges: readonly (readonly number[])[]): boolean[][] {
  const reach = edges.map((_, from) => edges.map((__, to) => from === to));
  for (const [from, targets] of edges.entries()) for (const to of targets) reach[from]![to] = true;
  for (let via = 0; via < edges.length; via++)
    for (let from = 0; from < edges.length; from++)
      for (let to = 0; to < edges.length; to++) if (reach[from]![via] && reach[via]![to]) reach[from]![to] = true;
  return reach;
}

describe('stronglyConnected', () => {
  it('puts two nodes in one component exactly when each reaches the other, each node once', () => {
    fc.assert(
      fc.property(graphs, (edges) => {
        const components = stronglyConnected(edges.length, (node) => edges[node]!);
        const reach = reachability(edges);
        const componentOf = new Map<number, number>();
        components.forEach((members, c) => {
          for (const node of members) {
            expect(componentOf.has(node)).toBe(false);
            componentOf.set(node, c);
          }
        });
        expect(componentOf.size).toBe(edges.length);
        for (let a = 0; a < edges.length; a++)
          for (let b = 0; b < edges.length; b++) expect(componentOf.get(a) === componentOf.get(b)).toBe(reach[a]![b]! && reach[b]![a]!);
      }),
    );
  });

  it('lists a component after every component it leads to', () => {
    fc.assert(
      fc.property(graphs, (edges) => {
        const components = stronglyConnected(edges.length, (node) => edges[node]!);
        const position = new Map<number, number>();
        components.forEach((members, c) => members.forEach((node) => position.set(node, c)));
        for (const [from, targets] of edges.entries())
          for (const to of targets) expect(position.get(to)!).toBeLessThanOrEqual(position.get(from)!);
      }),
    );
  });

  it('walks a chain of 200,000 nodes without overflowing the stack', () => {
    const count = 200_000;
    const components = stronglyConnected(count, (node) => (node + 1 < count ? [node + 1] : [0]));
    expect(components).toHaveLength(1);
    expect(components[0]).toHaveLength(count);
  });
});

/** The order by definition: each time, the least node whose predecessors are all placed; in a cycle, the least left. */
function slowOrder(edges: readonly (readonly number[])[], before: (a: number, b: number) => number): number[] {
  const placed = new Set<number>();
  const order: number[] = [];
  const byOrder = edges.map((_, node) => node).sort(before);
  while (order.length < edges.length) {
    const free = byOrder.filter(
      (node) => !placed.has(node) && edges.every((targets, from) => from === node || placed.has(from) || !targets.includes(node)),
    );
    const next = free[0] ?? byOrder.find((node) => !placed.has(node))!;
    placed.add(next);
    order.push(next);
  }
  return order;
}

describe('orderedTopologicalSort', () => {
  const orders = [
    { name: 'ascending', before: (a: number, b: number) => a - b },
    { name: 'descending', before: (a: number, b: number) => b - a },
    { name: 'odd first', before: (a: number, b: number) => (a % 2) - (b % 2) || a - b },
  ];

  for (const { name, before } of orders) {
    it(`takes the least free node first (${name}), and the least left when only cycles remain`, () => {
      fc.assert(
        fc.property(graphs, (edges) => {
          expect(orderedTopologicalSort(edges.length, (node) => edges[node]!, before)).toEqual(slowOrder(edges, before));
        }),
      );
    });
  }

  it('puts every node after its predecessors in a graph without cycles', () => {
    const edges = [[3], [0, 2], [3], []];
    expect(
      orderedTopologicalSort(
        4,
        (node) => edges[node]!,
        (a, b) => a - b,
      ),
    ).toEqual([1, 0, 2, 3]);
  });

  it('orders a ring of 20,000 nodes', () => {
    const count = 20_000;
    const order = orderedTopologicalSort(
      count,
      (node) => [(node + 1) % count],
      (a, b) => a - b,
    );
    expect(order).toEqual(Array.from({ length: count }, (_, node) => node));
  });
});

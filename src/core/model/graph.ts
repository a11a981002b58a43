/** Directed graphs on nodes `0..count-1`, given by `next(node)`: the task list and a declared workflow number their nodes to ask these. */

type Edges = (node: number) => readonly number[];

/** Tarjan's, iterative: a chain of 100,000 tasks must not overflow the stack. A component comes after those it leads to. */
export function stronglyConnected(count: number, next: Edges): number[][] {
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const stack: number[] = [];
  const result: number[][] = [];
  let counter = 0;
  for (let root = 0; root < count; root++) {
    if (index[root] !== -1) continue;
    const work: Array<{ node: number; edge: number }> = [{ node: root, edge: 0 }];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = next(frame.node);
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!;
        if (index[target] === -1) {
          index[target] = low[target] = counter++;
          stack.push(target);
          onStack[target] = 1;
          work.push({ node: target, edge: 0 });
        } else if (onStack[target]) {
          low[frame.node] = Math.min(low[frame.node]!, index[target]!);
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent.node] = Math.min(low[parent.node]!, low[frame.node]!);
      if (low[frame.node] === index[frame.node]) {
        const component: number[] = [];
        let member: number;
        do {
          member = stack.pop()!;
          onStack[member] = 0;
          component.push(member);
        } while (member !== frame.node);
        result.push(component);
      }
    }
  }
  return result;
}

class Heap {
  private readonly items: number[] = [];
  constructor(private readonly before: (a: number, b: number) => number) {}
  get size(): number {
    return this.items.length;
  }
  push(item: number): void {
    const { items, before } = this;
    items.push(item);
    let at = items.length - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (before(items[parent]!, item) <= 0) break;
      items[at] = items[parent]!;
      at = parent;
    }
    items[at] = item;
  }
  pop(): number {
    const { items, before } = this;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= items.length) break;
        const child = left + 1 < items.length && before(items[left + 1]!, items[left]!) < 0 ? left + 1 : left;
        if (before(items[child]!, last) >= 0) break;
        items[at] = items[child]!;
        at = child;
      }
      items[at] = last;
    }
    return top;
  }
}

/** Kahn's, the least by `before` first; when only cycles are left, the least goes as if what leads to it were done. */
export function orderedTopologicalSort(count: number, next: Edges, before: (a: number, b: number) => number): number[] {
  const waiting = new Int32Array(count);
  const targets: (readonly number[])[] = [];
  for (let node = 0; node < count; node++) {
    const unique = [...new Set(next(node))].filter((target) => target !== node);
    targets.push(unique);
    for (const target of unique) waiting[target]!++;
  }
  const ready = new Heap(before);
  for (let node = 0; node < count; node++) if (waiting[node] === 0) ready.push(node);
  let byOrder: number[] | undefined;
  let nextLeast = 0;
  const placed = new Uint8Array(count);
  const order: number[] = [];
  while (order.length < count) {
    if (ready.size === 0) {
      byOrder ??= Array.from({ length: count }, (_, node) => node).sort(before);
      while (placed[byOrder[nextLeast]!]) nextLeast++;
      ready.push(byOrder[nextLeast]!);
    }
    const node = ready.pop();
    if (placed[node]) continue;
    placed[node] = 1;
    order.push(node);
    for (const target of targets[node]!) {
      if (--waiting[target]! === 0 && !placed[target]) ready.push(target);
    }
  }
  return order;
}

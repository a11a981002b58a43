import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawWorkflowGraph, MAX_LANES, stepOrder, type GraphRow, type GraphStep } from '../../../src/core/workflow/graph-drawing.js';

const GLYPHS = new Set([...'●│├┼┬┴╮╯─ ']);
/** Glyphs in a connector that a line leaves downwards from. */
const DOWNWARDS = new Set([...'│├┬╮']);

interface Carried {
  /** The steps whose lines are in this lane. */
  readonly sources: ReadonlySet<string>;
  /** Just below a `●`: free to end there, which a passing line is not. */
  readonly fromNode: boolean;
}

/**
 * The edges a drawing shows (`dependency>step`), read back the way a person
 * follows the lines. Fails on a line that goes nowhere or comes from nowhere.
 */
function readEdges(rows: readonly GraphRow[]): Set<string> {
  const edges = new Set<string>();
  let carried: (Carried | undefined)[] = [];
  const lines = (lane: number) => carried[lane]?.sources ?? new Set<string>();
  const ends = (lane: number) => {
    const here = carried[lane];
    if (here && !here.fromNode) throw new Error(`a line ends in nowhere in lane ${lane}`);
  };
  rows.forEach((row, at) => {
    const lanes = row.graph.length / 2;
    const glyph = (lane: number) => row.graph[2 * lane]!;
    const gap = (lane: number) => row.graph[2 * lane + 1]!;
    const next: (Carried | undefined)[] = [];
    for (let lane = 0; lane < lanes; lane++) {
      const cell = glyph(lane);
      if (cell === '├') {
        // A connector: from here right, while the gaps are lines.
        let end = lane;
        while (gap(end) === '─') end++;
        const joined = new Set<string>();
        for (let inside = lane; inside <= end; inside++) {
          const part = glyph(inside);
          if (part === '┼') {
            if (lines(inside).size === 0) throw new Error(`row ${at}: ┼ crosses no line`);
            next[inside] = { sources: lines(inside), fromNode: false };
          } else if (part === '─') ends(inside);
          else if ('├┴╯'.includes(part)) {
            if (lines(inside).size === 0) throw new Error(`row ${at}: ${part} joins no line`);
            for (const source of lines(inside)) joined.add(source);
          } else if (!'┬╮'.includes(part) || carried[inside]) throw new Error(`row ${at}: ${part} inside a connector`);
        }
        for (let inside = lane; inside <= end; inside++)
          if (DOWNWARDS.has(glyph(inside))) next[inside] = { sources: joined, fromNode: false };
        lane = end;
      } else if (cell === '●') {
        if (row.step === null) throw new Error(`row ${at}: a step mark on a connector row`);
        for (const source of lines(lane)) edges.add(`${source}>${row.step}`);
        next[lane] = { sources: new Set([row.step]), fromNode: true };
      } else if (cell === '│') {
        if (lines(lane).size === 0) throw new Error(`row ${at}: │ comes from nowhere`);
        next[lane] = { sources: lines(lane), fromNode: false };
      } else if (cell === ' ') ends(lane);
      else throw new Error(`row ${at}: ${cell} out of place`);
    }
    carried = next;
  });
  carried.forEach((_, lane) => ends(lane));
  return edges;
}

/** `plan build:plan test:build,plan`: steps and their dependencies. */
function steps(text: string): GraphStep[] {
  return text
    .split(/\s+/u)
    .filter(Boolean)
    .map((part) => {
      const [name = '', dependencies = ''] = part.split(':');
      return { name, dependsOn: dependencies === '' ? [] : dependencies.split(',') };
    });
}

/** Each row as the caller would draw it: the graph, the label, and what no line shows. */
const picture = (rows: readonly GraphRow[]): string[] =>
  rows.map((row) => `${row.graph}${row.step ?? ''}${row.unshown.length > 0 ? ` (after ${row.unshown.join(', ')})` : ''}`.trimEnd());

const draw = (text: string) => picture(drawWorkflowGraph(steps(text)));

describe('drawWorkflowGraph', () => {
  it('draws a chain as steps one below the other', () => {
    expect(draw('plan build:plan test:build release:test')).toEqual(['● plan', '● build', '● test', '● release']);
  });

  it('draws a scatter-gather as a fan-out and a fan-in', () => {
    expect(draw('plan lint:plan test:plan docs:plan release:lint,test,docs')).toEqual([
      '●     plan',
      '├─┬─╮',
      '● │ │ lint',
      '│ ● │ test',
      '│ │ ● docs',
      '├─┴─╯',
      '●     release',
    ]);
  });

  it('draws a diamond', () => {
    expect(draw('a b:a c:a d:b,c')).toEqual(['●   a', '├─╮', '● │ b', '│ ● c', '├─╯', '●   d']);
  });

  it('draws a skip edge beside the path it skips', () => {
    expect(draw('a b:a c:a,b')).toEqual(['●   a', '├─╮', '● │ b', '├─╯', '●   c']);
  });

  it('draws two roots joining', () => {
    expect(draw('r1 r2 join:r1,r2')).toEqual(['●   r1', '│ ● r2', '├─╯', '●   join']);
  });

  it('never puts a step that starts a line right below another step', () => {
    expect(draw('a b:a x y:x')).toEqual(['●   a', '●   b', '  ● x', '  ● y']);
    expect(draw('a b c')).toEqual(['●   a', '  ● b', '●   c']);
  });

  it('crosses lanes passing by with ┼, and runs a join over a free lane with ─', () => {
    expect(draw('a b x:a y:b p:x q:x')).toEqual(['●     a', '│ ●   b', '● │   x', '├─┼─╮', '│ ● │ y', '●   │ p', '    ● q']);
    expect(draw('a b c p:a q:b r:c w:p,r')).toEqual(['●     a', '│ ●   b', '│ │ ● c', '● │ │ p', '│ ● │ q', '│   ● r', '├───╯', '●     w']);
  });

  it('draws the release graph fixture: a diamond and a skip edge together', () => {
    expect(draw('plan design:plan build:plan,design test:build docs:design review:test,docs release:review')).toEqual([
      '●     plan',
      '├─╮',
      '● │   design',
      '├─┼─╮',
      '├─╯ │',
      '●   │ build',
      '●   │ test',
      '│   ● docs',
      '├───╯',
      '●     review',
      '●     release',
    ]);
  });

  it('draws a cycle in declared order, naming the dependency it cannot draw', () => {
    expect(draw('a:b b:a c:b')).toEqual(['● a (after b)', '● b', '● c']);
    expect(draw('a:a')).toEqual(['● a']);
  });

  it('ignores dependencies on no step, and draws nothing for no steps', () => {
    expect(draw('a:ghost b:a')).toEqual(['● a', '● b']);
    expect(drawWorkflowGraph([])).toEqual([]);
  });

  it('gives every row the same width, two columns a lane, and says where each step sits', () => {
    const rows = drawWorkflowGraph(steps('plan lint:plan test:plan docs:plan release:lint,test,docs'));
    expect(new Set(rows.map((row) => row.graph.length))).toEqual(new Set([6]));
    expect(rows.filter((row) => row.step !== null).map((row) => [row.step, row.column])).toEqual([
      ['plan', 0],
      ['lint', 0],
      ['test', 2],
      ['docs', 4],
      ['release', 0],
    ]);
    for (const row of rows) if (row.column !== null) expect(row.graph[row.column]).toBe('●');
    expect(rows.filter((row) => row.step === null).every((row) => row.column === null && row.unshown.length === 0)).toBe(true);
  });

  it(`stops at ${MAX_LANES} lanes and names the dependencies past them instead`, () => {
    const fan = Array.from({ length: 15 }, (_, i) => `s${i}`);
    const rows = drawWorkflowGraph(steps(`root ${fan.map((name) => `${name}:root`).join(' ')} end:${fan.join(',')}`));
    expect(Math.max(...rows.map((row) => row.graph.length))).toBe(2 * MAX_LANES);
    const unshown = new Map(rows.filter((row) => row.step !== null).map((row) => [row.step, row.unshown]));
    expect(unshown.get('s10')).toEqual([]);
    expect(unshown.get('s11')).toEqual(['root']);
    expect(unshown.get('end')).toEqual(['s11', 's12', 's13', 's14']);
    expect(readEdges(rows).size).toBe(15 + 15 - 4 - 4);
  });
});

describe('stepOrder', () => {
  it('puts every step after its dependencies, declared order among equals', () => {
    expect(stepOrder(steps('c:b a b:a d')).map((index) => ['c', 'a', 'b', 'd'][index])).toEqual(['a', 'b', 'c', 'd']);
    expect(stepOrder(steps('x y z'))).toEqual([0, 1, 2]);
  });

  it('takes a cycle in declared order, and terminates on a long one', () => {
    expect(stepOrder(steps('a:c b:a c:b d:a'))).toEqual([0, 1, 2, 3]);
    const size = 20_000;
    const ring = Array.from({ length: size }, (_, i) => ({ name: `s${i}`, dependsOn: [`s${(i + 1) % size}`] }));
    expect(stepOrder(ring)).toHaveLength(size);
    expect(drawWorkflowGraph(ring)).toHaveLength(size);
  });
});

// ------------------------------------------------------------ property

/** Steps as written: names, dependencies on anything (earlier, later, themselves, no step), in any order. */
const anyGraph = fc
  .integer({ min: 0, max: 12 })
  .chain((size) =>
    fc
      .array(fc.uniqueArray(fc.integer({ min: 0, max: size }), { maxLength: 4 }), { minLength: size, maxLength: size })
      .map((dependencies) =>
        dependencies.map((list, index): GraphStep => ({ name: `s${index}`, dependsOn: list.map((other) => `s${other}`) })),
      ),
  );

/** A DAG: each step depends only on steps made before it, then the list is shuffled. */
const anyDag = fc.integer({ min: 0, max: 12 }).chain((size) =>
  fc
    .tuple(
      fc.array(fc.uniqueArray(fc.nat(), { maxLength: 5 }), { minLength: size, maxLength: size }),
      fc.array(fc.integer(), { minLength: size, maxLength: size }),
    )
    .map(([picks, keys]) => {
      const made = picks.map((list, index): GraphStep => ({
        name: `s${index}`,
        dependsOn: index === 0 ? [] : [...new Set(list.map((pick) => `s${pick % index}`))],
      }));
      return made
        .map((step, index) => [keys[index]!, index, step] as const)
        .sort((a, b) => a[0] - b[0] || a[1] - b[1])
        .map(([, , step]) => step);
    }),
);

/** Every dependency of every step that is another step, as `dependency>step`. */
function edgesOf(graph: readonly GraphStep[]): Set<string> {
  const names = new Set(graph.map((step) => step.name));
  return new Set(
    graph.flatMap((step) => step.dependsOn.filter((name) => names.has(name) && name !== step.name).map((name) => `${name}>${step.name}`)),
  );
}

function checkDrawing(graph: readonly GraphStep[]): void {
  const rows = drawWorkflowGraph(graph);
  // Every step exactly once, each at its mark.
  const drawn = rows.filter((row) => row.step !== null);
  expect(drawn.map((row) => row.step).sort()).toEqual(graph.map((step) => step.name).sort());
  for (const row of drawn) expect(row.graph[row.column!]).toBe('●');
  // One width, two columns a lane, nothing but the glyphs.
  expect(new Set(rows.map((row) => row.graph.length)).size).toBeLessThanOrEqual(1);
  for (const row of rows) {
    expect(row.graph.length % 2).toBe(0);
    expect(row.graph.length).toBeLessThanOrEqual(2 * MAX_LANES);
    for (const char of row.graph) expect(GLYPHS.has(char)).toBe(true);
  }
  // Each dependency is a line or named in `unshown`, never both; no line that is not one.
  const shown = readEdges(rows);
  const unshown = new Set(drawn.flatMap((row) => row.unshown.map((name) => `${name}>${row.step}`)));
  for (const edge of shown) expect(unshown.has(edge)).toBe(false);
  expect(new Set([...shown, ...unshown])).toEqual(edgesOf(graph));
}

describe('drawWorkflowGraph (property)', () => {
  it('draws any DAG of up to 12 steps with every step once, equal widths and every dependency accounted for', () => {
    fc.assert(
      fc.property(anyDag, (graph) => {
        checkDrawing(graph);
        // In a DAG only the lane bound hides a dependency, and every step comes after its dependencies.
        const rows = drawWorkflowGraph(graph).filter((row) => row.step !== null);
        const position = new Map(rows.map((row, at) => [row.step, at]));
        for (const step of graph) for (const name of step.dependsOn) expect(position.get(name)!).toBeLessThan(position.get(step.name)!);
      }),
      { numRuns: 500 },
    );
  });

  it('terminates on any graph, cycles and dependencies on no step included', () => {
    fc.assert(
      fc.property(anyGraph, (graph) => checkDrawing(graph)),
      { numRuns: 500 },
    );
  });
});

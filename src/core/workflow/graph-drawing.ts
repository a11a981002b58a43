/**
 * A workflow's steps drawn in text like `git log --graph`, top to bottom in run order (docs/layouts.md shows one). A lane is two
 * columns, a glyph and a gap; a step's `●` sits in one lane at `column` (every glyph is one column wide), so the caller can put a
 * status glyph there. A root never sits right below another step, so it cannot be read as that step's continuation. Lanes are
 * bounded: a dependency past MAX_LANES, or drawn below its step (only a cycle does that), is named in `unshown` instead.
 */
import { orderedTopologicalSort } from '../model/graph.js';

export interface GraphStep {
  readonly name: string;
  readonly dependsOn: readonly string[];
}

export interface GraphRow {
  /** The lanes: glyphs and spaces, as wide on every row (two columns a lane). */
  readonly graph: string;
  readonly step: string | null;
  /** Where the step's `●` is in `graph`; null on a connector row. */
  readonly column: number | null;
  /** Dependencies of the step that no line shows (past the lane bound, or a cycle's); empty on a connector row. */
  readonly unshown: readonly string[];
}

/** Wider than this and a graph stops being readable next to its labels. */
export const MAX_LANES = 12;

/** A step's dependencies that are other steps, by position (the first step of a name is the step), once each. */
function resolve(steps: readonly GraphStep[]): number[][] {
  const positionOf = new Map<string, number>();
  steps.forEach((step, index) => {
    if (!positionOf.has(step.name)) positionOf.set(step.name, index);
  });
  return steps.map((step, index) => {
    const dependencies = new Set<number>();
    for (const name of step.dependsOn) {
      const position = positionOf.get(name);
      if (position !== undefined && position !== index) dependencies.add(position);
    }
    return [...dependencies];
  });
}

/** The order steps run in, as positions: after their dependencies, declared order among free steps; in a cycle the first declared goes. */
export function stepOrder(steps: readonly GraphStep[]): number[] {
  const dependents = dependentsOf(resolve(steps));
  return orderedTopologicalSort(
    steps.length,
    (index) => dependents[index]!,
    (a, b) => a - b,
  );
}

function dependentsOf(dependencies: readonly (readonly number[])[]): number[][] {
  const dependents: number[][] = dependencies.map(() => []);
  dependencies.forEach((list, index) => {
    for (const dependency of list) dependents[dependency]!.push(index);
  });
  return dependents;
}

const NODE = '●';
const LANE = '│';
const BRANCH = '├';
const CROSS = '┼';
const SPLIT = '┬';
const SPLIT_LAST = '╮';
const JOIN = '┴';
const JOIN_LAST = '╯';
const LINE = '─';

/** One row under construction: a glyph and what follows it (a gap or a line), per lane. */
interface Cells {
  glyphs: string[];
  gaps: string[];
}

interface Row {
  readonly cells: Cells;
  readonly step: number | null;
  readonly lane: number | null;
}

/** Lanes: the step each one leads to, or null when free. */
type Lanes = (number | null)[];

function verticals(lanes: Lanes): Cells {
  return { glyphs: lanes.map((target) => (target === null ? ' ' : LANE)), gaps: lanes.map(() => ' ') };
}

/** A horizontal connector from `from` to the right, through `to`'s lanes (which get `middle`, the last one `end`). */
function connector(
  lanes: Lanes,
  from: number,
  to: readonly number[],
  middle: string,
  end: string,
  passing: (lane: number) => boolean,
): Cells {
  const cells = verticals(lanes);
  const last = to[to.length - 1]!;
  cells.glyphs[from] = BRANCH;
  for (let lane = from; lane < last; lane++) cells.gaps[lane] = LINE;
  for (let lane = from + 1; lane <= last; lane++) cells.glyphs[lane] = passing(lane) ? CROSS : LINE;
  for (const lane of to) cells.glyphs[lane] = lane === last ? end : middle;
  return cells;
}

/** The graph of `steps`, one row per step with connector rows between, in `stepOrder`; dependencies on no step are ignored. */
export function drawWorkflowGraph(steps: readonly GraphStep[]): GraphRow[] {
  const order = stepOrder(steps);
  const rank = new Int32Array(steps.length);
  order.forEach((index, at) => (rank[index] = at));
  const dependents = dependentsOf(resolve(steps));
  for (const list of dependents) list.sort((a, b) => rank[a]! - rank[b]!);
  const unshown: number[][] = steps.map(() => []);

  const lanes: Lanes = [];
  const rows: Row[] = [];
  const used = () => lanes.filter((target) => target !== null).length;
  // A lane opens only while another stays free, so that a step always has a lane to sit in.
  const canOpen = () => used() < MAX_LANES - 1;
  const freeLane = (after: number): number | undefined => {
    for (let lane = after + 1; lane < MAX_LANES; lane++) if (lane >= lanes.length || lanes[lane] === null) return lane;
    return undefined;
  };
  const take = (lane: number, target: number | null) => {
    while (lanes.length <= lane) lanes.push(null);
    lanes[lane] = target;
  };

  for (const index of order) {
    const incoming: number[] = [];
    lanes.forEach((target, lane) => {
      if (target === index) incoming.push(lane);
    });

    let lane: number;
    if (incoming.length > 0) {
      lane = incoming[0]!;
      if (incoming.length > 1) {
        const joining = new Set(incoming);
        rows.push({
          cells: connector(lanes, lane, incoming.slice(1), JOIN, JOIN_LAST, (at) => !joining.has(at) && lanes[at] !== null),
          step: null,
          lane: null,
        });
        for (const at of incoming.slice(1)) lanes[at] = null;
      }
    } else {
      // A root: in a free lane, but not right below the step drawn last.
      const previous = rows[rows.length - 1];
      const below = previous?.step !== null ? previous?.lane : undefined;
      let free = freeLane(-1)!;
      if (free === below) {
        const other = freeLane(free);
        if (other !== undefined) free = other;
        else rows.push({ cells: verticals(lanes), step: null, lane: null });
      }
      lane = free;
    }

    const node = verticals(lanes);
    while (node.glyphs.length <= lane) {
      node.glyphs.push(' ');
      node.gaps.push(' ');
    }
    node.glyphs[lane] = NODE;
    rows.push({ cells: node, step: index, lane });
    take(lane, null);

    const next: number[] = [];
    for (const dependent of dependents[index]!) {
      if (rank[dependent]! < rank[index]!) unshown[dependent]!.push(index);
      else next.push(dependent);
    }
    const [first, ...rest] = next;
    if (first === undefined) continue;
    if (!canOpen()) {
      for (const dependent of next) unshown[dependent]!.push(index);
      continue;
    }
    take(lane, first);
    const opened: number[] = [];
    for (const dependent of rest) {
      const free = canOpen() ? freeLane(lane) : undefined;
      if (free === undefined) {
        unshown[dependent]!.push(index);
        continue;
      }
      take(free, dependent);
      opened.push(free);
    }
    if (opened.length > 0) {
      const fresh = new Set(opened);
      rows.push({
        cells: connector(lanes, lane, opened, SPLIT, SPLIT_LAST, (at) => !fresh.has(at) && lanes[at] !== null),
        step: null,
        lane: null,
      });
    }
  }

  const width = rows.reduce((widest, row) => Math.max(widest, row.cells.glyphs.length), 0);
  return rows.map(({ cells, step, lane }) => {
    let graph = '';
    for (let at = 0; at < width; at++) graph += (cells.glyphs[at] ?? ' ') + (cells.gaps[at] ?? ' ');
    if (step === null) return { graph, step: null, column: null, unshown: [] };
    return {
      graph,
      step: steps[step]!.name,
      column: 2 * lane!,
      unshown: unshown[step]!.sort((a, b) => rank[a]! - rank[b]!).map((dependency) => steps[dependency]!.name),
    };
  });
}

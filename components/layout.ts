/**
 * Where everything goes, as plain arithmetic. The drawn frame must stay shorter
 * than the terminal: when Ink's output reaches the terminal's height it clears
 * the whole screen on every frame, which flickers.
 */

export const HEADER_LINES = 2;
export const FOOTER_LINES = 1;
/** Narrowest member pane worth drawing side by side with another. */
export const MIN_PANE_WIDTH = 56;
/** From this width on, the handshakes and the tasks sit side by side. */
export const SIDE_BY_SIDE_WIDTH = 140;
/** Lines of a bordered pane that are not messages: top border with title, info line, bottom border. */
const BORDERED_CHROME = 3;
/** Messages per pane when drawing once with no height to fit (`--once` without `$LINES`). */
export const NATURAL_MESSAGES = 10;

export interface LayoutInput {
  readonly width: number;
  /** Terminal rows; undefined when drawing once with no height to fit. */
  readonly height: number | undefined;
  /** Messages each member's list holds (after filters), in pane order. */
  readonly messageCounts: readonly number[];
  /** Index of the focused member pane, -1 when a list has focus. */
  readonly focusedMember: number;
  readonly taskCount: number;
  readonly handshakeCount: number;
  /** Lines above the footer: the problems line, the replay bar. */
  readonly statusLines: number;
}

export interface PaneLayout {
  readonly member: number;
  readonly width: number;
  readonly height: number;
  /** Message lines inside the pane. */
  readonly rows: number;
}

export interface Layout {
  readonly width: number;
  readonly bordered: boolean;
  /** Grid rows of panes, each a list of panes side by side. */
  readonly grid: readonly (readonly PaneLayout[])[];
  /** Rows of the two lists below the panes (each also has a title line). */
  readonly taskRows: number;
  readonly handshakeRows: number;
  /** The two lists side by side (wide terminals) or stacked. */
  readonly sideBySide: boolean;
  /** Members that did not fit at all (only when the terminal is very short). */
  readonly hiddenMembers: number;
}

function splitWidth(width: number, columns: number): number[] {
  const base = Math.floor(width / columns);
  return Array.from({ length: columns }, (_, i) => (i === columns - 1 ? width - base * (columns - 1) : base));
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}

/**
 * Lines between the header and the footer, leaving one free below the frame
 * (see above); undefined when drawing once with no height to fit.
 */
export function bodyRowsOf(height: number | undefined, statusLines: number): number | undefined {
  return height === undefined ? undefined : Math.max(0, height - 1 - HEADER_LINES - FOOTER_LINES - statusLines);
}

/** Lines for the two lists: [handshakes, tasks], titles included, within `budget`. */
function splitLists(input: LayoutInput, budget: number, sideBySide: boolean): [number, number] {
  const handshakesWanted = 1 + input.handshakeCount;
  const tasksWanted = 1 + input.taskCount;
  if (sideBySide) {
    const lines = Math.min(budget, Math.max(handshakesWanted, tasksWanted));
    return [lines, lines];
  }
  let handshakes = Math.min(handshakesWanted, Math.max(1, Math.floor(budget / 2)));
  const tasks = Math.min(tasksWanted, Math.max(0, budget - handshakes));
  handshakes = Math.min(handshakesWanted, budget - tasks);
  return [handshakes, tasks];
}

function result(
  input: LayoutInput,
  base: Omit<Layout, 'width' | 'taskRows' | 'handshakeRows' | 'sideBySide'>,
  lists: [number, number],
  sideBySide: boolean,
): Layout {
  return {
    width: input.width,
    ...base,
    handshakeRows: Math.max(0, lists[0] - 1),
    taskRows: Math.max(0, lists[1] - 1),
    sideBySide,
  };
}

export function computeLayout(input: LayoutInput): Layout {
  const members = input.messageCounts.length;
  const columns = Math.max(1, Math.min(members, Math.floor(input.width / MIN_PANE_WIDTH)));
  const sideBySide = input.width >= SIDE_BY_SIDE_WIDTH;
  const indexes = Array.from({ length: members }, (_, i) => i);

  if (input.height === undefined) {
    const grid = chunk(indexes, columns).map((row) => {
      const rows = row.reduce((most, i) => Math.max(most, Math.min(NATURAL_MESSAGES, input.messageCounts[i]!)), 1);
      const widths = splitWidth(input.width, row.length);
      return row.map((member, column) => ({ member, width: widths[column]!, height: rows + BORDERED_CHROME, rows }));
    });
    return result(input, { bordered: true, grid, hiddenMembers: 0 }, splitLists(input, Number.POSITIVE_INFINITY, sideBySide), sideBySide);
  }

  const body = bodyRowsOf(input.height, input.statusLines)!;
  const cap = members === 0 ? body : Math.min(body, Math.max(4, Math.floor(body * 0.4)));
  let lists = splitLists(input, cap, sideBySide);
  const listLines = () => (sideBySide ? lists[0] : lists[0] + lists[1]);
  const area = body - listLines();
  const gridRows = Math.ceil(members / columns);

  const paneHeight = gridRows > 0 ? Math.floor(area / gridRows) : 0;
  if (paneHeight >= BORDERED_CHROME + 1) {
    // Rows that do not divide evenly go to the first grid rows.
    const spare = area - paneHeight * gridRows;
    const grid = chunk(indexes, columns).map((row, r) => {
      const height = paneHeight + (r < spare ? 1 : 0);
      // A short last row shares the whole width rather than leaving a hole.
      const widths = splitWidth(input.width, row.length);
      return row.map((member, column) => ({ member, width: widths[column]!, height, rows: height - BORDERED_CHROME }));
    });
    return result(input, { bordered: true, grid, hiddenMembers: 0 }, lists, sideBySide);
  }

  // Compact: panes without borders, a title line each. Every pane first gets a
  // line for its newest message, then the focused pane what it can use, then the
  // others in turn; lines nobody needs go to the lists.
  const allRows = chunk(indexes, columns);
  const visibleRows = Math.min(gridRows, area);
  const focusedRow = input.focusedMember >= 0 ? Math.floor(input.focusedMember / columns) : 0;
  const firstRow = Math.max(0, Math.min(focusedRow - visibleRows + 1, gridRows - visibleRows));
  const rows = allRows.slice(firstRow, firstRow + visibleRows);
  const wanted = rows.map((row) => row.reduce((most, i) => Math.max(most, input.messageCounts[i]!), 0));
  const lines = rows.map(() => 0);
  let spare = area - visibleRows;
  const give = (r: number, most: number) => {
    const amount = Math.max(0, Math.min(spare, most, wanted[r]! - lines[r]!));
    lines[r]! += amount;
    spare -= amount;
  };
  rows.forEach((_, r) => give(r, 1));
  const focusedVisible = focusedRow - firstRow;
  if (focusedVisible >= 0 && focusedVisible < rows.length) give(focusedVisible, Number.MAX_SAFE_INTEGER);
  for (let progress = true; spare > 0 && progress;) {
    progress = false;
    rows.forEach((_, r) => {
      const before = spare;
      give(r, 1);
      progress ||= spare < before;
    });
  }
  if (spare > 0) lists = splitLists(input, listLines() + spare, sideBySide);
  const grid = rows.map((row, r) => {
    const widths = splitWidth(input.width, row.length);
    return row.map((member, column) => ({ member, width: widths[column]!, height: 1 + lines[r]!, rows: lines[r]! }));
  });
  const shown = grid.reduce((count, row) => count + row.length, 0);
  return result(input, { bordered: false, grid, hiddenMembers: members - shown }, lists, sideBySide);
}

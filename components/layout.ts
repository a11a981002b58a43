/**
 * Where everything goes, as plain arithmetic. The drawn frame must stay shorter
 * than the terminal: when Ink's output reaches the terminal's height it clears
 * the whole screen on every frame, which flickers.
 */

export const HEADER_LINES = 2;
export const FOOTER_LINES = 1;
/** Narrowest member pane worth drawing side by side with another. */
export const MIN_PANE_WIDTH = 44;
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
  /** Index of the focused member pane, -1 when the task list has focus. */
  readonly focusedMember: number;
  readonly taskCount: number;
  readonly problemLines: number;
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
  /** Task rows shown (the list's title line comes on top). */
  readonly taskRows: number;
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

function naturalLayout(input: LayoutInput, columns: number): Layout {
  const indexes = input.messageCounts.map((_, i) => i);
  const grid = chunk(indexes, columns).map((row) => {
    const rows = Math.max(1, ...row.map((i) => Math.min(NATURAL_MESSAGES, input.messageCounts[i]!)));
    const widths = splitWidth(input.width, row.length);
    return row.map((member, column) => ({ member, width: widths[column]!, height: rows + BORDERED_CHROME, rows }));
  });
  return { width: input.width, bordered: true, grid, taskRows: input.taskCount, hiddenMembers: 0 };
}

export function computeLayout(input: LayoutInput): Layout {
  const members = input.messageCounts.length;
  const columns = Math.max(1, Math.min(members, Math.floor(input.width / MIN_PANE_WIDTH)));
  if (input.height === undefined) return naturalLayout(input, columns);

  // One line is left free below the frame (see above).
  const body = Math.max(0, input.height - 1 - HEADER_LINES - FOOTER_LINES - input.problemLines);
  const taskWanted = 1 + input.taskCount;
  const taskCap = members === 0 ? body : Math.max(2, Math.floor(body * 0.35));
  let taskLines = Math.min(taskWanted, taskCap, body);
  const area = body - taskLines;
  const gridRows = Math.ceil(members / columns);
  const indexes = Array.from({ length: members }, (_, i) => i);

  const paneHeight = gridRows > 0 ? Math.floor(area / gridRows) : 0;
  if (paneHeight >= BORDERED_CHROME + 1) {
    // Rows that do not divide evenly go to the first grid rows.
    const spare = area - paneHeight * gridRows;
    const grid = chunk(indexes, columns).map((row, r) => {
      const height = paneHeight + (r < spare ? 1 : 0);
      // A short last row shares the whole width rather than leaving a hole.
      const rowWidths = splitWidth(input.width, row.length);
      return row.map((member, column) => ({ member, width: rowWidths[column]!, height, rows: height - BORDERED_CHROME }));
    });
    return { width: input.width, bordered: true, grid, taskRows: Math.max(0, taskLines - 1), hiddenMembers: 0 };
  }

  // Compact: panes without borders, a title line each. Every pane first gets a
  // line for its newest message, then the focused pane what it can use, then the
  // others in turn; lines nobody needs go to the task list.
  const allRows = chunk(indexes, columns);
  const visibleRows = Math.min(gridRows, area);
  const focusedRow = input.focusedMember >= 0 ? Math.floor(input.focusedMember / columns) : 0;
  const firstRow = Math.max(0, Math.min(focusedRow - visibleRows + 1, gridRows - visibleRows));
  const rows = allRows.slice(firstRow, firstRow + visibleRows);
  const wanted = rows.map((row) => Math.max(0, ...row.map((i) => input.messageCounts[i]!)));
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
  for (let progress = true; spare > 0 && progress; ) {
    progress = false;
    rows.forEach((_, r) => {
      const before = spare;
      give(r, 1);
      progress ||= spare < before;
    });
  }
  taskLines = Math.min(taskWanted, taskLines + spare);
  const grid = rows.map((row, r) =>
    row.map((member, column) => ({ member, width: splitWidth(input.width, row.length)[column]!, height: 1 + lines[r]!, rows: lines[r]! })),
  );
  const shown = grid.reduce((count, row) => count + row.length, 0);
  return { width: input.width, bordered: false, grid, taskRows: Math.max(0, taskLines - 1), hiddenMembers: members - shown };
}

/**
 * Where everything goes, as plain arithmetic. The frame stays shorter than the terminal: output that reaches
 * its height makes Ink clear the whole screen every frame, which flickers. The rules: docs/internals/views.md.
 */
import { maxOf } from '../../core/model/lists.js';

export const HEADER_LINES = 2;
export const FOOTER_LINES = 1;
/** Narrowest member pane worth drawing side by side with another. */
const MIN_PANE_WIDTH = 56;
/** A member pane this wide shows most messages whole: fewer panes side by side are not made wider than it takes. */
const COMFORTABLE_PANE_WIDTH = 100;
/** From this width on, the handshakes and the tasks sit side by side. */
const SIDE_BY_SIDE_WIDTH = 140;
/** Lines of a bordered pane that are not messages: top border with title, info line, bottom border. */
const BORDERED_CHROME = 3;
/** Messages per pane when drawing once with no height to fit (`--once` without `$LINES`). */
const NATURAL_MESSAGES = 10;

interface ListRequest {
  /** Lines it would fill: its title and every item; 0 when it is not drawn at all. */
  readonly lines: number;
  /** The most lines it takes, before the lists without a most share what is left. */
  readonly most?: number;
  readonly beside?: boolean;
}

interface LayoutInput {
  readonly width: number;
  /** Terminal rows; undefined when drawing once with no height to fit. */
  readonly height: number | undefined;
  /** Messages each member's list holds (after filters), in pane order. */
  readonly messageCounts: readonly number[];
  /** Index of the focused member pane, -1 when a list has focus. */
  readonly focusedMember: number;
  readonly lists: readonly ListRequest[];
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
  readonly grid: readonly (readonly PaneLayout[])[];
  /** Lines of each list below the panes, its title included, in the order asked (0: not drawn). */
  readonly lists: readonly number[];
  readonly listRows: readonly (readonly number[])[];
  /** Members that did not fit at all (only when the terminal is very short). */
  readonly hiddenMembers: number;
}

/** `width` split into `columns` columns: the last takes what does not divide evenly. */
export function splitWidth(width: number, columns: number): number[] {
  const base = Math.floor(width / columns);
  return Array.from({ length: columns }, (_, i) => (i === columns - 1 ? width - base * (columns - 1) : base));
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}

/** Lines between the header and the footer, leaving one free below the frame (see above). */
export function bodyRowsOf(height: number | undefined, statusLines: number): number | undefined {
  return height === undefined ? undefined : Math.max(0, height - 1 - HEADER_LINES - FOOTER_LINES - statusLines);
}

function rowsOf(lists: readonly ListRequest[], sideBySide: boolean): number[][] {
  const rows: number[][] = [];
  lists.forEach((list, i) => {
    if (list.lines <= 0) return;
    const last = rows[rows.length - 1];
    if (sideBySide && last && lists[last[last.length - 1]!]!.beside) last.push(i);
    else rows.push([i]);
  });
  return rows;
}

/** Lines for each row of lists within `budget`: titles first, then rows with a most, then the rest shared evenly. */
function share(rows: readonly ListRequest[], budget: number): number[] {
  const given = rows.map(() => 0);
  let left = budget;
  const give = (i: number, upTo: number) => {
    const amount = Math.max(0, Math.min(left, upTo - given[i]!));
    given[i]! += amount;
    left -= amount;
  };
  rows.forEach((row, i) => give(i, Math.min(1, row.lines)));
  rows.forEach((row, i) => {
    if (row.most !== undefined) give(i, Math.min(row.lines, row.most));
  });
  let sharing = rows.flatMap((row, i) => (row.most === undefined ? [i] : []));
  while (sharing.length > 0 && left > 0) {
    const even = Math.floor(left / sharing.length);
    const content = sharing.filter((i) => rows[i]!.lines <= given[i]! + even);
    if (content.length === 0) {
      const odd = left - even * sharing.length;
      sharing.forEach((i, k) => give(i, given[i]! + even + (k >= sharing.length - odd ? 1 : 0)));
      break;
    }
    for (const i of content) give(i, rows[i]!.lines);
    sharing = sharing.filter((i) => !content.includes(i));
  }
  return given;
}

/** Lines for each list, titles included, within `budget`: lists side by side share their row's. */
function splitLists(input: LayoutInput, rows: readonly (readonly number[])[], budget: number): number[] {
  const wants = rows.map((row): ListRequest => {
    const lists = row.map((i) => input.lists[i]!);
    const most = maxOf(lists.map((list) => list.most ?? Number.POSITIVE_INFINITY));
    return { lines: maxOf(lists.map((list) => list.lines)), ...(Number.isFinite(most) ? { most } : {}) };
  });
  const lines = input.lists.map(() => 0);
  share(wants, budget).forEach((given, r) => {
    for (const i of rows[r]!) lines[i] = given;
  });
  return lines;
}

function result(input: LayoutInput, base: Omit<Layout, 'width' | 'lists' | 'listRows'>, lists: number[], rows: number[][]): Layout {
  // A list given no line is not drawn at all: its title would be drawn below the body, over the footer.
  return { width: input.width, ...base, lists, listRows: rows.filter((row) => lists[row[0]!]! > 0) };
}

/**
 * Member panes side by side: as many as fit, unless fewer (each up to COMFORTABLE_PANE_WIDTH) show as many
 * messages, then cut less of each. `area`: the body the panes share (undefined: each at its natural height).
 */
function columnsFor(input: LayoutInput, area: number | undefined): number {
  const members = input.messageCounts.length;
  const most = Math.max(1, Math.min(members, Math.floor(input.width / MIN_PANE_WIDTH)));
  if (area === undefined) return most;
  const shown = (columns: number): number => {
    const rows = Math.floor(area / Math.ceil(members / columns)) - BORDERED_CHROME;
    return rows < 1 ? -1 : input.messageCounts.reduce((sum, count) => sum + Math.min(count, rows), 0);
  };
  const best = shown(most);
  let columns = most;
  while (columns > 1 && Math.floor(input.width / columns) < COMFORTABLE_PANE_WIDTH && shown(columns - 1) >= best) columns--;
  return columns;
}

const sameRequest = (a: ListRequest, b: ListRequest): boolean => a.lines === b.lines && a.most === b.most && a.beside === b.beside;

const sameInput = (a: LayoutInput, b: LayoutInput): boolean =>
  a.width === b.width &&
  a.height === b.height &&
  a.focusedMember === b.focusedMember &&
  a.statusLines === b.statusLines &&
  a.messageCounts.length === b.messageCounts.length &&
  a.messageCounts.every((count, i) => count === b.messageCounts[i]) &&
  a.lists.length === b.lists.length &&
  a.lists.every((list, i) => sameRequest(list, b.lists[i]!));

let last: { readonly input: LayoutInput; readonly layout: Layout } | undefined;

/** The layout for `input`: the one before while the input reads the same (a tick of the clock moves no pane). */
export function computeLayout(input: LayoutInput): Layout {
  if (last && sameInput(last.input, input)) return last.layout;
  const layout = layoutOf(input);
  last = { input, layout };
  return layout;
}

function layoutOf(input: LayoutInput): Layout {
  const members = input.messageCounts.length;
  const sideBySide = input.width >= SIDE_BY_SIDE_WIDTH;
  const indexes = Array.from({ length: members }, (_, i) => i);
  const listRows = rowsOf(input.lists, sideBySide);

  if (input.height === undefined) {
    const columns = columnsFor(input, undefined);
    const grid = chunk(indexes, columns).map((row) => {
      const rows = row.reduce((most, i) => Math.max(most, Math.min(NATURAL_MESSAGES, input.messageCounts[i]!)), 1);
      const widths = splitWidth(input.width, row.length);
      return row.map((member, column) => ({ member, width: widths[column]!, height: rows + BORDERED_CHROME, rows }));
    });
    return result(input, { bordered: true, grid, hiddenMembers: 0 }, splitLists(input, listRows, Number.POSITIVE_INFINITY), listRows);
  }

  const body = bodyRowsOf(input.height, input.statusLines)!;
  // The lists share at most 40% of the body, whatever they hold: one more of them never squeezes the member panes further.
  // However short the terminal, a line is left for the focused member.
  const cap = members === 0 ? body : Math.max(0, Math.min(body - 1, Math.max(4, Math.floor(body * 0.4))));
  let lists = splitLists(input, listRows, cap);
  // A list one line short takes the line from the member panes, past the cap, rather than say `↓ 1 below`.
  const oneShort = listRows.filter((row) =>
    row.some((i) => input.lists[i]!.lines - lists[i]! === 1 && (input.lists[i]!.most ?? Number.POSITIVE_INFINITY) >= input.lists[i]!.lines),
  ).length;
  const membersLeft = body - cap - oneShort;
  if (oneShort > 0 && (members === 0 || membersLeft >= Math.ceil(members / columnsFor(input, membersLeft)) * (BORDERED_CHROME + 1)))
    lists = splitLists(input, listRows, cap + oneShort);
  const listLines = () => listRows.reduce((sum, row) => sum + lists[row[0]!]!, 0);
  const area = body - listLines();
  const columns = columnsFor(input, area);
  const gridRows = Math.ceil(members / columns);

  const paneHeight = gridRows > 0 ? Math.floor(area / gridRows) : 0;
  if (paneHeight >= BORDERED_CHROME + 1) {
    const spare = area - paneHeight * gridRows;
    const grid = chunk(indexes, columns).map((row, r) => {
      const height = paneHeight + (r < spare ? 1 : 0);
      // A short last row shares the whole width rather than leaving a hole.
      const widths = splitWidth(input.width, row.length);
      return row.map((member, column) => ({ member, width: widths[column]!, height, rows: height - BORDERED_CHROME }));
    });
    return result(input, { bordered: true, grid, hiddenMembers: 0 }, lists, listRows);
  }

  // Compact: no borders. A line each for the newest message, then the focused pane what it can use, then the
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
  if (spare > 0) lists = splitLists(input, listRows, listLines() + spare);
  const grid = rows.map((row, r) => {
    const widths = splitWidth(input.width, row.length);
    return row.map((member, column) => ({ member, width: widths[column]!, height: 1 + lines[r]!, rows: lines[r]! }));
  });
  const shown = grid.reduce((count, row) => count + row.length, 0);
  return result(input, { bordered: false, grid, hiddenMembers: members - shown }, lists, listRows);
}

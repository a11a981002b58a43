/**
 * What the safety tests check of a drawn frame: that nothing in it but our own
 * colours can act on a terminal, and that every pane's border stays in its column.
 */
import stringWidth from 'string-width';
import { expect } from 'vitest';

/** SGR: the only escape sequence teamtop writes into a frame (colours, bold, dim, inverse). */
export const SGR = /\u001b\[[0-9;]*m/gu;

/** Anything a terminal acts on or that reorders text: C0 but line feed, DEL, C1, bidi controls. */
export const ACTIVE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** SGR 8 (concealed): text drawn invisible. Ours never asks for it. */
const CONCEAL = /\u001b\[(?:[0-9;]*;)?8(?:;[0-9;]*)?m/u;

/** A frame drawn with colour: only SGR sequences, and no control character but line feeds. */
export function expectOnlyOwnColours(frame: string, what: string): void {
  expect(frame, what).toMatch(SGR);
  expect(frame, what).not.toMatch(CONCEAL);
  const plain = frame.replace(SGR, '');
  expect(plain, what).not.toContain('\u001b');
  const active = ACTIVE.exec(plain);
  expect(active && JSON.stringify(plain.slice(Math.max(0, active.index - 30), active.index + 30)), what).toBeNull();
}

export const plainText = (frame: string): string => frame.replace(SGR, '');

const BORDERS = new Set('╭╮╰╯│┏┓┗┛┃');
const TOPS = /^[╭┏]/u;
const BOTTOMS = /^[╰┗]/u;
const segmenter = new Intl.Segmenter();

/**
 * The columns where `chars` are drawn in a line, as Ink lays it out: a cluster
 * takes string-width's columns, and at least one.
 */
export function columnsOf(line: string, chars: ReadonlySet<string> = BORDERS): number[] {
  const columns: number[] = [];
  let column = 0;
  for (const { segment } of segmenter.segment(line)) {
    if (chars.has(segment)) columns.push(column);
    column += segment.length === 1 && segment < '\u007F' ? 1 : Math.max(1, stringWidth(segment));
  }
  return columns;
}

/**
 * Every row of bordered boxes (from a line that starts with a top corner to the
 * next that starts with a bottom one), each line as the border columns found by
 * `columns`: within a row they must all be the same.
 */
export function borderRows<Line>(lines: readonly Line[], text: (line: Line) => string, columns: (line: Line) => number[]): number[][][] {
  const rows: number[][][] = [];
  let current: number[][] | undefined;
  for (const line of lines) {
    const shown = text(line);
    if (!current && TOPS.test(shown)) current = [];
    if (current) current.push(columns(line));
    if (current && BOTTOMS.test(shown)) {
      rows.push(current);
      current = undefined;
    }
  }
  if (current) rows.push(current);
  return rows;
}

/** Each line of each row of boxes has its borders in the columns of the row's top line. */
export function expectBordersAligned(rows: readonly number[][][], what: string): void {
  for (const [r, row] of rows.entries()) {
    const [top] = row;
    const i = row.findIndex((line) => line.join() !== top!.join());
    if (i >= 0) expect(row[i], `${what}: box row ${r}, line ${i}`).toEqual(top);
  }
}

/** A frame's lines fit the terminal, and its boxes keep their borders in line. */
export function expectFits(frame: string, width: number, height: number, what: string): void {
  const lines = plainText(frame).split('\n');
  expect(lines.length, what).toBeLessThanOrEqual(height - 1);
  const i = lines.findIndex((line) => stringWidth(line) > width);
  if (i >= 0) expect(stringWidth(lines[i]!), `${what}: line ${i} ${JSON.stringify(lines[i])}`).toBeLessThanOrEqual(width);
  expectBordersAligned(
    borderRows(
      lines,
      (line) => line,
      (line) => columnsOf(line),
    ),
    what,
  );
}

/**
 * Ink's Output is patched (patches/) to draw a row whose pieces neither overlap
 * nor pass its end as those pieces side by side, each drawn alone, with blanks
 * between them, instead of laying the row out cell by cell. Whatever the
 * pieces (styles, wide characters, emoji, marks, in any order), a terminal
 * shows that row as it shows the row laid out cell by cell; pieces that do
 * overlap or pass the end are left to the cells.
 */
import xterm from '@xterm/headless';
import { Chalk } from 'chalk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// Ink's exports do not name it; the rows it makes are what the screen shows.
import Output from '../../node_modules/ink/build/output.js';

interface Rows {
  drawPieces(writes: readonly (number | string)[]): string | undefined;
  drawCells(writes: readonly (number | string)[]): string;
  drawRow(writes: readonly (number | string)[]): string;
}

const rowsOf = (width: number): Rows => new Output({ width, height: 1 }) as unknown as Rows;

const paint = new Chalk({ level: 3 });
type Style = (text: string) => string;
const STYLES: readonly Style[] = [
  (text) => text,
  paint.red,
  paint.bold,
  paint.bgBlue.green,
  (text) => paint.underline(`a${paint.yellow(text)}b`),
  paint.inverse,
];

/** Characters of every width: ASCII, a blank, CJK, emoji, box drawing, a combining accent, a lone mark and joiner. */
const text = fc
  .array(fc.constantFrom('a', ' ', 'x', '界', '👍🏽', '🇫🇷', '─', 'e\u0301', '\u0301', '\u200D', '9'), { minLength: 1, maxLength: 8 })
  .map((chars) => chars.join(''));
const piece = fc.record({
  x: fc.nat({ max: 30 }),
  text: fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: fc.constant('') }),
  style: fc.nat({ max: STYLES.length - 1 }),
});

/** What a terminal shows on a row written with `row`: each cell's characters, colours and attributes. */
async function shown(row: string, width: number): Promise<string[]> {
  const screen = new xterm.Terminal({ cols: width + 4, rows: 1, allowProposedApi: true });
  await new Promise<void>((resolve) => screen.write(row, resolve));
  const line = screen.buffer.active.getLine(0)!;
  const cells: string[] = [];
  for (let x = 0; x < screen.cols; x++) {
    const cell = line.getCell(x)!;
    cells.push(
      [cell.getChars(), cell.getWidth(), cell.getFgColor(), cell.getBgColor(), cell.isBold(), cell.isUnderline(), cell.isInverse()].join(
        '/',
      ),
    );
  }
  screen.dispose();
  return cells;
}

describe('a row drawn from its pieces', () => {
  it('shows what the row laid out cell by cell shows, whenever its pieces neither overlap nor pass its end', async () => {
    let drawnAsPieces = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 5 }), fc.integer({ min: 8, max: 40 }), async (pieces, width) => {
        const writes = pieces.flatMap(({ x, text, style }) => [x, STYLES[style]!(text)]);
        const rows = rowsOf(width);
        const asPieces = rows.drawPieces(writes);
        const asCells = rows.drawCells(writes);
        expect(rows.drawRow(writes)).toBe(asPieces ?? asCells);
        if (asPieces === undefined) return;
        drawnAsPieces++;
        expect(await shown(asPieces, width)).toEqual(await shown(asCells, width));
      }),
      { numRuns: 400 },
    );
    // The property held for rows that took the new way, not only for rows left to the cells.
    expect(drawnAsPieces).toBeGreaterThan(50);
  });

  it('leaves overlapping pieces, and a piece past the end, to the cells', () => {
    const rows = rowsOf(10);
    expect(rows.drawPieces([0, 'abcd', 2, 'XY'])).toBeUndefined();
    expect(rows.drawRow([0, 'abcd', 2, 'XY'])).toBe('abXY');
    expect(rows.drawPieces([8, '界界'])).toBeUndefined();
    // A piece of no characters takes no cell (a bordered box's sides end in empty lines).
    expect(rows.drawPieces([0, '', 9, '', 0, paint.gray('└────────┘')])).toBe(paint.gray('└────────┘'));
    // Pieces in any order, a border written before what it borders.
    expect(rows.drawPieces([0, '│', 9, '│', 2, paint.red('hi')])).toBe(`│ ${paint.red('hi')}     │`);
  });
});

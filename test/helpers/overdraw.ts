/**
 * Text drawn over other text, as Ink composes a frame: every row is made from
 * the pieces of text written on it (after clipping), later ones over earlier
 * ones. A layout that gives a text fewer rows than it writes, or a pane drawn
 * below its place, makes two pieces share a cell, and the screen shows a
 * mixture of both (`o agent teams yet`, `Use --dir or set _`). This watches
 * the rows Ink draws (its Output's `drawRow`, in this process) and says where
 * two pieces put a visible character on the same cell.
 */
import { stripVTControlCharacters } from 'node:util';
import stringWidth from 'string-width';
// Ink's exports do not name it; its rows are what the screen shows, so the test reads them where they are made.
import Output from '../../node_modules/ink/build/output.js';

type DrawRow = (writes: readonly (number | string)[]) => unknown;

const segmenter = new Intl.Segmenter();
const overdrawn: string[] = [];

/** The columns a piece written at `x` puts a visible (not blank) character on. */
function visibleColumns(x: number, line: string): number[] {
  const columns: number[] = [];
  let column = x;
  for (const { segment } of segmenter.segment(stripVTControlCharacters(line))) {
    const width = stringWidth(segment);
    if (segment.trim() !== '') for (let i = 0; i < Math.max(1, width); i++) columns.push(column + i);
    column += width;
  }
  return columns;
}

const prototype = Output.prototype as unknown as { drawRow: DrawRow };
const drawRow = prototype.drawRow;
prototype.drawRow = function (this: unknown, writes) {
  const owner = new Map<number, string>();
  for (let i = 0; i < writes.length; i += 2) {
    const line = writes[i + 1] as string;
    for (const column of visibleColumns(writes[i] as number, line)) {
      const before = owner.get(column);
      if (before !== undefined && before !== line) {
        overdrawn.push(
          `column ${column}: ${JSON.stringify(stripVTControlCharacters(line))} over ${JSON.stringify(stripVTControlCharacters(before))}`,
        );
      }
      owner.set(column, line);
    }
  }
  return drawRow.call(this, writes);
};

/** Where text was drawn over text since the last call (and forget it). */
export function takeOverdraws(): string[] {
  return overdrawn.splice(0);
}

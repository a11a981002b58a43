/** Text from disk sanitised and fitted at cluster boundaries, so Ink never cuts it: Ink 6.8's own cut can overflow by a column. */
import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
import { clusterRuns, graphemes } from './graphemes.js';
import { sanitizeBlock, sanitizeLine } from './sanitize.js';
import { homedir } from 'node:os';

export const ELLIPSIS = '…';

export { stringWidth };

const measured = new Map<string, number>();
const MEASURED_KEPT = 4096;

function clusterWidth(cluster: string): number {
  if (cluster.length === 1 && cluster < '\u007F') return 1;
  let columns = measured.get(cluster);
  if (columns === undefined) {
    columns = stringWidth(cluster);
    if (measured.size >= MEASURED_KEPT) measured.clear();
    if (cluster.length <= 32) measured.set(cluster, columns);
  }
  return columns;
}

function head(text: string, width: number): string {
  let kept = '';
  let used = 0;
  for (const segment of graphemes(text)) {
    const columns = clusterWidth(segment);
    if (used + columns > width) break;
    kept += segment;
    used += columns;
  }
  return kept;
}

const PRINTABLE_ASCII = /^[\u0020-\u007E]*$/u;

/** Columns safe text takes, counted only until they pass `limit` (a long text is not read to its end). */
function columnsUpTo(text: string, limit: number): number {
  if (text.length <= 2 * limit + 16 || PRINTABLE_ASCII.test(text)) return stringWidth(text);
  let used = 0;
  for (const segment of graphemes(text)) {
    used += clusterWidth(segment);
    if (used > limit) break;
  }
  return used;
}

function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  return columnsUpTo(text, width) <= width ? text : cliTruncate(text, width, { truncationCharacter: ELLIPSIS });
}

/** Columns past the width a cut start must fill: its last clusters may read otherwise than in the whole line. */
const CUT_MARGIN = 4;

/** A line is drawn every frame: sanitise only its start, a few columns more than shown (near the cut it may read otherwise). */
function lineStart(text: string, width: number): string {
  for (let take = 4 * width + 64; ; take *= 4) {
    if (take >= text.length) return sanitizeLine(text);
    // Not between the halves of a surrogate pair.
    const high = text.charCodeAt(take - 1) >= 0xd800 && text.charCodeAt(take - 1) <= 0xdbff;
    const start = sanitizeLine(text.slice(0, high ? take - 1 : take));
    if (columnsUpTo(start, width + CUT_MARGIN) > width + CUT_MARGIN) return start;
  }
}

/** Reads no more of the text than the line shows. */
export function fit(text: string, width: number): string {
  return width <= 0 ? '' : truncate(lineStart(text, width), width);
}

/** What the layout must measure (sanitised, not the raw string), at most `atMost`. */
export function displayWidth(text: string, atMost: number): number {
  return Math.min(atMost, columnsUpTo(lineStart(text, atMost), atMost));
}

export function tildify(path: string): string {
  const home = homedir();
  return home && (path === home || path.startsWith(`${home}/`)) ? `~${path.slice(home.length)}` : path;
}

export function fitPad(text: string, width: number): string {
  const fitted = fit(text, width);
  return fitted + ' '.repeat(Math.max(0, width - stringWidth(fitted)));
}

export function fitPadStart(text: string, width: number): string {
  const fitted = fit(text, width);
  return ' '.repeat(Math.max(0, width - stringWidth(fitted))) + fitted;
}

/** Pieces already safe, cut to `width` in all: the piece where the line ends gets the ellipsis, those after it become empty. */
export function fitParts(parts: readonly string[], width: number): string[] {
  if (columnsUpTo(parts.join(''), width) <= width) return [...parts];
  let room = Math.max(0, width);
  let said = false;
  return parts.map((part) => {
    const columns = columnsUpTo(part, room);
    if (columns < room) {
      room -= columns;
      // A piece fitted before ends with its own ellipsis: one right after it says nothing more.
      if (part !== '') said = part.endsWith(ELLIPSIS);
      return part;
    }
    const kept = room > 0 ? head(part, room - 1) : '';
    const cut = room > 0 && (kept !== '' || !said) ? `${kept}${ELLIPSIS}` : '';
    room = 0;
    return cut;
  });
}

/** Our own words, broken at spaces; unlike wrapBlock, a word longer than a line is cut with an ellipsis, never broken. */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of sanitizeLine(text).split(' ').filter(Boolean)) {
    const next = line === '' ? word : `${line} ${word}`;
    if (stringWidth(next) <= width) {
      line = next;
      continue;
    }
    if (line !== '') lines.push(line);
    line = fit(word, width);
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/** Broken at spaces, and inside a word too long for a line between clusters (never between a letter and its accent). */
export function wrapBlock(text: string, width: number): readonly string[] {
  // An opened item is wrapped again on every frame: a long one is kept, for the width it was wrapped to.
  const long = text.length >= LONG_BLOCK;
  const known = long ? wrapped.get(text) : undefined;
  if (known?.width === width) return known.lines;
  const lines = sanitizeBlock(text)
    .split('\n')
    .flatMap((line) => wrapLine(line, Math.max(1, width)));
  if (long) {
    if (wrapped.size >= WRAPPED_KEPT) wrapped.delete(wrapped.keys().next().value!);
    wrapped.set(text, { width, lines });
  }
  return lines;
}

const LONG_BLOCK = 256;
const WRAPPED_KEPT = 32;
const wrapped = new Map<string, { readonly width: number; readonly lines: readonly string[] }>();

function wrapLine(line: string, width: number): string[] {
  if (columnsUpTo(line, width) <= width) return [line];
  // Rows are slices of the line: building them cluster by cluster would copy a long line once per cluster.
  const rows: string[] = [];
  let start = 0;
  let end = 0;
  let used = 0;
  const breakRow = (next: number) => {
    if (end > start) rows.push(line.slice(start, end));
    start = end = next;
    used = 0;
  };
  const place = (from: number, to: number, columns: number, space: boolean) => {
    if (used + columns <= width) {
      end = to;
      used += columns;
    } else if (space) {
      // The spaces where a line breaks are not drawn.
      breakRow(to);
    } else if (columns <= width) {
      breakRow(from);
      end = to;
      used = columns;
    } else {
      let at = from;
      for (const cluster of graphemes(line.slice(from, to))) {
        const cells = clusterWidth(cluster);
        if (used + cells > width) breakRow(at);
        at += cluster.length;
        end = at;
        used += cells;
      }
    }
  };
  let token = 0;
  let columns = 0;
  let space = false;
  let at = 0;
  const next = (length: number, cells: number, isSpace: boolean) => {
    if (at > token && isSpace !== space) {
      place(token, at, columns, space);
      token = at;
      columns = 0;
    }
    space = isSpace;
    columns += cells;
    at += length;
  };
  for (const [piece, run] of clusterRuns(line)) {
    if (!run) {
      next(piece.length, clusterWidth(piece), piece === ' ');
    } else if (PRINTABLE_ASCII.test(piece)) {
      // Printable ASCII (most of a long text) a word at a time: a column a character.
      for (let from = 0; from < piece.length;) {
        const isSpace = piece.charCodeAt(from) === 0x20;
        let to = from + 1;
        while (to < piece.length && (piece.charCodeAt(to) === 0x20) === isSpace) to++;
        next(to - from, to - from, isSpace);
        from = to;
      }
    } else {
      for (const cluster of piece) next(cluster.length, clusterWidth(cluster), cluster === ' ');
    }
  }
  place(token, at, columns, space);
  if (end > start || rows.length === 0) rows.push(line.slice(start, end));
  return rows;
}

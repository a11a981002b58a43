/**
 * Small helpers for drawing text from disk: sanitised, then fitted to a width.
 * Every string read from disk reaches the screen through one of these (or
 * sanitizeLine / sanitizeBlock): never as it was read.
 *
 * They cut text at grapheme cluster boundaries and never go over the width.
 * Ink's own truncation (cli-truncate, slice-ansi) keeps a wide character that
 * straddles the cut, one column too many, which pushes a pane's border into its
 * neighbour: lines are fitted here, so Ink never has to cut them.
 */
import stringWidth from 'string-width';
import { clusterRuns, graphemes } from './graphemes.js';
import { sanitizeBlock, sanitizeLine } from './sanitize.js';
import { homedir } from 'node:os';

export const ELLIPSIS = '…';

export { stringWidth };

/**
 * Columns of clusters measured before: a long text asks about the same few
 * thousand clusters again and again, and string-width takes microseconds for
 * each. Emptied when full.
 */
const measured = new Map<string, number>();
const MEASURED_KEPT = 4096;

/** Columns of one cluster of safe text (printable ASCII without asking string-width: most of them). */
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

/** The longest start of safe text that fits `width` columns, whole clusters only. */
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
  // A short text is measured at once; only a long one is read cluster by cluster, up to the limit.
  if (text.length <= 2 * limit + 16 || PRINTABLE_ASCII.test(text)) return stringWidth(text);
  let used = 0;
  for (const segment of graphemes(text)) {
    used += clusterWidth(segment);
    if (used > limit) break;
  }
  return used;
}

/** Safe text truncated to `width` columns, an ellipsis where it was cut. Reads no further than the cut. */
function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (columnsUpTo(text, width) <= width) return text;
  let whole = '';
  let beforeEllipsis = '';
  let used = 0;
  for (const segment of graphemes(text)) {
    used += clusterWidth(segment);
    if (used > width) return `${beforeEllipsis}${ELLIPSIS}`;
    whole += segment;
    if (used < width) beforeEllipsis = whole;
  }
  return whole;
}

/** Columns past the width a cut start must fill: its last clusters may read otherwise than in the whole line. */
const CUT_MARGIN = 4;

/**
 * The sanitised start of a line from disk, as much as fills `width` columns and
 * shows that more follows: a line is drawn on every frame it is on screen, and a
 * 200,000-character message shows 80 of them. Sanitising settles each cluster on
 * its own, so a start cut from the text reads as the whole line would, but for
 * where it was cut: it is taken long enough to fill a few columns more.
 */
function lineStart(text: string, width: number): string {
  for (let take = 4 * width + 64; ; take *= 4) {
    if (take >= text.length) return sanitizeLine(text);
    // Not between the halves of a surrogate pair.
    const high = text.charCodeAt(take - 1) >= 0xd800 && text.charCodeAt(take - 1) <= 0xdbff;
    const start = sanitizeLine(text.slice(0, high ? take - 1 : take));
    if (columnsUpTo(start, width + CUT_MARGIN) > width + CUT_MARGIN) return start;
  }
}

/** Sanitise and truncate to `width` columns (with an ellipsis). Reads no more of the text than the line shows. */
export function fit(text: string, width: number): string {
  return width <= 0 ? '' : truncate(lineStart(text, width), width);
}

/**
 * Columns a string from disk takes once sanitised (what the layout must measure,
 * not the raw string), or `atMost` if it takes more: a column is never wider.
 */
export function displayWidth(text: string, atMost: number): number {
  return Math.min(atMost, columnsUpTo(lineStart(text, atMost), atMost));
}

/** `~/.claude` rather than `/home/me/.claude`. */
export function tildify(path: string): string {
  const home = homedir();
  return home && (path === home || path.startsWith(`${home}/`)) ? `~${path.slice(home.length)}` : path;
}

/** Sanitise, truncate and pad with spaces to exactly `width` columns. */
export function fitPad(text: string, width: number): string {
  const fitted = fit(text, width);
  return fitted + ' '.repeat(Math.max(0, width - stringWidth(fitted)));
}

/** Sanitise, truncate and pad on the left to exactly `width` columns (right-aligned). */
export function fitPadStart(text: string, width: number): string {
  const fitted = fit(text, width);
  return ' '.repeat(Math.max(0, width - stringWidth(fitted))) + fitted;
}

/**
 * The pieces of one line (each already safe: fitted, sanitised, or our own
 * words), cut so that together they take at most `width` columns: the piece
 * where the line ends gets the ellipsis, the pieces after it become empty.
 */
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
    // The line ends in this piece (more follows it): cut it and say so.
    const kept = room > 0 ? head(part, room - 1) : '';
    const cut = room > 0 && (kept !== '' || !said) ? `${kept}${ELLIPSIS}` : '';
    room = 0;
    return cut;
  });
}

/**
 * Words of our own (a hint, a legend, a path the user gave) as lines of at most
 * `width` columns, broken at spaces. Unlike `wrapBlock`, a word longer than a
 * line is not broken over two: it is cut, with an ellipsis, so no line shows
 * half a word without saying so.
 */
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

/**
 * A block of text from disk as display lines of at most `width` columns: broken
 * at spaces, and inside a word too long for a line, between clusters (never
 * between a letter and its accent, nor between the halves of a flag).
 */
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
  // Rows are slices of the line, [start, end): building them cluster by cluster
  // would copy a long line once more for every cluster.
  const rows: string[] = [];
  let start = 0;
  let end = 0;
  let used = 0;
  const breakRow = (next: number) => {
    if (end > start) rows.push(line.slice(start, end));
    start = end = next;
    used = 0;
  };
  /** Words and runs of spaces, made of clusters (a space that carries a mark belongs to a word), as they end. */
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
      // A word longer than a row: cut between clusters, never between a letter and its accent.
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
  /** `length` code units of clusters of one kind (spaces, or not), `cells` columns in all. */
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

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
import { sanitizeBlock, sanitizeLine } from '../src/domain/sanitize.js';
import { homedir } from 'node:os';

export const ELLIPSIS = '…';

const segmenter = new Intl.Segmenter();

export { stringWidth };

/** Columns of one cluster of safe text (printable ASCII without asking string-width: most of them). */
const clusterWidth = (cluster: string): number => (cluster.length === 1 && cluster < '\u007F' ? 1 : stringWidth(cluster));

/** The longest start of safe text that fits `width` columns, whole clusters only. */
function head(text: string, width: number): string {
  let kept = '';
  let used = 0;
  for (const { segment } of segmenter.segment(text)) {
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
  for (const { segment } of segmenter.segment(text)) {
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
  for (const { segment } of segmenter.segment(text)) {
    used += clusterWidth(segment);
    if (used > width) return `${beforeEllipsis}${ELLIPSIS}`;
    whole += segment;
    if (used < width) beforeEllipsis = whole;
  }
  return whole;
}

/** Sanitise and truncate to `width` columns (with an ellipsis). */
export function fit(text: string, width: number): string {
  return width <= 0 ? '' : truncate(sanitizeLine(text), width);
}

/**
 * Columns a string from disk takes once sanitised (what the layout must measure,
 * not the raw string), or `atMost` if it takes more: a column is never wider.
 */
export function displayWidth(text: string, atMost: number): number {
  return Math.min(atMost, columnsUpTo(sanitizeLine(text), atMost));
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
  return parts.map((part) => {
    const columns = columnsUpTo(part, room);
    if (columns < room) {
      room -= columns;
      return part;
    }
    // The line ends in this piece (more follows it): cut it and say so.
    const cut = room > 0 ? `${head(part, room - 1)}${ELLIPSIS}` : '';
    room = 0;
    return cut;
  });
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
  // Words and runs of spaces, made of clusters: a space that carries a mark belongs to a word.
  const tokens: Array<{ text: string; space: boolean }> = [];
  const clusters = PRINTABLE_ASCII.test(line) ? line : [...segmenter.segment(line)].map(({ segment }) => segment);
  for (const segment of clusters) {
    const space = segment === ' ';
    const last = tokens.at(-1);
    if (last && last.space === space) last.text += segment;
    else tokens.push({ text: segment, space });
  }
  const rows: string[] = [];
  let row = '';
  let used = 0;
  const breakRow = () => {
    if (row !== '') rows.push(row);
    row = '';
    used = 0;
  };
  const add = (text: string, columns: number) => {
    if (used + columns > width) breakRow();
    row += text;
    used += columns;
  };
  for (const { text, space } of tokens) {
    const columns = stringWidth(text);
    if (used + columns <= width) add(text, columns);
    // The spaces where a line breaks are not drawn.
    else if (space) breakRow();
    else if (columns <= width) add(text, columns);
    else for (const { segment } of segmenter.segment(text)) add(segment, clusterWidth(segment));
  }
  if (row !== '' || rows.length === 0) rows.push(row);
  return rows;
}

/**
 * Everything drawn from disk goes through here (docs/safety.md): controls are shown, never obeyed, and text is rewritten
 * until string-width, Ink, terminals and tmux agree on its width (what each terminal does: docs/internals/terminal.md).
 */
import stringWidth from 'string-width';
import { clusterRuns, graphemes, mayJoin } from './graphemes.js';
import { TMUX_DISPUTED } from './tmux-widths.js';

const CONTROL_PICTURES_START = 0x2400;
const DELETE_PICTURE = '\u2421';
const REPLACEMENT = '\uFFFD';
const LINE_BREAK_MARK = '\u21B5';
const ZERO_WIDTH_NON_JOINER = '\u200C';

/** Bidi overrides and isolates reorder what is displayed ("trojan source"): not terminal controls, but they lie. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;

// C0 controls except tab and line feed handled separately, DEL, and C1 controls.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/gu;

/** Marks, format characters, Hangul medial vowels and final consonants: a terminal draws them in the cell before. */
const ZERO_WIDTH_CLASS = String.raw`\p{Mn}\p{Me}\p{Cf}\u1160-\u11FF\uD7B0-\uD7FF`;
const ZERO_WIDTH = new RegExp(`^[${ZERO_WIDTH_CLASS}]$`, 'u');
const LEADING_ZERO_WIDTH = new RegExp(`^[${ZERO_WIDTH_CLASS}]+`, 'u');
/** Space at the start of a line, but for one that a mark is drawn on. */
const LEADING_SPACE = new RegExp(String.raw`^\s+(?![${ZERO_WIDTH_CLASS}])`, 'u');

/** Lone surrogates, and what tmux (glibc) draws at another width than string-width: the list is scripts/tmux-widths.mjs's. */
const UNDRAWABLE = new RegExp(`[\\p{Surrogate}${TMUX_DISPUTED}]`, 'gu');

/** Joiners, presentation selectors, prepended concatenation marks: terminals disagree on their widths; without them all agree. */
const DROPPED = /\u200D|\uFE0E|\uFE0F|[\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u{110BD}\u{110CD}]/gu;

/** SARA AM (Thai, Lao): a spacing vowel that string-width folds into the letter before it; decomposed, it looks the same. */
const SARA_AM = /\u0E33|\u0EB3/gu;

/** A code point string-width or a terminal gives no column (or not the same): only a cluster of them has one. */
const NO_COLUMN_OF_ITS_OWN = /^[\p{M}\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}\p{Cs}\u1160-\u11FF\uD7B0-\uD7FF]$/u;

const SIMPLE = /^[\u0020-\u007E\u00A0-\u00AC\u00AE-\u02FF\n]*$/u;

const REGIONAL_INDICATOR = /\p{Regional_Indicator}$/u;
/** Spacing marks: string-width adds their width to the cluster, as a terminal does. */
const SPACING_MARK = /^\p{Mc}$/u;

function picture(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(CONTROL_PICTURES_START + code);
  if (code === 0x7f) return DELETE_PICTURE;
  return REPLACEMENT;
}

function cellsOf(codePoint: string): number {
  return ZERO_WIDTH.test(codePoint) ? 0 : stringWidth(codePoint);
}

/** A cluster may not start with a zero-width code point either: xterm gives it a column after an escape sequence. */
function agrees(cluster: string): boolean {
  const width = stringWidth(cluster);
  if (width === 0) return false;
  let cells = 0;
  for (const codePoint of cluster) {
    const cell = cellsOf(codePoint);
    if (cells === 0 && cell === 0) return false;
    cells += cell;
  }
  return cells === width;
}

/**
 * Dropped when string-width gives it no width (Ink would still give it a column); split with non-joiners where
 * string-width counts it narrower than its code points (`क्ष`); else cut to its first code point (`👍🏽`) or U+FFFD.
 */
function settleCluster(whole: string): string {
  if (agrees(whole)) return whole;
  if (stringWidth(whole) === 0) return '';
  // A leading mark or format character goes: it draws nothing of its own.
  const cluster = whole.replace(LEADING_ZERO_WIDTH, '');
  if (agrees(cluster)) return cluster;
  // Each spacing code point (but spacing marks, which string-width counts) in a cluster of its own.
  let split = '';
  for (const codePoint of cluster) {
    if (split !== '' && cellsOf(codePoint) > 0 && !SPACING_MARK.test(codePoint)) split += ZERO_WIDTH_NON_JOINER;
    split += codePoint;
  }
  // Two regional indicators that are no flag: the next one must not pair with the second.
  if (REGIONAL_INDICATOR.test(split)) split += ZERO_WIDTH_NON_JOINER;
  const parts = [...graphemes(split)];
  if (parts.length > 1 && parts.every(agrees)) return split;
  const [first = REPLACEMENT] = cluster;
  return agrees(first) ? first : REPLACEMENT;
}

const settledClusters = new Map<string, string>();
const CLUSTERS_KEPT = 4096;
const CLUSTER_KEPT_LENGTH = 32;

function settleKnownCluster(cluster: string): string {
  let settled = settledClusters.get(cluster);
  if (settled === undefined) {
    settled = settleCluster(cluster);
    if (settledClusters.size >= CLUSTERS_KEPT) settledClusters.clear();
    if (cluster.length <= CLUSTER_KEPT_LENGTH) settledClusters.set(cluster, settled);
  }
  return settled;
}

/** Settled cluster by cluster, then again: what was dropped or split can let its neighbours join. */
function settleWidths(text: string): string {
  let settled = text
    .replace(UNDRAWABLE, REPLACEMENT)
    .replace(DROPPED, '')
    .replace(SARA_AM, (am) => am.normalize('NFKD'));
  for (let pass = 0; pass < 3; pass++) {
    if (!mayJoin(settled)) return settled;
    let changed = false;
    let next = '';
    for (const [piece, run] of clusterRuns(settled)) {
      const single = piece.length === 1 || (piece.length === 2 && piece.codePointAt(0)! > 0xffff);
      const cluster = run || piece === '\n' || (single && !NO_COLUMN_OF_ITS_OWN.test(piece)) ? piece : settleKnownCluster(piece);
      changed ||= cluster !== piece;
      next += cluster;
    }
    if (!changed) return next;
    settled = next;
  }
  // Still moving: what does not agree by now is shown as U+FFFD, which joins nothing.
  let last = '';
  for (const [piece, run] of clusterRuns(settled)) last += run || piece === '\n' || agrees(piece) ? piece : REPLACEMENT;
  return last;
}

// Long text is drawn again every frame and settling it costs milliseconds: the last results are kept, but not for
// very long text (megabytes; the views cut a line before sanitising it).
const LONG = 256;
const VERY_LONG = 65_536;
const KEPT = 128;
const settledBefore = new Map<string, string>();

function neutralise(text: string): string {
  const inert = text.replace(UNSAFE, picture).replace(BIDI_CONTROLS, REPLACEMENT);
  if (SIMPLE.test(inert)) return inert;
  if (inert.length < LONG || inert.length > VERY_LONG) return settleWidths(inert);
  let settled = settledBefore.get(inert);
  if (settled === undefined) {
    settled = settleWidths(inert);
    if (settledBefore.size >= KEPT) settledBefore.delete(settledBefore.keys().next().value!);
    settledBefore.set(inert, settled);
  }
  return settled;
}

// The same short lines (names, models, a member's status) are drawn again on every tick of the clock: the last
// results are kept, as for the clusters.
const linesBefore = new Map<string, string>();
const LINES_KEPT = 1024;

/** One line of display: line breaks become a visible mark, tabs a space. */
export function sanitizeLine(text: string): string {
  const known = linesBefore.get(text);
  if (known !== undefined) return known;
  const flat = text.replace(/\r\n|\r|\n/gu, ` ${LINE_BREAK_MARK} `).replace(/\t/gu, ' ');
  // Trimmed after neutralising, which can drop what stood between spaces; a space that carries a mark stays.
  const line = neutralise(flat).replace(/ {2,}/gu, ' ').replace(LEADING_SPACE, '').trimEnd();
  if (text.length < LONG) {
    if (linesBefore.size >= LINES_KEPT) linesBefore.clear();
    linesBefore.set(text, line);
  }
  return line;
}

export function sanitizeBlock(text: string): string {
  // A lone CR is left to neutralise(), which shows it as a control picture.
  return neutralise(text.replace(/\r\n/gu, '\n').replace(/\t/gu, '    '));
}

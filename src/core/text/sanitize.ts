/**
 * Text read from disk is untrusted, and everything drawn goes through here (what
 * a user is promised: docs/safety.md). Two jobs:
 *
 * - Nothing a terminal would obey gets through. Every control character is made
 *   visible rather than deleted, so a user still sees that something odd was
 *   sent; without its introducer (ESC, or the 8-bit CSI/OSC/DCS) any escape
 *   sequence is plain text.
 * - Everyone agrees on every width. The layout measures with string-width (a
 *   grapheme cluster as a whole), Ink gives every cluster at least a column, a
 *   terminal counts code point by code point, and tmux takes its widths from
 *   glibc: where they disagree, a pane's right border moves and the panes beside
 *   it shift. Text is rewritten until they agree, as close to the original as it
 *   can stay; each rewrite below says which text it is for, and
 *   docs/internals/terminal.md what each terminal was found to do.
 */
import stringWidth from 'string-width';
import { clusterRuns, graphemes, mayJoin } from './graphemes.js';
import { TMUX_DISPUTED } from './tmux-widths.js';

const CONTROL_PICTURES_START = 0x2400;
const DELETE_PICTURE = '\u2421';
const REPLACEMENT = '\uFFFD';
const LINE_BREAK_MARK = '\u21B5';
const ZERO_WIDTH_NON_JOINER = '\u200C';

/**
 * Bidirectional overrides and isolates reorder what is displayed ("trojan source").
 * They are not terminal controls but they do lie about the text, so they are shown.
 */
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

/**
 * Lone surrogates (a string cut in the middle of a pair), and what tmux draws at
 * another width than string-width: glibc gives what it calls unprintable (U+2028,
 * a code point newer than its Unicode) no column, and a few code points another
 * width (U+3248–324F; the Hangul fillers, blank and two columns wide, a favourite
 * for invisible names). scripts/tmux-widths.mjs writes the list from glibc's table.
 */
const UNDRAWABLE = new RegExp(`[\\p{Surrogate}${TMUX_DISPUTED}]`, 'gu');

/**
 * Joiners and presentation selectors: terminals do not agree on what they do to a
 * width. `👨‍👩‍👧` is one two-column cluster to string-width but three (or six)
 * columns to a terminal; `❤️` two columns to string-width, one to xterm. Without
 * them the parts are drawn separately (`👨👩👧`, `❤`), at widths all agree on.
 * And the prepended concatenation marks (U+0600 ARABIC NUMBER SIGN…): a terminal
 * draws them in the cell before, tmux (glibc) gives them a column, wherever they
 * stand in a cluster.
 */
const DROPPED = /\u200D|\uFE0E|\uFE0F|[\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u{110BD}\u{110CD}]/gu;

/** SARA AM (Thai, Lao): a spacing vowel that string-width folds into the letter before it; decomposed, it looks the same. */
const SARA_AM = /\u0E33|\u0EB3/gu;

/** A code point string-width or a terminal gives no column (or not the same): only a cluster of them has one. */
const NO_COLUMN_OF_ITS_OWN = /^[\p{M}\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}\p{Cs}\u1160-\u11FF\uD7B0-\uD7FF]$/u;

/** Text with nothing but printable ASCII and Latin-1 letters: every character is one column. */
const SIMPLE = /^[\u0020-\u007E\u00A0-\u00AC\u00AE-\u02FF\n]*$/u;

/** A cluster that ends in a regional indicator (half a flag). */
const REGIONAL_INDICATOR = /\p{Regional_Indicator}$/u;
/** Spacing marks: string-width adds their width to the cluster, as a terminal does. */
const SPACING_MARK = /^\p{Mc}$/u;

function picture(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(CONTROL_PICTURES_START + code);
  if (code === 0x7f) return DELETE_PICTURE;
  return REPLACEMENT;
}

/** Columns a terminal gives one code point. */
function cellsOf(codePoint: string): number {
  return ZERO_WIDTH.test(codePoint) ? 0 : stringWidth(codePoint);
}

/**
 * Whether string-width and a terminal agree on a cluster's width, and it has one.
 * It must not start with a zero-width code point either: a terminal joins that to
 * the cell before, and when an escape sequence comes between (a change of
 * colour), xterm gives it a column of its own.
 */
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
 * One cluster, rewritten until string-width, Ink and a terminal agree on its
 * width: dropped when string-width gives it none (a lone combining mark, a
 * zero-width space, a soft hyphen: nothing is drawn, but Ink would give it a
 * column); split with zero-width non-joiners where string-width counts it
 * narrower than its code points (an Indic conjunct `क्ष`); else cut to its first
 * code point (a skin tone `👍🏽`, two columns to string-width and four to a
 * terminal; a keycap), or U+FFFD.
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

/**
 * Clusters settled before: text repeats its clusters (the letters of a script
 * with marks, the same few emoji), and settling one asks string-width several
 * times. Emptied when full.
 */
const settledClusters = new Map<string, string>();
const CLUSTERS_KEPT = 4096;
/** A longer cluster (a mark repeated a thousand times) is not worth keeping. */
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

/**
 * Settle each cluster, then check the whole again: what was dropped or split can
 * let its neighbours join. Code points that cannot join a neighbour (most text)
 * are clusters of their own, each of a width string-width and a terminal agree
 * on: only the clusters between them are looked at.
 */
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
      // Most clusters between those are one code point of some width too: nothing to settle.
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

/**
 * Long text from disk is drawn again on every frame it is on screen, and settling
 * its widths cluster by cluster costs milliseconds: the last few results are
 * kept (only for text that needed it, and not the very long, which would hold
 * megabytes: the views cut a line before sanitising it, and keep a wrapped block).
 */
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

/** One line of display: line breaks become a visible mark, tabs a space. */
export function sanitizeLine(text: string): string {
  const flat = text.replace(/\r\n|\r|\n/gu, ` ${LINE_BREAK_MARK} `).replace(/\t/gu, ' ');
  // Trimmed after neutralising (which can drop what stood between spaces), but a
  // space that carries a mark stays: without it the mark would stand alone.
  return neutralise(flat).replace(/ {2,}/gu, ' ').replace(LEADING_SPACE, '').trimEnd();
}

/** A block of display (the message detail view): line breaks kept, tabs expanded. */
export function sanitizeBlock(text: string): string {
  // A lone CR is left to neutralise(), which shows it as a control picture.
  return neutralise(text.replace(/\r\n/gu, '\n').replace(/\t/gu, '    '));
}

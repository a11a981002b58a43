/**
 * How wide a terminal draws text: code point by code point (wcwidth), with
 * Unicode 9+ widths, where emoji with emoji presentation take two columns. That
 * is what VTE, kitty (without grapheme mode), Windows Terminal and xterm.js with
 * its unicode11 addon do.
 *
 * @xterm/headless ships only its Unicode 6 table, from before emoji were made
 * wide: there `😀` is one column, while every terminal in use today, Ink and
 * string-width say two. No sanitising makes those agree short of removing
 * emoji, so the end-to-end tests give xterm this table instead (through its own
 * provider API), and keep xterm's handling of everything else: cells, joining of
 * zero-width code points to the cell before, wide characters, wrapping.
 *
 * tmux, where agent teams run, is modelled too (below): it takes its widths from
 * the C library, glibc's wcwidth, whose table (an older Unicode) is committed in
 * glibc-widths.ts (scripts/tmux-widths.mjs generates it, and checks it against a
 * real tmux).
 *
 * Deliberately not string-width: this is the other side of the comparison.
 */
import type { IUnicodeVersionProvider } from '@xterm/headless';
import { GLIBC_WIDTHS } from './glibc-widths.js';

/** Marks, format characters, Hangul medial vowels and final consonants: drawn in the cell before. */
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\u1160-\u11FF\uD7B0-\uD7FF]$/u;
/** Emoji presentation made these East Asian Wide in Unicode 9; regional indicators stayed narrow. */
const EMOJI_WIDE = /^(?!\p{Regional_Indicator})\p{Emoji_Presentation}$/u;

/** Markus Kuhn's wcwidth ranges of wide and full-width characters (CJK, Hangul syllables, full-width forms). */
function isEastAsianWide(code: number): boolean {
  return (
    code >= 0x1100 &&
    (code <= 0x115f ||
      code === 0x2329 ||
      code === 0x232a ||
      (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe10 && code <= 0xfe19) ||
      (code >= 0xfe30 && code <= 0xfe6f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x20000 && code <= 0x2fffd) ||
      (code >= 0x30000 && code <= 0x3fffd))
  );
}

/** Columns a terminal gives one code point. */
export function terminalCells(code: number): 0 | 1 | 2 {
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return 0;
  const char = String.fromCodePoint(code);
  // The soft hyphen is a format character that wcwidth draws as a hyphen.
  if (code !== 0xad && ZERO_WIDTH.test(char)) return 0;
  return isEastAsianWide(code) || EMOJI_WIDE.test(char) ? 2 : 1;
}

/**
 * Columns a terminal gives a string written from the start of a line or after an
 * escape sequence: a zero-width code point joins the cell before it, and with no
 * cell before it (xterm forgets the cell before at any escape sequence, so a
 * change of colour is enough) it takes a column of its own.
 */
export function terminalWidth(text: string): number {
  let width = 0;
  let before = 0;
  for (const char of text) {
    const cells = terminalCells(char.codePointAt(0)!);
    if (cells > 0) before = cells;
    width += cells > 0 ? cells : before === 0 ? 1 : 0;
  }
  return width;
}

// xterm's packing of a character's properties: (state << 3) | (width << 1) | shouldJoin.
const widthOf = (properties: number): number => (properties >> 1) & 3;
const pack = (width: number, shouldJoin: boolean): number => (width << 1) | (shouldJoin ? 1 : 0);

/** The table above as an xterm unicode version, joining zero-width code points to the cell before as xterm's own does. */
export const unicode11: IUnicodeVersionProvider = {
  version: '11-wcwidth',
  wcwidth: terminalCells,
  charProperties(codePoint, preceding) {
    let width: number = terminalCells(codePoint);
    let shouldJoin = width === 0 && preceding !== 0;
    if (shouldJoin) {
      const before = widthOf(preceding);
      if (before === 0) shouldJoin = false;
      else if (before > width) width = before;
    }
    return pack(width, shouldJoin);
  },
};

/** The width tmux gives a code point: glibc's wcwidth (the table in glibc-widths.ts), and none for what glibc calls unprintable. */
export function tmuxCells(code: number): number {
  let low = 0;
  let high = GLIBC_WIDTHS.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last, width] = GLIBC_WIDTHS[middle]!;
    if (code < first) high = middle - 1;
    else if (code > last) low = middle + 1;
    else return Math.max(0, width);
  }
  return 1;
}

/** Columns tmux gives a string: code point by code point, a zero-width one drawn in the cell before. */
export function tmuxWidth(text: string): number {
  let width = 0;
  for (const char of text) width += tmuxCells(char.codePointAt(0)!);
  return width;
}

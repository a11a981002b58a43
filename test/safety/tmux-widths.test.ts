/**
 * tmux draws each code point at the width glibc's wcwidth gives it (none for
 * what glibc calls unprintable), and teamtop lays out with string-width: where
 * they disagree a row is wider or narrower on screen than measured, pane borders
 * move, and a row that wraps scrolls the header away. The sanitiser shows every
 * such code point as U+FFFD, whose width both agree on. The widths are glibc's
 * table as committed (glibc-widths.ts); `node scripts/tmux-widths.mjs --check-tmux`
 * compares that table with a real tmux.
 */
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { graphemes } from '../../src/core/text/graphemes.js';
import { sanitizeBlock, sanitizeLine } from '../../src/core/text/sanitize.js';
import { GLIBC_VERSION } from './glibc-widths.js';
import { tmuxCells, tmuxWidth } from './terminal-width.js';

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** string-width of each cluster, asked once: a million code points make a few hundred thousand clusters. */
const measured = new Map<string, number>();
const measure = (cluster: string) => {
  let width = measured.get(cluster);
  if (width === undefined) measured.set(cluster, (width = stringWidth(cluster)));
  return width;
};

/** Each cluster (as the segmenter finds them: graphemes.test.ts) has a width, the same to string-width and to tmux. */
function tmuxAgrees(line: string): boolean {
  for (const cluster of graphemes(line)) {
    const width = measure(cluster);
    if (width === 0 || tmuxWidth(cluster) !== width) return false;
  }
  return true;
}

describe(`text on screen in tmux (glibc ${GLIBC_VERSION}'s widths)`, () => {
  it('is drawn at the width it was measured, whatever code point it holds: every one checked', () => {
    const wrong: string[] = [];
    const checked = new Map<string, boolean>();
    for (let start = 0; start < 0x110000; start += 0x1000) {
      const codes: number[] = [];
      for (let code = start; code < start + 0x1000; code++) {
        // Line breaks are what the lines are split at; surrogates come alone or not at all.
        if (code !== 0x0a && code !== 0x0d && (code < 0xd800 || code > 0xdfff)) codes.push(code);
      }
      // Each at the start of a line (a mark has no base there) and after a letter.
      const lines = codes.flatMap((code) => {
        const char = String.fromCodePoint(code);
        return [char, `a${char}`];
      });
      const drawn = sanitizeBlock(lines.join('\n')).split('\n');
      expect(drawn.length).toBe(lines.length);
      drawn.forEach((line, i) => {
        let agrees = checked.get(line);
        if (agrees === undefined) {
          agrees = tmuxAgrees(line);
          checked.set(line, agrees);
        }
        if (!agrees) wrong.push(`${hex(codes[Math.floor(i / 2)]!)} as ${JSON.stringify(line)}`);
      });
    }
    expect(wrong.slice(0, 20)).toEqual([]);
    // A sweep of every code point: seconds on a quiet machine, more on a busy one.
  }, 120_000);

  it('shows what tmux draws otherwise as U+FFFD: line separators, unassigned code points, changed widths', () => {
    const cases: Array<[text: string, shown: string]> = [
      // Unprintable to glibc: tmux gives them no column, string-width one.
      ['a\u2028b\u2029c', 'a\uFFFDb\uFFFDc'],
      ['unassigned \u0378', 'unassigned \uFFFD'],
      ['Unicode 15 \u{1FA75} and 16 \u{1CC00}', 'Unicode 15 \uFFFD and 16 \uFFFD'],
      // Two columns to glibc, one to string-width: a row one column too wide wraps.
      ['\u3248\u3249\u324F', '\uFFFD\uFFFD\uFFFD'],
      // One column to glibc, two to string-width since Unicode 16.
      ['\u2630 \u{1D300}', '\uFFFD \uFFFD'],
    ];
    for (const [text, shown] of cases) {
      expect(sanitizeLine(text)).toBe(shown);
      expect(tmuxWidth(sanitizeLine(text))).toBe(stringWidth(sanitizeLine(text)));
    }
    // What both agree on is left alone.
    for (const text of ['世界', '😀', 'e\u0301', '🇫🇷', '\u3247', '\u0897x']) expect(sanitizeLine(`x${text}`)).toBe(`x${text}`);
    expect(tmuxCells(0x3248)).toBe(2);
    expect(tmuxCells(0x2028)).toBe(0);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutGraphemes, graphemes, mayJoin } from '../../src/core/text/graphemes.js';
import { HUGE_WORD, ODD_TEXTS } from './corpus.js';

const segmenter = new Intl.Segmenter();
const segmented = (text: string) => [...segmenter.segment(text)].map(({ segment }) => segment);

/** Code points of every grapheme break class, and what likes to sit next to them. */
const PIECES = [
  ...[...Object.values(ODD_TEXTS).join('')],
  'a',
  ' ',
  '1',
  '#',
  '\r',
  '\n',
  '\r\n',
  '\u0301',
  '\u0903',
  '\u200D',
  '\u200C',
  '\uFE0F',
  '\u20E3',
  '\u{1F3FD}',
  '👍',
  '👨',
  '🇫',
  '🇷',
  '\u1100',
  '\u1161',
  '\u11A8',
  '가',
  '각',
  'क',
  '\u094D',
  'ष',
  '\u0600',
  '\u0D4E',
  '\u{113D1}',
  '\u{16D63}',
  'ก',
  '\u0E33',
  'ｱ',
  '\uFF9E',
  '\uD83D',
  '\uDE00',
  '\u{E0067}',
  '\u{E007F}',
  '\u2028',
];

describe('grapheme clusters of any text', () => {
  it('are the clusters Intl.Segmenter finds, in any mix of what joins and what does not', () => {
    const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (raw) => {
        expect([...graphemes(raw)]).toEqual(segmented(raw));
      }),
      { numRuns: 3000 },
    );
  });

  it('are the same where a long text is cut into slices: long clusters, flags, conjuncts, jamo', () => {
    for (const text of [
      HUGE_WORD,
      'a\u0301'.repeat(3000),
      `x${'\u0301'.repeat(5000)}${'y'.repeat(1000)}`,
      '🇫'.repeat(1001),
      'क्ष'.repeat(500),
      `${'\u1100'.repeat(2000)}a`,
      `${'👍🏽\u200D'.repeat(300)}👍`,
      `${'ab\r\n'.repeat(500)}`,
    ]) {
      expect([...graphemes(text)]).toEqual(segmented(text));
    }
  });

  it('puts a boundary between any two code points that join nothing: every code point checked', () => {
    // A code point of any joining class (Extend, SpacingMark, Prepend, ZWJ, L, V, T,
    // regional indicator) joins a copy of itself: outside the set, none may.
    const joined: string[] = [];
    let batch: string[] = [];
    const check = () => {
      const clusters = segmented(batch.map((char) => char + char).join('\n'));
      if (clusters.length !== batch.length * 3 - 1) {
        for (const char of batch)
          if (segmented(char + char).length !== 2) joined.push(`U+${char.codePointAt(0)!.toString(16).toUpperCase()}`);
      }
      batch = [];
    };
    for (let code = 0; code < 0x110000; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (mayJoin(char)) continue;
      batch.push(char);
      if (batch.length === 64) check();
    }
    check();
    expect(joined).toEqual([]);
  });
});

describe('cutGraphemes', () => {
  it('cuts at a cluster boundary, never through an emoji, a flag or a surrogate pair', () => {
    const text = `${'a'.repeat(70)}👍🏽🇫🇷 done`;
    expect(cutGraphemes(text, 72)).toBe('a'.repeat(70));
    expect(cutGraphemes(text, 74)).toBe(`${'a'.repeat(70)}👍🏽`);
    expect(cutGraphemes('short', 72)).toBe('short');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.nat(60), (value, length) => {
        const cut = cutGraphemes(value, length);
        expect(cut.length).toBeLessThanOrEqual(length);
        expect(value.startsWith(cut)).toBe(true);
        expect(segmented(value).join('').startsWith(segmented(cut).join(''))).toBe(true);
        expect(segmented(value).slice(0, segmented(cut).length)).toEqual(segmented(cut));
      }),
    );
  });
});

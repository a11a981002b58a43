/**
 * string-width is patched (patches/) to add up code points that each form a
 * grapheme cluster of their own, without the segmenter. Whatever the text, it
 * gives what the segmenter's clusters give. The oracle is the same text made to
 * go to the segmenter: a newline (a control character, a cluster of its own)
 * and an astral character after it (a surrogate pair).
 */
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';

/** Measured cluster by cluster: `𝐀` (one column) after a newline (a cluster of its own, of none) sends the whole text to the segmenter. */
const byClusters = (text: string) => stringWidth(`${text}\n𝐀`) - 1;

/**
 * Code points that join their neighbours or whose width depends on them:
 * combining marks, a zero-width joiner, variation selectors, Hangul jamo,
 * halfwidth sound marks, a spacing mark, a carriage return, a soft hyphen, and
 * ones that stand alone: box drawing, CJK, fullwidth, ambiguous-width symbols.
 */
const TRICKY = [
  'e',
  '\u0301',
  '\u200D',
  '\uFE0F',
  '\uFE0E',
  '\u2764',
  '\u1100',
  '\u1161',
  '\u11A8',
  '\uAC00',
  '\uFF76',
  '\uFF9E',
  '\u0915',
  '\u093E',
  '\r',
  '\n',
  '\u00AD',
  '─',
  '╮',
  '界',
  'Ａ',
  '…',
  '○',
  '⇠',
  '\u0600',
  ' ',
  '\u001B[31m',
  '\u001B[39m',
  '\u001B]8;;https://example.com\u0007',
];

const unit = fc.oneof(
  fc.constantFrom(...TRICKY),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
);

describe('string-width, patched', () => {
  it('measures any text as its grapheme clusters measure', () => {
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
        const text = units.join('');
        expect(stringWidth(text)).toBe(byClusters(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('measures box drawing, CJK and a heart that is an emoji', () => {
    expect(stringWidth('╭─ worker ── idle 3s ─╮')).toBe(23);
    expect(stringWidth('界界')).toBe(4);
    expect(stringWidth('\u2764')).toBe(1);
    expect(stringWidth('\u2764\uFE0F')).toBe(2);
    expect(stringWidth('\u1100\u1161')).toBe(2);
  });
});

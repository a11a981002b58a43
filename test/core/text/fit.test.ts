import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { displayWidth, fit, fitParts, wrapBlock } from '../../../src/core/text/fit.js';
import { sanitizeBlock, sanitizeLine } from '../../../src/core/text/sanitize.js';
import { ATTACKS, ODD_TEXTS } from '../../safety/corpus.js';

/** Pieces that sanitising drops, joins, splits, widens or shows: a long text of them is cut anywhere. */
const PIECES = [
  ...Object.values(ODD_TEXTS),
  ...Object.values(ATTACKS),
  'word ',
  '     ',
  '\u200B'.repeat(40),
  '\u0301'.repeat(30),
  '\r\n',
  '\n',
  '\t',
  '\u2028',
  '\u3248',
  '👍🏽',
  '🇫🇷🇯',
  '\uD83D',
  'cafe\u0301 ',
];

/** Texts long enough that a line shows only their start. */
const longText = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 300 }).map((parts) => parts.join(''));

describe('a line of text from disk, fitted to a width', () => {
  it('reads as the whole text sanitised and cut, though only its start is read', () => {
    fc.assert(
      fc.property(longText, fc.integer({ min: 1, max: 150 }), (text, width) => {
        const whole = sanitizeLine(text);
        expect(fit(text, width)).toBe(fitParts([whole], width)[0]);
        expect(displayWidth(text, width)).toBe(Math.min(width, stringWidth(whole)));
      }),
      { numRuns: 400 },
    );
  });
});

describe('a block of text from disk, wrapped to a width', () => {
  it('keeps every row within the width (a wide character has two) and loses nothing but the spaces it breaks at', () => {
    fc.assert(
      fc.property(longText, fc.integer({ min: 2, max: 120 }), (text, width) => {
        const rows = wrapBlock(text, width);
        for (const row of rows) expect(stringWidth(row)).toBeLessThanOrEqual(width);
        const lines = sanitizeBlock(text).split('\n');
        expect(rows.join('').replaceAll(' ', '')).toBe(lines.join('').replaceAll(' ', ''));
      }),
      { numRuns: 300 },
    );
  });

  it('breaks at spaces, and inside a word too long for a row between clusters', () => {
    // The spaces that do not fit are not drawn; those that do stay with the row.
    expect(wrapBlock('the quick brown fox jumps', 10)).toEqual(['the quick ', 'brown fox ', 'jumps']);
    expect(wrapBlock('aaaa     bbb', 5)).toEqual(['aaaa', 'bbb']);
    expect(wrapBlock('abcdefghijkl xy', 5)).toEqual(['abcde', 'fghij', 'kl xy']);
    expect(wrapBlock('cafe\u0301cafe\u0301', 3)).toEqual(['caf', 'e\u0301ca', 'fe\u0301']);
    expect(wrapBlock('世界世界世', 4)).toEqual(['世界', '世界', '世']);
  });
});

/**
 * @alcalzone/ansi-tokenize is patched (patches/) to cut a text into clusters
 * without the segmenter where its code units each stand alone, and to ask the
 * segmenter only about the stretches that hold one that can join a neighbour.
 * Whatever the text, it gives what the published tokeniser (every cluster from
 * the segmenter, kept beside it as `tokenizeBySegments`) gives. Its rows are
 * written with each change of style worked out once, as the published diff writes them.
 */
import {
  ansiCodesToString,
  diffAnsiCodes,
  styledCharsFromTokens,
  styledCharsToString,
  tokenize,
  tokenizeBySegments,
  type StyledChar,
} from '@alcalzone/ansi-tokenize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** Pieces a styled row is made of, and ones that join their neighbours: marks, joiners, selectors, jamo, a prepended sign, controls. */
const TRICKY = [
  'e',
  ' ',
  '\u0301',
  '\u200D',
  '\uFE0F',
  '\u2764',
  '⚠',
  '\u1100',
  '\u1161',
  '\u11A8',
  '\uAC00',
  '\uFF9E',
  '\u0915',
  '\u094D',
  '\u093E',
  '\u0600',
  '\r',
  '\n',
  '\t',
  '─',
  '╮',
  '界',
  '…',
  '😀',
  '\uD83C\uDDEB',
  '\u001B',
  '\u009B',
  '\u001B[31m',
  '\u001B[1;38;2;10;20;30m',
  '\u001B[39m',
  '\u001B[',
  '\u001B]8;;https://example.com\u0007',
  '\u001B]8;;\u0007',
];

const unit = fc.oneof(
  fc.constantFrom(...TRICKY),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
);

describe('ansi-tokenize, patched', () => {
  it('cuts any text as the segmenter cuts it', () => {
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 16 }), fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }), (units, end) => {
        const text = units.join('');
        expect(tokenize(text, end)).toEqual(tokenizeBySegments(text, end));
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps a mark with the letter before it, and a code whose end a mark joins is read as the segmenter reads it', () => {
    const values = (text: string) => tokenize(text).map((token) => (token.type === 'char' ? token.value : token.code));
    expect(values('\u001B[31m╭─ é\u0301 界\u001B[39m')).toEqual(['\u001B[31m', '╭', '─', ' ', 'é\u0301', ' ', '界', '\u001B[39m']);
    expect(tokenize('\u001B[31m\u0301a')).toEqual(tokenizeBySegments('\u001B[31m\u0301a'));
  });

  it('writes a row as the published diff does, each change of style taken from those worked out before', () => {
    const published = (chars: StyledChar[]) =>
      chars
        .map((char, i) => {
          const before = i === 0 ? ansiCodesToString(char.styles) : ansiCodesToString(diffAnsiCodes(chars[i - 1]!.styles, char.styles));
          const after = i === chars.length - 1 ? ansiCodesToString(diffAnsiCodes(char.styles, [])) : '';
          return `${before}${char.value}${after}`;
        })
        .join('');
    const codes = ['31m', '39m', '1m', '2m', '22m', '7m', '27m', '44m', '49m', '0m', '1;38;2;10;20;30m', '38;5;33m'];
    const styled = fc.oneof(fc.constantFrom(...codes.map((code) => `\u001B[${code}`)), fc.constantFrom('a', ' ', '界'));
    fc.assert(
      fc.property(fc.array(styled, { maxLength: 24 }), (pieces) => {
        const chars = styledCharsFromTokens(tokenize(pieces.join('')));
        expect(styledCharsToString(chars)).toBe(published(chars));
      }),
      { numRuns: 5000 },
    );
  });
});

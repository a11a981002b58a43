import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inertJson, inertJsonPieces } from '../../src/core/text/inert-json.js';

const written = (value: unknown): string[] => {
  return [...inertJsonPieces(value)];
};

describe('JSON written a piece at a time', () => {
  it('is the text inertJson makes, for any JSON value (undefined fields left out, as JSON.stringify does)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (value, text) => {
        const long = Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? value : { text, i, skipped: undefined }));
        // A long list among the elements of another, written in pieces between runs written whole.
        const mixed = Array.from({ length: 300 }, (_, i) => (i === 100 ? { long } : i === 299 ? [long] : { i, value }));
        const document = { value, list: [value, text, '\u009b31m\u2028'], skipped: undefined, teams: [{ long }], mixed };
        expect(written(document).join('')).toBe(`${inertJson(document, 2)}\n`);
      }),
    );
  });

  it('hands a long document over in pieces, never as one string', () => {
    const messages = Array.from({ length: 20_000 }, (_, i) => ({ text: `message ${i} ${'x'.repeat(100)}`, at: i }));
    const pieces = written({ teams: [{ messages }] });
    expect(pieces.length).toBeGreaterThan(1);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(2 << 20);
    expect(JSON.parse(pieces.join(''))).toEqual({ teams: [{ messages }] });
  });
});

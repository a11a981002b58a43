import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { sanitizeBlock, sanitizeLine } from '../../src/core/text/sanitize.js';
import { ATTACKS, BELL_FLOOD, HUGE_WORD, ODD_TEXTS } from './corpus.js';
import { terminalWidth, tmuxWidth } from './terminal-width.js';

/** Anything a terminal would act on or that reorders text: C0 but line feed, DEL, C1, bidi controls. */
const ACTIVE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

const segmenter = new Intl.Segmenter();
const clusters = (text: string) => [...segmenter.segment(text)].map(({ segment }) => segment);

/**
 * What the layout needs of drawn text: string-width, Ink (every cluster at least
 * one column) and a terminal (code point by code point: xterm, tmux) agree on
 * every cluster.
 */
function expectSettledWidths(text: string): void {
  for (const line of text.split('\n')) {
    for (const cluster of clusters(line)) {
      expect(stringWidth(cluster), JSON.stringify(cluster)).toBeGreaterThan(0);
      expect(terminalWidth(cluster), JSON.stringify(cluster)).toBe(stringWidth(cluster));
      expect(tmuxWidth(cluster), JSON.stringify(cluster)).toBe(stringWidth(cluster));
    }
    expect(terminalWidth(line)).toBe(stringWidth(line));
    expect(tmuxWidth(line)).toBe(stringWidth(line));
  }
}

describe('sanitizing every attack', () => {
  it.each(Object.entries(ATTACKS))('%s becomes inert, visible text on a line and in a block', (_name, attack) => {
    for (const text of [attack, `before ${attack} after`, `${attack}\n${attack}`]) {
      const line = sanitizeLine(text);
      const block = sanitizeBlock(text);
      expect(line).not.toMatch(ACTIVE);
      expect(line).not.toContain('\n');
      expect(block).not.toMatch(ACTIVE);
      expectSettledWidths(line);
      expectSettledWidths(block);
    }
  });

  it('shows each introducer and control as its own visible picture', () => {
    expect(sanitizeLine(ATTACKS.clearScreen)).toBe('␛[2J');
    expect(sanitizeLine(ATTACKS.reset)).toBe('␛c');
    expect(sanitizeLine(ATTACKS.titleSt)).toBe('␛]2;pwned-title␛\\');
    expect(sanitizeLine(ATTACKS.dcs)).toBe('␛P$q"p␛\\');
    expect(sanitizeLine(ATTACKS.c1Osc)).toBe('\uFFFD0;pwned-c1␇');
    expect(sanitizeLine(ATTACKS.backspace)).toBe('safe␈␈␈␈EVIL');
    expect(sanitizeLine(ATTACKS.carriageReturn)).toBe('safe ↵ EVIL');
    expect(sanitizeBlock(ATTACKS.carriageReturn)).toBe('safe␍EVIL');
    expect(sanitizeLine(ATTACKS.nul)).toBe('a␀b');
    expect(sanitizeLine(ATTACKS.bidiIsolate)).toBe('\uFFFDisolate\uFFFD');
    expect(sanitizeLine(BELL_FLOOD)).toBe('␇'.repeat(1000));
  });

  it('leaves nothing active in any mix of attacks, odd text and random code points', () => {
    const pieces = [...Object.values(ATTACKS), ...Object.values(ODD_TEXTS), '\u009b', '\u009d', '\u0090', '\u001b', '\r', '\n', '\t', ' '];
    const text = fc
      .array(fc.oneof(fc.constantFrom(...pieces), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 12 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (raw) => {
        const line = sanitizeLine(raw);
        const block = sanitizeBlock(raw);
        expect(line).not.toMatch(ACTIVE);
        expect(line).not.toContain('\n');
        expect(block).not.toMatch(ACTIVE);
        // Sanitising is done once and for all: doing it again changes nothing.
        expect(sanitizeLine(line)).toBe(line);
      }),
      { numRuns: 500 },
    );
  });
});

describe('sanitizing odd text', () => {
  it.each(Object.entries(ODD_TEXTS))('%s: string-width, Ink and a terminal agree on its width', (_name, odd) => {
    expectSettledWidths(sanitizeLine(odd));
    expectSettledWidths(sanitizeBlock(odd));
  });

  it('agrees on the width of any mix of wide, joined, combined and invisible characters', () => {
    const pieces = [
      ...[...Object.values(ODD_TEXTS).join('')],
      '\u200D',
      '\uFE0F',
      '\uFE0E',
      '\u20E3',
      '\u0301',
      '\u0E33',
      '\u094D',
      '\u0937',
      '\u1100',
      '\u1161',
      '\u11A8',
      '\u{1F3FD}',
      '\u{1F1EB}',
      '\u{E0067}',
      '\u0600',
      '\u0D4E',
      '\u08E2',
      '\u00AD',
      '\u200B',
      '\u3164',
      '\uD83D',
      'a',
      ' ',
      '1',
      '#',
      '\n',
      '\u2028',
      '\u3248',
      '\u0378',
      '\u0897',
      '\u{1FA75}',
      '\u2630',
      '\u{1171E}',
    ];
    const text = fc.array(fc.constantFrom(...pieces), { maxLength: 24 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (raw) => {
        expectSettledWidths(sanitizeLine(raw));
        expectSettledWidths(sanitizeBlock(raw));
      }),
      { numRuns: 1000 },
    );
  });

  it('draws joined emoji as their parts, and drops what only changes a width', () => {
    expect(sanitizeLine('👨‍👩‍👧')).toBe('👨👩👧');
    expect(sanitizeLine('❤\uFE0F ☺\uFE0E')).toBe('❤ ☺');
    expect(sanitizeLine('1\uFE0F\u20E3')).toBe('1');
    expect(sanitizeLine('👍🏽')).toBe('👍');
    expect(sanitizeLine('กำ')).toBe('ก\u0E4D\u0E32');
    expect(sanitizeLine('a\u200Bb\u2060c\uFEFFd\u00ADe')).toBe('abcde');
    expect(sanitizeLine('x\u3164y\uD83D')).toBe('x\uFFFDy\uFFFD');
    // A prepended number sign: no column to a terminal, one to tmux, wherever it stands in a cluster (found by CI).
    expect(sanitizeLine('\u0D4E\u0600')).toBe('\u0D4E');
    expect(sanitizeLine('\u0600\u0661 \u0D4E\u06DD\u0D15')).toBe('\u0661 \u0D4E\u200C\u0D15');
    expectSettledWidths(sanitizeLine('\u0D4E\u{110BD}\u0890a'));
    // What agrees already is left alone.
    for (const text of ['世界', 'e\u0301', '🇫🇷', '😀', 'ｱﾞ', '\u1100\u1161']) expect(sanitizeLine(text)).toBe(text);
  });

  it('keeps a 10,000-character word whole, and quickly', () => {
    // In CPU time, which a busy machine does not stretch as it stretches the clock's.
    const started = process.cpuUsage();
    const line = sanitizeLine(HUGE_WORD);
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
    expect(stringWidth(line)).toBe(terminalWidth(line));
    expect(line.startsWith('word世界😀e\u0301ก\u0E4D\u0E32🇫🇷word')).toBe(true);
  });
});

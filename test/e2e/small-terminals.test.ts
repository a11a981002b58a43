/**
 * The sizes issue 21 met, in a real terminal: the empty state and the help in
 * short terminals, and the help that has more keys than rows.
 */
import { describe, expect, it } from 'vitest';
import { copyFixture, tempDir } from '../helpers/fixtures.js';
import { Terminal } from '../helpers/pty.js';

const NOW = '2026-03-01T10:05:00Z';

/** Every key the help lists, as it labels them. */
const KEYS = [
  'tab → l',
  'S-tab ← h',
  '↑ k',
  '↓ j',
  'PgUp',
  'PgDn',
  'g Home',
  'G End',
  '⏎',
  'esc',
  ']',
  '[',
  't',
  'w',
  'o',
  'd',
  'i',
  'p',
  'u',
  'm',
  'a',
  '?',
  'q ^C',
];

describe('a short terminal', () => {
  it('draws the empty state whole at 80x12 and 40x10', async () => {
    for (const [cols, rows] of [
      [80, 12],
      [40, 10],
    ] as const) {
      const term = new Terminal({ args: ['--dir', tempDir(), '--no-journal'], cols, rows });
      await term.waitForText('No agent teams yet');
      // Its last line too (a frame can come in more than one read), then whole lines, nothing drawn over them.
      await term.waitForText('Another config dir? Use --dir or set');
      expect(term.text()).not.toMatch(/^ ?o agent|set _$/mu);
      term.press('q');
      expect(await term.waitForExit()).toBe(0);
    }
  });

  it('scrolls the help and says how much more there is, at 80x24, 80x16 and 40x10', async () => {
    for (const [cols, rows] of [
      [80, 24],
      [80, 16],
      [40, 10],
    ] as const) {
      const term = new Terminal({ args: ['--dir', copyFixture('handshakes'), '--no-journal', '--now', NOW], cols, rows });
      await term.waitForText('★ team-lead');
      term.press('?');
      await term.waitForText(/^↓ PgDn: \d+ more · esc or \? to close/mu);
      const seen = new Set<string>();
      let pages = '';
      const read = () => {
        pages += term.text();
        for (const line of term.lines()) for (const key of KEYS) if (line.startsWith(`${key.padEnd(10)} `)) seen.add(key);
      };
      const first = () => /^Keys · (\d+)-/mu.exec(term.text())?.[1];
      read();
      // Page down to the end: every key, then the whole legend.
      while (/↓ PgDn: \d+ more/u.test(term.text())) {
        const was = first();
        term.press('\u001b[6~');
        await term.waitForText(new RegExp(`^Keys · (?!${was}-)\\d+-`, 'mu'));
        read();
      }
      expect([...seen].sort(), `${cols}x${rows}`).toEqual([...KEYS].sort());
      for (const legend of ['Messages ●', 'Handshakes ⚠', 'Status lead', 'Tasks blocked']) expect(pages).toContain(legend);
      expect(term.text()).toMatch(/^↑ \d+ above · esc or \? to close/mu);
      term.press('\u001b');
      await term.waitForText('★ team-lead');
      term.press('q');
      expect(await term.waitForExit()).toBe(0);
    }
  });
});

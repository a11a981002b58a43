/**
 * Switching views in a real terminal: a view shown and left again gives the
 * dashboard back as it was, its focus included.
 */
import { describe, expect, it } from 'vitest';
import { copyFixture } from '../helpers/fixtures.js';
import { Terminal } from '../helpers/pty.js';

describe('switching views', () => {
  it('keeps the focus: tab to a member, t t (or w w), and d opens that member', async () => {
    const term = new Terminal({
      args: ['--dir', copyFixture('handshakes'), '--no-journal', '--now', '2026-03-01T10:05:00Z'],
      cols: 120,
      rows: 40,
    });
    await term.waitForText('★ team-lead');
    term.press('\t');
    // The focused pane is drawn with a heavy border.
    await term.waitForText('┏━ bob ');
    for (const key of ['t', 'w']) {
      term.press(key);
      await term.waitForText(key === 't' ? ' Timeline ' : 'No workflow declared');
      term.press(key);
      await term.waitForText('┏━ bob ');
      expect(term.text()).not.toContain('┏━ ★ team-lead');
    }
    term.press('d');
    await term.waitForText('agent id: bob@stuck');
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
  });
});

/**
 * The themes, as a terminal shows them: dark (today's), light on a light
 * background (said by COLORFGBG, or by the terminal's answer to OSC 11, which
 * never reaches the keys), high contrast; NO_COLOR still wins. Colours are
 * read from the terminal's cells (256-colour palette indexes at xterm-256color).
 */
import { describe, expect, it } from 'vitest';
import { copyFixture, tempDir } from '../helpers/fixtures.js';
import { Terminal, userEnvironment } from '../helpers/pty.js';
import { waitFor } from '../helpers/wait.js';

function dashboard(args: readonly string[] = [], env: Record<string, string> = {}): Terminal {
  return new Terminal({
    args: ['--dir', copyFixture('protocol-zoo'), '--no-journal', '--now', '2026-03-01T12:00:00Z', ...args],
    cols: 100,
    rows: 40,
    environment: userEnvironment({ XDG_CONFIG_HOME: tempDir(), ...env }),
  });
}

async function quit(term: Terminal): Promise<void> {
  term.press('q');
  expect(await term.exitWithin(10_000, 'q')).toBe(0);
}

/** The 256-colour index of `#rrggbb` (the 6x6x6 cube), as chalk downsamples it at xterm-256color. */
const cube = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => Math.round((Number.parseInt(hex.slice(i, i + 2), 16) / 255) * 5));
  return 16 + 36 * r! + 6 * g! + b!;
};

describe('themes', () => {
  it('draws the dark theme by default, where the terminal says nothing of its background', async () => {
    const term = dashboard();
    await term.waitForText('Design the schema');
    expect(term.styleOf('teamtop').fg).toBe(6);
    expect(term.styleOf('┏━ ★ team-lead').fg).toBe(7);
    await quit(term);
  });

  it('draws the light theme on a light background, said by COLORFGBG', async () => {
    const term = dashboard([], { COLORFGBG: '0;15' });
    await term.waitForText('Design the schema');
    expect(term.styleOf('teamtop').fg).toBe(cube('#005f87'));
    // White, the lead's colour on a dark background, is black on a light one.
    expect(term.styleOf('┏━ ★ team-lead').fg).toBe(0);
    // Not asked: COLORFGBG said.
    expect(term.output).not.toContain('\u001b]11;?');
    await quit(term);
  });

  it('asks the terminal with OSC 11, takes its answer, and reads no answer as keys', async () => {
    const term = dashboard();
    let asked = false;
    term.pty.onData((data) => {
      if (asked || !data.includes('\u001b]11;?')) return;
      asked = true;
      // As xterm answers: the colour, then the device attributes asked behind it.
      term.press('\u001b]11;rgb:ffff/ffff/ffff\u001b\\\u001b[?64;1;2;6;22c');
    });
    await term.waitForText('Design the schema');
    expect(asked).toBe(true);
    // Drawn light at once, or (a loaded machine read the answer after the first frame) drawn again light.
    await waitFor(() => expect(term.styleOf('teamtop').fg).toBe(cube('#005f87')));
    // A late answer, after the dashboard is up, is not keys either.
    term.press('\u001b]11;rgb:0000/0000/0000\u0007');
    term.press('j');
    await term.waitForText(/tab pane/u);
    expect(term.text()).not.toMatch(/not a key|there is one team|rgb/u);
    await quit(term);
  });

  it('draws the first frame without waiting for an answer, and again in the light theme when one comes before the deadline', async () => {
    // A deadline far off: the frame today waited it out; the answer after the frame is still before it.
    const term = dashboard([], { TEAMTOP_ANSWER_DEADLINE_MS: '600000' });
    await term.waitForText('Design the schema');
    expect(term.output).toContain('\u001b]11;?');
    expect(term.styleOf('teamtop').fg).toBe(6);
    term.press('\u001b]11;rgb:ffff/ffff/ffff\u001b\\\u001b[?64;1;2;6;22c');
    await waitFor(() => expect(term.styleOf('teamtop').fg).toBe(cube('#005f87')));
    expect(term.styleOf('┏━ ★ team-lead').fg).toBe(0);
    term.press('j');
    await term.waitForText(/tab pane/u);
    expect(term.text()).not.toMatch(/not a key|there is one team|rgb/u);
    await quit(term);
  });

  it('draws the high-contrast theme: bright colours, nothing faint', async () => {
    const term = dashboard(['--theme', 'high-contrast']);
    await term.waitForText('Design the schema');
    expect(term.styleOf('teamtop').fg).toBe(14);
    expect(term.output).not.toMatch(/\u001b\[(?:[\d;]*;)?2m/u);
    await quit(term);
  });

  it('draws no colour with NO_COLOR, whatever the theme, and asks nothing', async () => {
    const term = dashboard(['--theme', 'light'], { NO_COLOR: '1' });
    await term.waitForText('Design the schema');
    expect(term.styles().every((style) => style.fg === 'default' && style.bg === 'default')).toBe(true);
    expect(term.output).not.toContain('\u001b]11;?');
    await quit(term);
  });
});

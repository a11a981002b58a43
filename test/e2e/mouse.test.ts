/**
 * The mouse in a real terminal: teamtop asks for SGR reports (modes 1000 and
 * 1006) while it holds the screen and turns them off on every way out, a
 * crash too; a turn of the wheel scrolls the pane under the pointer and a
 * click focuses one, and no report is ever read as keys. `--no-mouse` and the
 * config's `mouse = false` leave the mouse to the terminal.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, tempDir } from '../helpers/fixtures.js';
import { Terminal, userEnvironment } from '../helpers/pty.js';

const MOUSE_ON = '\u001b[?1000h\u001b[?1006h';
const MOUSE_OFF = '\u001b[?1006l\u001b[?1000l';

function dashboard(args: readonly string[] = [], env: Record<string, string> = {}): Terminal {
  return new Terminal({
    args: ['--dir', copyFixture('protocol-zoo'), '--no-journal', '--now', '2026-03-01T12:00:00Z', ...args],
    cols: 100,
    rows: 40,
    environment: userEnvironment({ XDG_CONFIG_HOME: tempDir(), ...env }),
  });
}

/** A report as the terminal sends it: 1-based column and row. */
const wheel = (down: boolean, column: number, row: number) => `\u001b[<${down ? 65 : 64};${column};${row}M`;
const click = (column: number, row: number) => `\u001b[<0;${column};${row}M\u001b[<0;${column};${row}m`;

describe('the mouse', () => {
  it('is asked for while the dashboard holds the screen, and given back as it quits', async () => {
    const term = dashboard();
    await term.waitForText('Design the schema');
    expect(term.output).toContain(MOUSE_ON);
    expect(term.output).not.toContain(MOUSE_OFF);
    term.press('q');
    expect(await term.exitWithin(10_000, 'q')).toBe(0);
    expect(term.output.lastIndexOf(MOUSE_OFF)).toBeGreaterThan(term.output.lastIndexOf(MOUSE_ON));
  });

  it('is given back after a crash', async () => {
    const term = dashboard([], { TEAMTOP_FAULT: 'uncaught' });
    await term.waitForExit();
    expect(term.output).toContain(MOUSE_ON);
    expect(term.output.lastIndexOf(MOUSE_OFF)).toBeGreaterThan(term.output.lastIndexOf(MOUSE_ON));
  });

  it('scrolls the pane under the pointer with the wheel, and focuses the pane clicked', async () => {
    const term = dashboard();
    await term.waitForText('Design the schema');
    const row = term.lines().findIndex((line) => line.startsWith(' Tasks ')) + 1;
    expect(term.lines()[row - 1]).toContain('↓ 3 below');
    // Three rows a turn: two turns take the selection past the four rows shown.
    term.press(wheel(true, 10, row + 1));
    term.press(wheel(true, 10, row + 1));
    await term.waitForText(/ Tasks .*↑ \d+ above/u);
    term.press(wheel(false, 10, row + 1));
    term.press(wheel(false, 10, row + 1));
    await term.waitForText(/ Tasks .*↓ 3 below/u);
    const helper = term.lines().findIndex((line) => line.startsWith('╭─ helper')) + 1;
    term.press(click(20, helper + 1));
    await term.waitForText('┏━ helper');
    // No report was read as keys: nothing typed the search, opened a view, or was answered as a key.
    expect(term.text()).not.toMatch(/not a key|there is one team|no member/u);
    expect(term.text()).not.toContain(' Timeline ');
    term.press('q');
    expect(await term.exitWithin(10_000, 'q')).toBe(0);
  });

  it('is left to the terminal with --no-mouse, or mouse = false in the config', async () => {
    const flagged = dashboard(['--no-mouse']);
    await flagged.waitForText('Design the schema');
    flagged.press('q');
    await flagged.waitForExit();
    expect(flagged.output).not.toContain('\u001b[?1000h');

    const config = tempDir();
    mkdirSync(join(config, 'teamtop'));
    writeFileSync(join(config, 'teamtop', 'config.toml'), 'mouse = false\n');
    const configured = dashboard([], { XDG_CONFIG_HOME: config });
    await configured.waitForText('Design the schema');
    configured.press('q');
    await configured.waitForExit();
    expect(configured.output).not.toContain('\u001b[?1000h');
  });
});

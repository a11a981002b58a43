/**
 * The colours a user sees, in a terminal with a user's environment: none of
 * what the test runner sets (FORCE_COLOR, NO_COLOR=''), no CI unless the test
 * says so. What is checked is what the terminal made of the SGR codes, cell by
 * cell, and the codes themselves.
 */
import { describe, expect, it } from 'vitest';
import { copyFixture } from '../helpers/fixtures.js';
import { Terminal, userEnvironment } from '../helpers/pty.js';

/** The SGR sequences in `output` that set a foreground or background colour (not the resets, 39 and 49). */
function colourCodes(output: string): string[] {
  return [...output.matchAll(/\u001b\[([\d;]*)m/gu)]
    .map((match) => match[1]!)
    .filter((params) =>
      params.split(';').some((param) => {
        const code = Number(param);
        return (code >= 30 && code <= 38) || (code >= 40 && code <= 48) || (code >= 90 && code <= 97) || (code >= 100 && code <= 107);
      }),
    );
}

async function dashboard(env: Record<string, string>, args: readonly string[] = []): Promise<Terminal> {
  const dir = copyFixture('protocol-zoo');
  const term = new Terminal({ args: ['--dir', dir, '--no-journal', ...args], cols: 100, rows: 40, environment: userEnvironment(env) });
  await term.waitForText('helper ● Line one');
  return term;
}

async function quit(term: Terminal): Promise<void> {
  term.press('q');
  expect(await term.waitForExit()).toBe(0);
}

describe('the live dashboard in colour', () => {
  it.each(['xterm-256color', 'tmux-256color'])('draws in member colours at TERM=%s', async (TERM) => {
    const term = await dashboard({ TERM });
    expect(term.styleOf('teamtop')).toMatchObject({ fg: 6, bold: true });
    // Members in their configured colours: purple is magenta, orange a 256-colour orange.
    expect(term.styleOf('worker ○ Modules done').fg).toBe(5);
    expect(term.styleOf('helper ● Line one').fg).toBe(214);
    expect(term.output).toContain('\u001b[38;5;214mhelper');
    expect(term.output).not.toMatch(/\u001b\[[\d;]*38;2;/u);
    await quit(term);
  });

  it('draws in true colour where COLORTERM says so', async () => {
    const term = await dashboard({ COLORTERM: 'truecolor' });
    expect(term.styleOf('helper ● Line one').fg).toBe('#ff8700');
    expect(term.output).toContain('\u001b[38;2;255;135;0mhelper');
    expect(term.styleOf('worker ○ Modules done').fg).toBe(5);
    await quit(term);
  });

  it('draws, in the 16 colours, where a CI variable is set (a container that sets CI=true)', async () => {
    const term = await dashboard({ CI: 'true' });
    expect(term.text()).toContain('★ team-lead');
    expect(term.styleOf('teamtop')).toMatchObject({ fg: 6, bold: true });
    expect(term.styleOf('worker ○ Modules done').fg).toBe(5);
    expect(term.output).not.toMatch(/\u001b\[[\d;]*38;[25];/u);
    await quit(term);
  });

  it.each<{ how: string; env: Record<string, string>; args: string[] }>([
    { how: 'NO_COLOR=1', env: { NO_COLOR: '1' }, args: [] },
    { how: '--no-color', env: {}, args: ['--no-color'] },
  ])('draws no colour with $how, and keeps bold and inverse for focus and selection', async ({ env, args }) => {
    const term = await dashboard(env, args);
    expect(colourCodes(term.output)).toEqual([]);
    expect(term.styles().filter((style) => style.fg !== 'default' || style.bg !== 'default')).toEqual([]);
    // The team tab and the focused pane's title stand out without colour.
    expect(term.styleOf('zoo (3)')).toMatchObject({ bold: true, inverse: true });
    expect(term.styleOf('★ team-lead')).toMatchObject({ bold: true });
    await quit(term);
  });

  it('draws the demo in colour', async () => {
    const term = new Terminal({ args: ['demo', '--speed', '10'], cols: 100, rows: 30, environment: userEnvironment() });
    await term.waitForText('★ team-lead');
    expect(term.styleOf('teamtop')).toMatchObject({ fg: 6, bold: true });
    expect(colourCodes(term.output).length).toBeGreaterThan(5);
    await quit(term);
  });
});

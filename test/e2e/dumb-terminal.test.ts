/**
 * `TERM=dumb` (Emacs' shell buffer, editors' terminals, some CI logs): a
 * terminal that says it cannot move the cursor or draw colour. It gets what a
 * pipe gets, as git, less and ls give it: one plain frame and a line on stderr
 * that says why, instead of the cursor-driven dashboard in colour.
 */
import { describe, expect, it } from 'vitest';
import { copyFixture } from '../helpers/fixtures.js';
import { Terminal, userEnvironment } from '../helpers/pty.js';

const dumb = (args: readonly string[]) =>
  new Terminal({ args, cols: 100, rows: 40, environment: userEnvironment({ TERM: 'dumb', COLUMNS: '100' }) });

describe('TERM=dumb', () => {
  it('gets one frame with no escape sequence at all, says why, and exits 0', async () => {
    const term = dumb(['--dir', copyFixture('protocol-zoo'), '--no-journal']);
    expect(await term.exitWithin(20_000, 'drawing one frame')).toBe(0);
    expect(term.output).toContain('★ team-lead');
    expect(term.output).not.toContain('\u001b');
    expect(term.onAlternateScreen()).toBe(false);
    expect(term.output).toContain(
      'teamtop: TERM=dumb says this terminal cannot move the cursor, which the live dashboard needs; above is one frame, as --once draws it',
    );
  });

  it('gets doctor without colour', async () => {
    const term = dumb(['doctor', '--dir', copyFixture('protocol-zoo'), '--no-journal']);
    await term.exitWithin(20_000, 'doctor');
    expect(term.output).toContain('zoo');
    expect(term.output).not.toContain('\u001b');
  });

  it('is told the demo needs a terminal that moves the cursor, and how to write the demo team instead', async () => {
    const term = dumb(['demo']);
    expect(await term.exitWithin(20_000, 'refusing the demo')).toBe(1);
    expect(term.output).not.toContain('\u001b');
    expect(term.output).toContain('teamtop demo: TERM=dumb says this terminal cannot move the cursor');
    expect(term.output).toContain('teamtop simulate --dir <dir>');
  });
});

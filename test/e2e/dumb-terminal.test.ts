/**
 * `TERM=dumb` (Emacs' shell buffer, editors' terminals, some CI logs): a
 * terminal that says it cannot move the cursor or draw colour. It gets what a
 * pipe gets, as git, less and ls give it: one plain frame and a line on stderr
 * that says why, instead of the cursor-driven dashboard in colour.
 */
import { describe, expect, it } from 'vitest';
import { copyFixture } from '../helpers/fixtures.js';
import { Terminal, userEnvironment } from '../helpers/pty.js';
import { waitFor } from '../helpers/wait.js';

/**
 * teamtop under a shell that holds the terminal open after it exits, until a line is typed: Linux drops what a pty
 * still holds once its last writer is gone, and node-pty may say the process exited before it read the last of it
 * (microsoft/node-pty#72). What teamtop wrote last is read first, then the shell is let go.
 */
async function dumb(
  args: readonly string[],
  last: string,
): Promise<{ readonly output: string; readonly code: number; readonly term: Terminal }> {
  const term = new Terminal({
    args,
    cols: 100,
    rows: 40,
    environment: userEnvironment({ TERM: 'dumb', COLUMNS: '100' }),
    afterExit: 'read -r _',
  });
  await waitFor(() => expect(term.output).toContain(last));
  const output = term.output;
  term.press('\r');
  return { output, code: await term.exitWithin(20_000, 'the line typed'), term };
}

describe('TERM=dumb', () => {
  it('gets one frame with no escape sequence at all, says why, and exits 0', async () => {
    const why =
      'teamtop: TERM=dumb says this terminal cannot move the cursor, which the live dashboard needs; above is one frame, as --once draws it';
    const { output, code, term } = await dumb(['--dir', copyFixture('protocol-zoo'), '--no-journal'], why);
    expect(code).toBe(0);
    expect(output).toContain('★ team-lead');
    expect(output).not.toContain('\u001b');
    expect(term.onAlternateScreen()).toBe(false);
    // Said last, where it is read.
    expect(output.trimEnd().endsWith(why)).toBe(true);
  });

  it('gets doctor without colour', async () => {
    // Its last line: the fixture's last message.
    const { output } = await dumb(['doctor', '--dir', copyFixture('protocol-zoo'), '--no-journal'], '{"answer": 42}');
    expect(output).toContain('zoo');
    expect(output).not.toContain('\u001b');
  });

  it('is told the demo needs a terminal that moves the cursor, and how to write the demo team instead', async () => {
    const { output, code } = await dumb(['demo'], 'teamtop simulate --dir <dir>');
    expect(code).toBe(1);
    expect(output).not.toContain('\u001b');
    expect(output).toContain('teamtop demo: TERM=dumb says this terminal cannot move the cursor');
  });
});

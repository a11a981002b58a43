/**
 * `--bell`: the terminal bell once for each new warning, rung from a store
 * subscriber (never from the React tree), read here as BEL bytes in what the
 * dashboard wrote to a real pseudo-terminal.
 */
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/fixtures.js';
import { Terminal } from '../helpers/pty.js';
import { TeamFiles } from '../helpers/team-files.js';
import { sleep, waitFor } from '../helpers/wait.js';

const bells = (term: Terminal) => term.output.split('\u0007').length - 1;

/** carol's team, its permission request stalled before the dashboard starts (a warning already there: no news). */
function team(): TeamFiles {
  const files = new TeamFiles(tempDir(), Date.now() - 120_000);
  files.config([files.teammate('carol', { backend: 'tmux' }), files.teammate('engineer', { color: 'green' })]);
  files.send('team-lead', 'carol', files.permissionRequest('carol', 0), 0);
  return files;
}

describe('teamtop --bell', () => {
  it('rings once per new warning, as it is raised or as the clock makes it one, and not for what warned at the start', async () => {
    const files = team();
    const term = new Terminal({ args: ['--dir', files.dir, '--no-journal', '--bell'], cols: 120, rows: 40 });
    await term.waitForText('⚠ stalled');
    // A text from the files that holds a BEL is drawn as ␇, never rung.
    files.send('engineer', 'team-lead', 'ring\u0007ring', 100);
    await term.waitForText('ring␇ring');
    await sleep(300);
    expect(bells(term)).toBe(0);

    // Raised by a file: a task given to a name on no roster.
    files.send('enginer', 'team-lead', files.taskAssignment('3', 'Build the parser', 110), 110);
    await waitFor(() => expect(bells(term)).toBe(1));
    // Raised by the clock: a request that reaches --stall-after (60 s) with no file changing, 5 s
    // after it is written: time for a busy machine to draw it pending first.
    const asked = (Date.now() - files.t0) / 1000 - 55;
    files.send('team-lead', 'engineer', files.permissionRequest('engineer', asked), asked);
    await term.waitForText(/◷ pending +permission +engineer +→ team-lead/u);
    expect(bells(term)).toBe(1);
    await waitFor(() => expect(bells(term)).toBe(2));
    await sleep(300);
    expect(bells(term)).toBe(2);

    term.press('q');
    expect(await term.waitForExit()).toBe(0);
  });

  it('is silent without --bell', async () => {
    const files = team();
    const term = new Terminal({ args: ['--dir', files.dir, '--no-journal'], cols: 120, rows: 40 });
    await term.waitForText('⚠ stalled');
    files.send('enginer', 'team-lead', files.taskAssignment('3', 'Build the parser', 110), 110);
    await term.waitForText('enginer');
    await sleep(300);
    expect(bells(term)).toBe(0);
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
  });
});

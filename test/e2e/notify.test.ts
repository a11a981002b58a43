/**
 * `--notify` (or `notify = true` in the config): a desktop notification
 * through the terminal for each new warning, as OSC 9 (or 777, or through
 * tmux), beside `--bell`; none for what warned as the dashboard started, and
 * none of a file's control characters in it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/fixtures.js';
import { Terminal, userEnvironment } from '../helpers/pty.js';
import { TeamFiles } from '../helpers/team-files.js';
import { sleep, waitFor } from '../helpers/wait.js';

/** The OSC 9 notifications in what teamtop wrote. */
const notifications = (term: Terminal): string[] =>
  [...term.output.matchAll(/\u001b\]9;([^\u0007\u001b]*)\u001b\\/gu)].map((match) => match[1]!);

/** carol's team, its permission request stalled before the dashboard starts (a warning already there: no news). */
function team(): TeamFiles {
  const files = new TeamFiles(tempDir(), Date.now() - 120_000);
  files.config([files.teammate('carol', { backend: 'tmux' }), files.teammate('engineer', { color: 'green' })]);
  files.send('team-lead', 'carol', files.permissionRequest('carol', 0), 0);
  return files;
}

function dashboard(files: TeamFiles, args: readonly string[], env: Record<string, string> = {}): Terminal {
  return new Terminal({
    args: ['--dir', files.dir, '--no-journal', ...args],
    cols: 120,
    rows: 40,
    environment: userEnvironment({ XDG_CONFIG_HOME: tempDir(), ...env }),
  });
}

describe('teamtop --notify', () => {
  it('notifies once per new warning, its text clean of what the file held', async () => {
    const files = team();
    const term = dashboard(files, ['--notify', '--bell']);
    await term.waitForText('⚠ stalled');
    await sleep(300);
    expect(notifications(term)).toEqual([]);
    // A task given to a name on no roster, a name that tries to end the notification and set the title.
    files.send('enginer\u0007\u001b]0;pwned\u001b\\', 'team-lead', files.taskAssignment('3', 'Build the parser', 110), 110);
    await waitFor(() => expect(notifications(term)).toHaveLength(1));
    const [said] = notifications(term);
    expect(said).toMatch(/^teamtop: [\w-]+: .*enginer/u);
    expect(said).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/u);
    // Beside the bell, not instead of it.
    expect(term.output.split('\u0007').length - 1).toBeGreaterThanOrEqual(1);
    term.press('q');
    expect(await term.exitWithin(10_000, 'q')).toBe(0);
    expect(notifications(term)).toHaveLength(1);
  });

  it('is off by default, on with notify = true in the config, and through tmux inside tmux', async () => {
    const quiet = team();
    const off = dashboard(quiet, []);
    await off.waitForText('⚠ stalled');
    quiet.send('enginer', 'team-lead', quiet.taskAssignment('3', 'Build the parser', 110), 110);
    await off.waitForText('enginer');
    await sleep(300);
    expect(off.output).not.toContain('\u001b]9;');
    off.press('q');
    await off.waitForExit();

    const config = tempDir();
    mkdirSync(join(config, 'teamtop'));
    writeFileSync(join(config, 'teamtop', 'config.toml'), 'notify = true\n');
    const files = team();
    const on = dashboard(files, [], { XDG_CONFIG_HOME: config, TMUX: '/tmp/tmux-0/default,1,0' });
    await on.waitForText('⚠ stalled');
    files.send('enginer', 'team-lead', files.taskAssignment('3', 'Build the parser', 110), 110);
    await waitFor(() => expect(on.output).toMatch(/\u001bPtmux;\u001b\u001b\]9;teamtop: [^\u001b]*\u001b\u001b\\\u001b\\/u));
    on.press('q');
    await on.waitForExit();
  });
});

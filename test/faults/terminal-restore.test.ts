/**
 * Every way out of the dashboard gives the terminal back: the alternate screen
 * left, the cursor shown, raw mode off (proved by `stty` in the same terminal
 * right after), and a crash reported on the restored screen.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture } from '../helpers/fixtures.js';
import { entry, writeJson } from '../helpers/live.js';
import { Terminal } from '../helpers/pty.js';
import { PATIENCE_MS } from '../helpers/wait.js';

const ENTER_ALTERNATE = '\u001b[?1049h';
const LEAVE_ALTERNATE = '\u001b[?1049l';
const HIDE_CURSOR = '\u001b[?25l';
const SHOW_CURSOR = '\u001b[?25h';

type Way = {
  readonly name: string;
  readonly status: number;
  readonly leave: (term: Terminal) => void;
  readonly env?: Record<string, string>;
};

const ways: Way[] = [
  { name: 'q', status: 0, leave: (term) => term.press('q') },
  { name: 'Ctrl+C', status: 0, leave: (term) => term.press('\u0003') },
  { name: 'SIGTERM', status: 143, leave: (term) => term.signal('SIGTERM') },
  { name: 'SIGHUP', status: 129, leave: (term) => term.signal('SIGHUP') },
  { name: 'SIGQUIT', status: 131, leave: (term) => term.signal('SIGQUIT') },
  { name: 'SIGUSR2', status: 140, leave: (term) => term.signal('SIGUSR2') },
  { name: 'an uncaught error', status: 70, leave: () => undefined, env: { TEAMTOP_FAULT: 'uncaught' } },
  { name: 'an error while drawing', status: 70, leave: () => undefined, env: { TEAMTOP_FAULT: 'render' } },
  // What a journal that cannot be written did when it was closed on the way out.
  { name: 'an error while closing', status: 70, leave: (term) => term.press('q'), env: { TEAMTOP_FAULT: 'close' } },
];

describe('the terminal after teamtop', () => {
  it.each(ways)('is restored after $name', async ({ status, leave, env }) => {
    const dir = copyFixture('protocol-zoo');
    const term = new Terminal({ args: ['--dir', dir, '--no-journal'], env, afterExit: 'echo; stty -a; echo "stty done"' });
    await term.waitForText('★ team-lead');
    expect(term.onAlternateScreen()).toBe(true);
    leave(term);
    expect(await term.waitForExit()).toBe(status);
    await term.waitForText('stty done');

    expect(term.onAlternateScreen()).toBe(false);
    const { output } = term;
    expect(output.lastIndexOf(LEAVE_ALTERNATE)).toBeGreaterThan(output.lastIndexOf(ENTER_ALTERNATE));
    expect(output.lastIndexOf(SHOW_CURSOR)).toBeGreaterThan(output.lastIndexOf(HIDE_CURSOR));
    // Raw mode is off: the line discipline echoes and edits lines again.
    const stty = term.text();
    expect(stty).toMatch(/(^|\s)icanon(\s|$)/mu);
    expect(stty).toMatch(/(^|\s)echo(\s|$)/mu);
    if (status === 70) {
      // The report comes after the restore, on the user's own screen.
      expect(stty).toMatch(/teamtop crashed: Error: injected fault \(TEAMTOP_FAULT=(uncaught|render|close)\)/u);
      expect(stty).toContain('This is a bug in teamtop');
      expect(output.lastIndexOf('teamtop crashed: Error')).toBeGreaterThan(output.lastIndexOf(LEAVE_ALTERNATE));
    }
  });
});

describe('q while files change', () => {
  // chokidar reopened a watch after close() when files it watched were deleted
  // as it closed: the screen was restored and the process never ended. Deleting
  // forty teams as q is pressed did that nine times in ten.
  it('ends the process every time', async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const dir = copyFixture('protocol-zoo');
      const teams = Array.from({ length: 40 }, (_, n) => join(dir, `teams/t${n}`));
      for (const [n, team] of teams.entries()) {
        writeJson(join(team, 'config.json'), { name: `t${n}`, members: [{ name: 'team-lead', agentType: 'team-lead' }] });
        for (let member = 0; member < 5; member++) writeJson(join(team, `inboxes/m${member}.json`), []);
      }
      const term = new Terminal({ args: ['--dir', dir, '--no-journal', '--team', 'zoo'] });
      await term.waitForText('★ team-lead');
      // Watching: a message written now is drawn.
      const inbox = join(dir, 'teams/zoo/inboxes/team-lead.json');
      writeJson(inbox, [...(JSON.parse(readFileSync(inbox, 'utf8')) as unknown[]), entry('worker', `seen by the watcher ${attempt}`)]);
      await term.waitForText(`seen by the watcher ${attempt}`);

      for (const team of teams) rmSync(team, { recursive: true });
      term.press('q');
      expect(await term.exitWithin(PATIENCE_MS, `q (attempt ${attempt})`)).toBe(0);
    }
  });
});

/**
 * Files and folders teamtop may not read. Root reads everything, so when the
 * tests run as root, teamtop runs as `nobody` here: the refusal is the
 * kernel's either way.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/fixtures.js';
import { asUser } from '../helpers/filesystems.js';
import { entry, writeJson } from '../helpers/live.js';
import { CLI, Terminal } from '../helpers/pty.js';

function team(): string {
  const dir = tempDir();
  chmodSync(dir, 0o755);
  writeJson(join(dir, 'teams/live/config.json'), { name: 'live', members: [{ name: 'team-lead' }, { name: 'worker' }] });
  writeJson(join(dir, 'teams/live/inboxes/team-lead.json'), [entry('worker', 'readable')]);
  writeJson(join(dir, 'teams/live/inboxes/worker.json'), [entry('team-lead', 'secret until allowed')]);
  writeJson(join(dir, 'tasks/live/1.json'), { id: '1', subject: 'a task', status: 'pending' });
  return dir;
}

describe('files and folders teamtop may not read', () => {
  it('shows the refused file with its path, and its messages once it may be read', async () => {
    const dir = team();
    const inbox = join(dir, 'teams/live/inboxes/worker.json');
    chmodSync(inbox, 0o000);
    const term = new Terminal({ args: ['--dir', dir, '--no-journal'], cols: 120, ...asUser });
    await term.waitForText('teams/live/inboxes/worker.json: cannot read: permission denied');
    expect(term.text()).toContain('readable');
    expect(term.text()).not.toContain('secret until allowed');

    chmodSync(inbox, 0o644);
    await term.waitForText('secret until allowed');
    await term.waitForText(/^(?![\s\S]*permission denied)/u);
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
  });

  it('does not take a folder it may no longer list for the team ending, and follows it again once it may', async () => {
    const dir = team();
    const term = new Terminal({ args: ['--dir', dir, '--no-journal'], cols: 140, ...asUser });
    await term.waitForText('secret until allowed');
    chmodSync(join(dir, 'teams'), 0o000);
    await term.waitForText('teams: cannot list: permission denied');
    expect(term.text()).not.toContain('ended');
    expect(term.text()).toContain('secret until allowed');

    chmodSync(join(dir, 'teams'), 0o755);
    await term.waitForText(/^(?![\s\S]*cannot list)/u);
    writeJson(join(dir, 'teams/live/inboxes/worker.json'), [
      entry('team-lead', 'secret until allowed'),
      entry('team-lead', 'listed again'),
    ]);
    await term.waitForText('listed again');
    expect(term.text()).not.toContain('ended');
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
  });

  it('lists a folder it may not list as a problem in --json, and the rest as usual', () => {
    const dir = team();
    chmodSync(join(dir, 'tasks/live'), 0o000);
    chmodSync(join(dir, 'teams/live/config.json'), 0o000);
    const out = execFileSync(process.execPath, [CLI, '--dir', dir, '--no-journal', '--json'], { encoding: 'utf8', ...asUser });
    const json = JSON.parse(out) as { problems: { path: string; message: string }[]; teams: { messages: { text: string }[] }[] };
    expect(json.problems.map(({ path, message }) => `${path}: ${message}`).sort()).toEqual([
      'tasks/live: cannot list: permission denied',
      'teams/live/config.json: cannot read: permission denied',
    ]);
    expect(json.teams[0]!.messages.map((message) => message.text).sort()).toEqual(['readable', 'secret until allowed']);
  });
});

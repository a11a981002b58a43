import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../src/io/demo/simulate.js';
import { DEMO_TEAM } from '../../../src/io/demo/script.js';
import { tempDir } from '../../helpers/fixtures.js';
import { watch } from '../../helpers/live.js';
import { Terminal } from '../../helpers/pty.js';
import { waitFor } from '../../helpers/wait.js';

describe('teamtop simulate', () => {
  it('plays the whole script at high speed and the watcher sees all of it', async () => {
    const dir = tempDir();
    const live = await watch(dir);
    const log: string[] = [];
    await simulate({ claudeDir: dir, speed: 40, onStep: (_, what) => log.push(...what.split('\n')) });
    // Each message the script sends is logged as `from → to  …`.
    const sent = log.filter((line) => line.includes(' → ')).length;
    expect(sent).toBe(41);

    await waitFor(() => expect(live.json().teams[0]?.ended).toBe(true));
    const team = live.json().teams[0]!;
    expect(team.name).toBe(DEMO_TEAM);
    expect(existsSync(join(dir, 'teams', DEMO_TEAM))).toBe(false);
    // Every message the script sent is in the history, although each was deleted ~100 ms after delivery,
    // and the builder's spawn prompt, which came by its inbox (a tmux teammate's), once.
    expect(team.messages).toHaveLength(sent + 1);
    expect(team.messages.every((message) => message.delivered)).toBe(true);

    const colors = Object.fromEntries(team.members.map((member) => [member.name, member.color]));
    expect(colors).toMatchObject({ architect: 'purple', builder: 'orange', tester: 'cyan', scribe: 'green' });
    expect(new Set(team.members.map((member) => member.model)).size).toBeGreaterThanOrEqual(3);
    expect(
      team.members
        .filter((member) => member.departed)
        .map((member) => member.name)
        .sort(),
    ).toEqual(['architect', 'builder', 'scribe', 'tester']);
    expect(team.members.filter((member) => !member.isLead).every((member) => member.status === 'shut down')).toBe(true);

    expect(team.tasks.filter((task) => !task.internal).map((task) => [task.id, task.state])).toEqual([
      ['1', 'completed'],
      ['2', 'completed'],
      ['3', 'completed'],
      ['4', 'completed'],
      ['5', 'completed'],
    ]);
    const handshakes = Object.fromEntries(team.handshakes.map((h) => [h.requestId, [h.kind, h.state]]));
    expect(handshakes).toEqual({
      'plan-v2-1': ['plan_approval', 'rejected'],
      'plan-v2-2': ['plan_approval', 'approved'],
      'perm-install': ['permission', 'approved'],
      'shutdown-44@architect': ['shutdown', 'approved'],
      'shutdown-57@scribe': ['shutdown', 'approved'],
      'shutdown-60@tester': ['shutdown', 'approved'],
      'shutdown-62@builder': ['shutdown', 'rejected'],
      'shutdown-72@builder': ['shutdown', 'approved'],
    });
    expect(live.json().problems).toEqual([]);
  });

  it('keeps the team in place with --keep', async () => {
    const dir = tempDir();
    await simulate({ claudeDir: dir, speed: 40, keep: true });
    expect(existsSync(join(dir, 'teams', DEMO_TEAM, 'config.json'))).toBe(true);
    expect(existsSync(join(dir, 'tasks', DEMO_TEAM, '5.json'))).toBe(true);
  });
});

describe('teamtop demo', () => {
  it('runs the scripted team on the dashboard to the end, then leaves nothing behind', async () => {
    const term = new Terminal({ args: ['demo', '--speed', '30'], cols: 120, rows: 40 });
    await term.waitForText('v2-release');
    await term.waitForText('plan approval requested');
    await term.waitForText(/v2-release \(\d\) .*ended/u);
    const dir = /teamtop · (\S+) ·/u.exec(term.text())![1]!;
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
    expect(existsSync(dir)).toBe(false);
  });
});

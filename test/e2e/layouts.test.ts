/**
 * The other team layouts through the built CLI in a pseudo-terminal: an agent's
 * growing output.log, a team in one file, join handshakes, and the team a
 * session runs in chosen by default.
 */
import { appendFileSync, mkdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, tempDir } from '../helpers/fixtures.js';
import { entry, writeJson } from '../helpers/live.js';
import { Terminal } from '../helpers/pty.js';

describe('the other layouts in a terminal', () => {
  it('follows a growing output.log in a member pane, then opens the member with its artifacts', async () => {
    const dir = copyFixture('api-spec');
    const log = join(dir, 'tasks/release/coder/output.log');
    const term = new Terminal({ args: ['--dir', dir, '--no-journal', '--now', '2026-03-01T10:05:00Z'], cols: 120, rows: 40 });
    await term.waitForText('48.2K / 200K tokens (24%)');
    term.press('\to');
    await term.waitForText('output.log · 5 lines');
    await term.waitForText('progress: 60%');
    appendFileSync(log, ' done\n\u001b[31mred\u001b[0m and \u001b]0;pwned\u0007 kept inert\n');
    await term.waitForText('progress: 60% done');
    await term.waitForText('red and ␛]0;pwned␇ kept inert');
    for (let i = 1; i <= 40; i++) appendFileSync(log, `step ${i} of 40\n`);
    await term.waitForText('step 40 of 40');
    expect(term.text()).toContain('output.log · 47 lines');
    // The pane follows the end: the first lines scrolled away.
    expect(term.text()).not.toContain('[10:01:05] coder: starting');
    term.press('od');
    await term.waitForText('artifacts (3, 102 B in files):');
    expect(term.text()).toMatch(/patch\.diff {2}62 B/u);
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
  });

  it("shows a team file as a team, its join handshakes as they are answered, and the session's team first", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'teams'));
    writeJson(join(dir, 'teams/alpha/config.json'), { name: 'alpha', members: [{ name: 'team-lead', agentType: 'team-lead' }] });
    const term = new Terminal({ args: ['--dir', dir, '--no-journal'], cols: 120, rows: 30, env: { CLAUDE_CODE_TEAM_NAME: 'hive' } });
    await term.waitForText('★ team-lead');
    // The session's team does not exist yet: the dashboard shows another, then switches when it appears.
    writeJson(join(dir, 'teams/hive.json'), {
      name: 'hive',
      leadAgentId: 'queen@hive',
      members: [{ agentId: 'queen@hive', name: 'queen', agentType: 'team-lead' }],
    });
    await term.waitForText('★ queen');
    writeJson(join(dir, 'teams/hive/inboxes/queen.json'), [
      entry('drone', JSON.stringify({ type: 'join_request', requestId: 'join-1', proposedName: 'drone', capabilities: 'I test' })),
    ]);
    await term.waitForText(/◷ pending +join +drone → queen/u);
    writeJson(join(dir, 'teams/hive/inboxes/drone.json'), [
      entry('queen', JSON.stringify({ type: 'join_rejected', requestId: 'join-1', reason: 'full' })),
    ]);
    await term.waitForText(/✗ rejected +join +drone → queen/u);
    await term.waitForText('join rejected: full');
    unlinkSync(join(dir, 'teams/hive.json'));
    await term.waitForText('team ended');
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
  });
});

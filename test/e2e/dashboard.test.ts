import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, tempDir } from '../helpers/fixtures.js';
import { entry, writeJson } from '../helpers/live.js';
import { Terminal } from '../helpers/pty.js';

describe('teamtop in a terminal', () => {
  it('draws the team, follows an appended message, and restores the screen on q', async () => {
    const dir = copyFixture('protocol-zoo');
    const term = new Terminal({ args: ['--dir', dir], cols: 100, rows: 30 });
    await term.waitForText('★ team-lead');
    expect(term.onAlternateScreen()).toBe(true);
    expect(term.text()).toContain('zoo (3)');

    const inbox = join(dir, 'teams/zoo/inboxes/team-lead.json');
    const messages = JSON.parse(readFileSync(inbox, 'utf8')) as unknown[];
    writeJson(inbox, [...messages, entry('worker', 'appended while watching')]);
    await term.waitForText('appended while watching');

    term.press('q');
    expect(await term.waitForExit()).toBe(0);
    expect(term.onAlternateScreen()).toBe(false);
  });

  it('fits 80x24 without ever clearing the whole screen', async () => {
    const dir = copyFixture('captures/cc-2026-02-hive-analysis');
    const term = new Terminal({ args: ['--dir', dir, '--team', 'webui-migration'], cols: 80, rows: 24 });
    await term.waitForText('components-worker-2');
    term.press('\t');
    await term.waitForText('▸ scaffolder');
    expect(term.lines().filter((line) => line.trim() !== '').length).toBeLessThanOrEqual(23);
    // Ink clears the terminal (ESC[2J / ESC[3J) when a frame reaches the terminal's height.
    expect(term.output).not.toMatch(/\u001b\[[23]J/u);
    term.press('\u0003');
    expect(await term.waitForExit()).toBe(0);
    expect(term.onAlternateScreen()).toBe(false);
  });

  it('shows the empty state on a dir with no team, then the team once it appears', async () => {
    const dir = tempDir();
    const term = new Terminal({ args: ['--dir', dir], cols: 100, rows: 30 });
    await term.waitForText('No agent teams yet');
    writeJson(join(dir, 'teams/late/config.json'), { name: 'late', members: [{ name: 'team-lead', agentType: 'team-lead' }] });
    await term.waitForText('★ team-lead');
    term.press('q');
    await term.waitForExit();
  });

  it('says on screen when the config dir is removed, and follows it when it comes back', async () => {
    const dir = join(tempDir(), '.claude');
    writeJson(join(dir, 'teams/gone/config.json'), { name: 'gone', members: [{ name: 'team-lead', agentType: 'team-lead' }] });
    // On `gone` whatever the clock says: the returning team may or may not read as the more recently active.
    const term = new Terminal({ args: ['--dir', dir, '--no-journal', '--team', 'gone'], cols: 120, rows: 30 });
    await term.waitForText('★ team-lead');
    rmSync(dir, { recursive: true });
    await term.waitForText(`⚠ ${dir} was removed: waiting for it to come back`);
    writeJson(join(dir, 'teams/back/config.json'), { name: 'back', members: [{ name: 'returning-lead', agentType: 'team-lead' }] });
    await term.waitForText(/^(?![\s\S]*was removed)/u);
    // The notice goes when the dir is back; the team in it can be read a moment later.
    await term.waitForText(/\bback \(1\)/u);
    term.press(']');
    await term.waitForText('returning-lead');
    term.press('q');
    await term.waitForExit();
  });

  it('falls back to one frame when stdin is not a terminal', async () => {
    const { execFileSync } = await import('node:child_process');
    const dir = copyFixture('protocol-zoo');
    const out = execFileSync(process.execPath, [join(import.meta.dirname, '../../dist/cli.js'), '--dir', dir], {
      input: '',
      env: { ...process.env, COLUMNS: '100' },
      encoding: 'utf8',
    });
    expect(out).toContain('★ team-lead');
    expect(out).not.toContain('\u001b');
  });
});

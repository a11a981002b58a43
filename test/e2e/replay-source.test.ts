/**
 * `teamtop replay` on what it is given: a file that is not a recording is
 * refused, and a replay speaks of the recording, never of watching a dir.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { FIXTURES, tempDir } from '../helpers/fixtures.js';
import { Terminal } from '../helpers/pty.js';

const T0 = Date.parse('2026-03-01T10:00:00Z');

/** A recording of one team appearing a second after the run started, as a journal file writes it. */
function recording(): string {
  const config = JSON.stringify({ name: 'late', members: [{ name: 'team-lead', agentType: 'team-lead' }] });
  const lines = [
    { teamtop: 'journal', v: 2, run: 'r1', team: 'late', claudeDir: '/home/someone/.claude', started: T0 },
    { op: 'folder', t: T0 + 1000, path: 'teams/late', present: true },
    { op: 'file', t: T0 + 1000, live: true, path: 'teams/late/config.json', text: config },
  ];
  const file = join(tempDir(), 'late.jsonl');
  writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  return file;
}

describe('teamtop replay', () => {
  it('refuses a file that is not a recording, exit 1, saying why', () => {
    const config = join(FIXTURES, 'handshakes/teams/stuck/config.json');
    for (const args of [[config], [config, '--json']]) {
      expect(runCli(['replay', ...args])).toEqual({
        code: 1,
        stdout: '',
        stderr: `teamtop: ${config} is not a teamtop recording (line 1 is not valid JSON); a recording is a journal file, as teamtop export writes one\n`,
      });
    }
    const empty = join(tempDir(), 'empty.jsonl');
    writeFileSync(empty, '');
    expect(runCli(['replay', empty]).stderr).toContain('is not a teamtop recording (it is empty)');
  });

  it('refuses it in a terminal too, before drawing anything', async () => {
    const term = new Terminal({ args: ['replay', join(FIXTURES, 'handshakes/teams/stuck/config.json')], cols: 160, rows: 10 });
    expect(await term.exitWithin(10_000, 'given a file that is not a recording')).toBe(1);
    await term.waitForText('is not a teamtop recording');
    expect(term.onAlternateScreen()).toBe(false);
  });

  it('says, before the first team of the recording, that it has none yet at that point, never that it watches', async () => {
    const term = new Terminal({ args: ['replay', recording(), '--speed', '256'], cols: 100, rows: 20 });
    await term.waitForText('■ end');
    expect(term.text()).toContain('★ team-lead');
    term.press('<');
    await term.waitForText('entry 0/');
    await term.waitForText('No team at this point of the recording');
    expect(term.text()).not.toMatch(/Watching|CLAUDE_CONFIG_DIR|--dir/u);
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
  });
});

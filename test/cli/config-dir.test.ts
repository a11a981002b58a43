/**
 * A config dir that is not there, or is a file: every mode says so, naming the
 * path and what chose it (`--dir`, `CLAUDE_CONFIG_DIR`, the default). Only the
 * live view keeps going, watching for it: a user may start teamtop first.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { writeJson } from '../helpers/live.js';
import { Terminal } from '../helpers/pty.js';

const problemsOf = (stdout: string) => (JSON.parse(stdout) as { problems: { path: string; message: string }[] }).problems;

describe('a config dir that is not a folder', () => {
  it('is a problem in --json, naming the path and what chose it', () => {
    const missing = join(tempDir(), 'typo');
    const json = runCli(['--json', '--dir', missing, '--no-journal']);
    expect(json.code).toBe(0);
    expect(problemsOf(json.stdout)).toEqual([{ path: '.', message: `${missing} does not exist (chosen by --dir)` }]);

    const file = join(tempDir(), 'claude');
    writeFileSync(file, '');
    expect(problemsOf(runCli(['--json', '--no-journal'], { CLAUDE_CONFIG_DIR: file }).stdout)).toEqual([
      { path: '.', message: `${file} is a file, not a folder (chosen by CLAUDE_CONFIG_DIR)` },
    ]);

    const home = tempDir();
    expect(problemsOf(runCli(['--json', '--no-journal'], { HOME: home, CLAUDE_CONFIG_DIR: undefined }).stdout)).toEqual([
      { path: '.', message: `${home}/.claude does not exist (the default: neither --dir nor CLAUDE_CONFIG_DIR is set)` },
    ]);
  });

  it('warns in doctor: exit 1, the path and what chose it first', () => {
    const missing = join(tempDir(), 'typo');
    const text = runCli(['doctor', '--dir', missing, '--no-journal']);
    expect(text).toEqual({ code: 1, stdout: `⚠ ${missing} does not exist (chosen by --dir)\nno teams in ${missing}\n`, stderr: '' });
    const json = runCli(['doctor', '--json', '--dir', missing, '--no-journal']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ dirProblem: `${missing} does not exist (chosen by --dir)`, warnings: 0, teams: [] });
  });

  it('is said on screen, then the team shows once the dir is made', async () => {
    const dir = join(tempDir(), 'later');
    const term = new Terminal({ args: ['--dir', dir, '--no-journal'], cols: 100, rows: 20 });
    await term.waitForText(`⚠ ${dir} does not exist (chosen by --dir)`);
    expect(term.text()).toContain('No agent teams yet');
    writeJson(join(dir, 'teams/late/config.json'), { name: 'late', members: [{ name: 'team-lead', agentType: 'team-lead' }] });
    await term.waitForText('★ team-lead');
    expect(term.text()).not.toContain('does not exist');
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
  });
});

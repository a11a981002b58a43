/**
 * A config dir that is not there, or is a file: every mode says so, naming the
 * path and what chose it (`--dir`, `CLAUDE_CONFIG_DIR`, the default). Only the
 * live view keeps going, watching for it: a user may start teamtop first.
 */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { CAPTURES, tempDir } from '../helpers/fixtures.js';
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

describe('a config dir with no team: what is said follows what is there', () => {
  const HIVE = join(CAPTURES, 'cc-2026-02-hive-analysis');
  /** A frame's words, its lines joined: a paragraph is wrapped to the width. */
  const once = (dir: string) => {
    const { stdout } = runCli(['--once', '--dir', dir, '--no-journal'], { COLUMNS: '200' });
    return {
      stdout: stdout
        .split('\n')
        .map((line) => line.trim())
        .join(' '),
    };
  };
  const DAY = 24 * 3600_000;

  it('asks, of a folder inside a config dir, whether the config dir was meant, and doctor warns', () => {
    // `--dir <config>/teams`: its teams are 288 days old, and "No agent teams yet" read oddly.
    const teams = once(join(HIVE, 'teams')).stdout;
    expect(teams).toContain('Not a config dir: did you mean the folder above?');
    expect(teams).toContain(`${HIVE}/teams is the teams/ folder of a config dir: did you mean --dir ${HIVE} (the folder above)?`);
    expect(teams).not.toContain('No agent teams yet');
    expect(once(join(HIVE, 'teams', 'webui-migration')).stdout).toContain(
      `is one team's folder in a config dir: did you mean --dir ${HIVE} (the folder two above)?`,
    );
    const home = tempDir();
    mkdirSync(join(home, '.claude', 'teams'), { recursive: true });
    expect(once(home).stdout).toContain(`${home} holds a config dir: did you mean --dir ${home}/.claude (its .claude folder)?`);

    const doctor = runCli(['doctor', '--dir', join(HIVE, 'teams'), '--no-journal']);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout.split('\n')[0]).toBe(
      `⚠ ${HIVE}/teams is the teams/ folder of a config dir: did you mean --dir ${HIVE} (the folder above)?`,
    );
    expect(runCli(['report', '--dir', join(HIVE, 'teams'), '--no-journal'])).toMatchObject({
      code: 1,
      stderr: `teamtop: no team in ${HIVE}/teams: it is the teams/ folder of a config dir: did you mean --dir ${HIVE} (the folder above)?\n`,
    });
  });

  it('says what transcripts it holds, and that teams/ is empty rather than "yet"', () => {
    const dir = tempDir();
    const transcript = join(dir, 'projects', '-home-dev-app', 'a1b2.jsonl');
    mkdirSync(join(transcript, '..'), { recursive: true });
    writeFileSync(transcript, '');
    const old = new Date(Date.now() - 288 * DAY - 3600_000);
    utimesSync(transcript, old, old);
    const transcripts = once(dir).stdout;
    expect(transcripts).toContain('No agent teams here');
    expect(transcripts).toContain("projects/ holds 1 session's transcript, the newest written 288d ago: a team's members show here");
    expect(runCli(['doctor', '--dir', dir, '--no-journal'])).toMatchObject({
      code: 0,
      stdout: `no teams in ${dir} (projects/ holds 1 session's transcript, the newest written 288d ago)\n`,
    });

    mkdirSync(join(dir, 'teams'));
    const emptied = once(dir).stdout;
    expect(emptied).toContain('No agent teams now');
    expect(emptied).toContain("teams/ is empty: Claude Code removes a team's folder when the team ends.");
    // Nothing there at all: none has been, yet.
    expect(once(tempDir()).stdout).toContain('No agent teams yet');
  });
});

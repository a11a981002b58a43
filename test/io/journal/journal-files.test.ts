/**
 * The journal folder as teamtop finds it, and what it is asked to write: a
 * folder or a named pipe named like a run, lines that cannot be read, an
 * export aimed at one of the runs it exports.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { namespaceDir } from '../../../src/io/journal/store-dir.js';
import { tempDir } from '../../helpers/fixtures.js';
import { entry } from '../../helpers/live.js';
import { CLI } from '../../helpers/pty.js';

function cli(args: string[]) {
  // A start-up that hangs fails here rather than holding the suite.
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', input: '', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A journal of team alpha recorded from `claudeDir`: one run, its lines as given. */
function journal(claudeDir: string, lines: readonly string[]) {
  const state = tempDir();
  const folder = join(namespaceDir(state, claudeDir), 'alpha');
  mkdirSync(folder, { recursive: true });
  const run = join(folder, '2026-01-01T00-00-00-000Z-1.jsonl');
  writeFileSync(run, `${lines.join('\n')}\n`);
  return { state, folder, run };
}

const recorded = (claudeDir: string) => [
  JSON.stringify({ teamtop: 'journal', v: 2, run: 'r', team: 'alpha', claudeDir, started: 1 }),
  JSON.stringify({ op: 'folder', t: 1, path: 'teams/alpha', present: true }),
  JSON.stringify({ op: 'inbox', t: 2, live: true, path: 'teams/alpha/inboxes/team-lead.json', messages: [entry('worker', 'recorded')] }),
];

type Doc = { teams: { name: string; messages: { text: string }[] }[]; problems: { path: string; message: string }[] };

describe('the journal folder', () => {
  it('takes no folder or named pipe named like a run for one: start-up neither fails nor hangs', () => {
    const claudeDir = tempDir();
    const { state, folder } = journal(claudeDir, recorded(claudeDir));
    mkdirSync(join(folder, '2026-01-02T00-00-00-000Z-1.jsonl'));
    execFileSync('mkfifo', [join(folder, '2026-01-03T00-00-00-000Z-1.jsonl')]);

    const started = cli(['--json', '--dir', claudeDir, '--state-dir', state]);
    expect(started.code).toBe(0);
    const doc = JSON.parse(started.stdout) as Doc;
    expect(doc.teams.flatMap((team) => team.messages.map((message) => message.text))).toEqual(['recorded']);
    expect(doc.problems).toEqual([]);
    expect(cli(['replay', 'alpha', '--json', '--dir', claudeDir, '--state-dir', state]).code).toBe(0);
    expect(cli(['export', '--team', 'alpha', '--out', join(tempDir(), 'alpha.jsonl'), '--dir', claudeDir, '--state-dir', state]).code).toBe(
      0,
    );
  });

  it('says what was skipped in a run once, as one problem naming the file once', () => {
    const claudeDir = tempDir();
    const [header, folderLine, inbox] = recorded(claudeDir);
    const { state, run } = journal(claudeDir, [
      header!,
      '{"op":"nope"}',
      folderLine!,
      'not json',
      '{"op":"file"',
      inbox!,
      '{"op":"gone","t":3,"li',
    ]);
    const doc = JSON.parse(cli(['--json', '--dir', claudeDir, '--state-dir', state]).stdout) as Doc;
    expect(doc.teams[0]!.messages.map((message) => message.text)).toEqual(['recorded']);
    expect(doc.problems).toEqual([{ path: run, message: 'line 2 is not a journal entry and was skipped (and 3 more)' }]);
  });
});

describe('teamtop export', () => {
  it('refuses to write over one of the runs it exports, and leaves it as it was', () => {
    const claudeDir = tempDir();
    const { state, run } = journal(claudeDir, recorded(claudeDir));
    const before = readFileSync(run, 'utf8');
    const result = cli(['export', '--team', 'alpha', '--out', run, '--dir', claudeDir, '--state-dir', state]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`teamtop: --out ${run} is one of the runs being exported`);
    expect(result.stdout).toBe('');
    expect(readFileSync(run, 'utf8')).toBe(before);
  });

  it('says so when it cannot write, and leaves no half export behind', () => {
    const claudeDir = tempDir();
    const { state } = journal(claudeDir, recorded(claudeDir));
    const missing = cli([
      'export',
      '--team',
      'alpha',
      '--out',
      join(tempDir(), 'missing/alpha.jsonl'),
      '--dir',
      claudeDir,
      '--state-dir',
      state,
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^teamtop: cannot write .*missing\/alpha\.jsonl: there is no folder .*missing\n$/u);

    // Room for the first 200 bytes only: the kernel's limit on the size of a file written.
    const out = join(tempDir(), 'alpha.jsonl');
    const full = spawnSync(
      'prlimit',
      ['--fsize=200', process.execPath, CLI, 'export', '--team', 'alpha', '--out', out, '--dir', claudeDir, '--state-dir', state],
      { encoding: 'utf8' },
    );
    expect(full.status).toBe(1);
    expect(full.stderr).toMatch(/^teamtop: export to .*alpha\.jsonl failed, nothing was written: EFBIG/u);
    expect(existsSync(out)).toBe(false);
  });

  it('never follows a symbolic link as --out, replaces a file only with --force (0600 still), and does not wait on a pipe with no reader', () => {
    const claudeDir = tempDir();
    const { state } = journal(claudeDir, recorded(claudeDir));
    const folder = tempDir();
    const exportTo = (out: string) => cli(['export', '--team', 'alpha', '--out', out, '--dir', claudeDir, '--state-dir', state]);

    const target = join(folder, 'precious.txt');
    writeFileSync(target, 'keep me');
    symlinkSync(target, join(folder, 'link.jsonl'));
    const linked = exportTo(join(folder, 'link.jsonl'));
    expect(linked.code).toBe(1);
    expect(linked.stderr).toContain('it is a symbolic link');
    expect(readFileSync(target, 'utf8')).toBe('keep me');

    const existing = join(folder, 'existing.jsonl');
    writeFileSync(existing, 'an older export, longer than the new one '.repeat(100), { mode: 0o644 });
    chmodSync(existing, 0o644);
    expect(exportTo(existing)).toMatchObject({
      code: 1,
      stderr: `teamtop: cannot write ${existing}: a file is there already: give --force to replace it\n`,
    });
    expect(readFileSync(existing, 'utf8')).toContain('an older export');
    const forced = cli(['export', '--team', 'alpha', '--out', existing, '--force', '--dir', claudeDir, '--state-dir', state]);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/ to .*existing\.jsonl \(the file that was there is replaced\)\n$/u);
    expect(statSync(existing).mode & 0o777).toBe(0o600);
    expect(readFileSync(existing, 'utf8')).not.toContain('an older export');

    const pipe = join(folder, 'pipe.jsonl');
    execFileSync('mkfifo', [pipe]);
    const piped = exportTo(pipe);
    expect(piped.code).toBe(1);
    expect(piped.stderr).toContain('a named pipe that nothing is reading');
  });
});

/**
 * How the command-line modes end when their output cannot be written: a reader
 * that stops reading is a normal end, a file that cannot be made is one line.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, tempDir } from '../helpers/fixtures.js';
import { entry, writeJson } from '../helpers/live.js';
import { CLI, Terminal } from '../helpers/pty.js';

/** A team whose JSON is far more than a pipe holds (64 kB), so the writer is still writing when the reader goes. */
function bigTeam(): string {
  const dir = tempDir();
  writeJson(join(dir, 'teams/big/config.json'), { name: 'big', members: [{ name: 'team-lead', agentType: 'team-lead' }] });
  writeJson(
    join(dir, 'teams/big/inboxes/team-lead.json'),
    Array.from({ length: 3000 }, (_, n) => entry('worker', `message ${n} ${'x'.repeat(80)}`)),
  );
  return dir;
}

describe('a reader that stops reading', () => {
  it('ends teamtop --json quietly, with status 0', () => {
    const dir = bigTeam();
    const scratch = tempDir();
    const result = spawnSync(
      '/bin/sh',
      [
        '-c',
        '{ "$0" "$@" 2>"$SCRATCH/stderr"; echo $? >"$SCRATCH/status"; } | head -c 100 >/dev/null',
        process.execPath,
        CLI,
        '--json',
        '--dir',
        dir,
        '--no-journal',
      ],
      { env: { ...process.env, SCRATCH: scratch, COLUMNS: '120' }, encoding: 'utf8' },
    );
    expect(result.status).toBe(0);
    expect(readFileSync(join(scratch, 'stderr'), 'utf8')).toBe('');
    expect(readFileSync(join(scratch, 'status'), 'utf8').trim()).toBe('0');
  });
});

describe('export --out', () => {
  it('says in one line that the folder to write into does not exist', async () => {
    const dir = copyFixture('protocol-zoo');
    const state = tempDir();
    // A journal to export: what a run of the dashboard records.
    const term = new Terminal({ args: ['--dir', dir, '--state-dir', state] });
    await term.waitForText('★ team-lead');
    term.press('q');
    expect(await term.waitForExit()).toBe(0);

    const out = join(tempDir(), 'missing', 'zoo.jsonl');
    const result = spawnSync(process.execPath, [CLI, 'export', '--team', 'zoo', '--out', out, '--dir', dir, '--state-dir', state], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`teamtop: cannot write ${out}: there is no folder ${join(out, '..')}\n`);
    expect(result.stdout).toBe('');
  });
});

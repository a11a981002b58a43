/**
 * A journal that cannot be written: a read-only file system, a file where the
 * state folder should be, a folder teamtop may not write, a disk that fills up
 * mid-write. The dashboard says once, on screen, that history is not being
 * recorded and why, goes on following the files, and every way out gives the
 * terminal back. Real refusals: tmpfs mounts where the tests may mount, else
 * `nobody` refused a folder, or a file-size limit (`prlimit`) for the short write.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSession } from '../../src/cli/session.js';
import { readJournalFile } from '../../src/io/journal/reader.js';
import { listAllRuns } from '../../src/io/journal/store-dir.js';
import { JOURNAL_PROBLEM } from '../../src/io/journal/writer.js';
import { tempDir } from '../helpers/fixtures.js';
import { asUser, readOnlyFileSystem, tinyFileSystem } from '../helpers/filesystems.js';
import { entry, writeJson } from '../helpers/live.js';
import { Terminal } from '../helpers/pty.js';
import { waitFor } from '../helpers/wait.js';

const LEAVE_ALTERNATE = '\u001b[?1049l';
const ENTER_ALTERNATE = '\u001b[?1049h';

function team(): string {
  const dir = tempDir();
  chmodSync(dir, 0o755);
  writeJson(join(dir, 'teams/live/config.json'), { name: 'live', members: [{ name: 'team-lead' }, { name: 'worker' }] });
  writeJson(join(dir, 'teams/live/inboxes/team-lead.json'), [entry('worker', 'first')]);
  return dir;
}

interface Unwritable {
  /** `$XDG_STATE_HOME` */
  readonly stateHome: string;
  readonly user: { uid?: number; gid?: number };
  /** What the problem line says is wrong. */
  readonly reason: RegExp;
}

/** A state folder on a read-only file system, else in a folder teamtop may not write. */
function readOnly(): Unwritable {
  const mounted = readOnlyFileSystem();
  if (mounted) return { stateHome: mounted, user: {}, reason: /the file system is read-only \(/u };
  const folder = tempDir();
  // As root, teamtop runs as nobody, whom this root-owned folder refuses; otherwise the user refuses himself.
  chmodSync(folder, process.getuid?.() === 0 ? 0o755 : 0o555);
  return { stateHome: folder, user: asUser, reason: /permission denied \(/u };
}

/** A regular file where the state folder should be. */
function fileInTheWay(): Unwritable {
  const file = join(tempDir(), 'state');
  writeFileSync(file, '');
  return { stateHome: file, user: {}, reason: /a file is in the way of a folder \(/u };
}

const problemLine = /journal: history is not being recorded: /u;

describe('a journal that cannot be written', () => {
  it.each([
    { name: 'a read-only file system (or a folder it may not write)', make: readOnly },
    { name: 'a file where the state folder should be', make: fileInTheWay },
  ])('is said once, on screen, for $name; the dashboard goes on, and q leaves it', async ({ make }) => {
    const dir = team();
    const { stateHome, user, reason } = make();
    const term = new Terminal({ args: ['--dir', dir], cols: 160, env: { XDG_STATE_HOME: stateHome }, ...user });
    await term.waitForText(problemLine);
    const shown = term.lines().filter((line) => problemLine.test(line));
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(reason);

    writeJson(join(dir, 'teams/live/inboxes/worker.json'), [entry('team-lead', 'still followed')]);
    await term.waitForText('still followed');
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
    expect(term.onAlternateScreen()).toBe(false);
    expect(term.output.lastIndexOf(LEAVE_ALTERNATE)).toBeGreaterThan(term.output.lastIndexOf(ENTER_ALTERNATE));
  });

  it('does not turn a crash into a second one: exit 70, the terminal given back, the crash reported', async () => {
    const { stateHome, user } = readOnly();
    const term = new Terminal({ args: ['--dir', team()], env: { XDG_STATE_HOME: stateHome, TEAMTOP_FAULT: 'uncaught' }, ...user });
    expect(await term.waitForExit()).toBe(70);
    await term.waitForText('teamtop crashed: Error: injected fault (TEAMTOP_FAULT=uncaught)');
    expect(term.onAlternateScreen()).toBe(false);
    expect(term.output).not.toContain('    at JournalWriter');
  });

  it('notices a disk filling up mid-write, says so, and leaves no torn line behind', async () => {
    const dir = team();
    const tiny = tinyFileSystem(64);
    const stateHome = tiny ?? tempDir();
    const term = new Terminal({ args: ['--dir', dir], cols: 160, env: { XDG_STATE_HOME: stateHome } });
    await term.waitForText('first');
    // The run, once it holds what the start-up read (its first lines may be written after the frame).
    const [run] = await waitFor(() => {
      const runs = listAllRuns(join(stateHome, 'teamtop'));
      expect(runs).toHaveLength(1);
      expect(readFileSync(runs[0]!.path, 'utf8')).toContain('first');
      return runs;
    });
    // Without a tiny disk to fill: the kernel's limit on file size, a few kilobytes past what is written.
    if (!tiny) execFileSync('prlimit', ['--pid', String(term.pty.pid), `--fsize=${statSync(run!.path).size + 4096}`]);
    const size = statSync(run!.path).size;
    // A 200 KB inbox: more than either room left, so the write is cut short.
    writeJson(
      join(dir, 'teams/live/inboxes/worker.json'),
      Array.from({ length: 200 }, (_, i) => entry('team-lead', `${i} ${'x'.repeat(1000)}`)),
    );
    await term.waitForText(
      tiny
        ? /journal: history is not being recorded: the disk is full \(/u
        : /journal: history is not being recorded: the largest file size allowed is reached \(ulimit -f; /u,
    );
    await waitFor(() => expect(statSync(run!.path).size).toBe(size));
    expect(readJournalFile(run!.path).notices).toEqual([]);
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
  });
});

describe('the journal writer, refused', () => {
  it('never throws out of recording, flushing or closing, and says why once', () => {
    const dir = team();
    const stateHome = fileInTheWay().stateHome;
    const session = openSession(dir, { stateDir: join(stateHome, 'teamtop'), write: true, maxBytes: 1e9 });
    for (let i = 0; i < 3; i++) {
      session.observe([{ kind: 'folder', target: { kind: 'team-dir', team: `t${i}` }, at: i }]);
      session.journal!.flush();
    }
    session.close();
    session.close();
    const problems = [...session.store.getState().problems.values()].filter((problem) => problem.path === JOURNAL_PROBLEM);
    expect(problems.map((problem) => problem.message)).toEqual([
      `history is not being recorded: a file is in the way of a folder (${stateHome})`,
    ]);
    expect(session.journal!.wants('teams/live/inboxes/team-lead.json')).toBeUndefined();
  });
});

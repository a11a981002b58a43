/**
 * A flaky disk under the real watcher: folders missing, removed, replaced by
 * files; files that cannot be read, vanish, loop, or are not files at all;
 * a watcher that runs out of inotify watches. teamtop must keep the last good
 * state, say what is wrong with which path, and keep following the files.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, statSync, symlinkSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { watch as chokidarWatch } from 'chokidar';
import { describe, expect, it } from 'vitest';
import { Loader } from '../../src/io/watch/loader.js';
import type { Observation } from '../../src/core/model/observation.js';
import { tempDir } from '../helpers/fixtures.js';
import { entry, watch, writeJson } from '../helpers/live.js';
import { sleep, waitFor } from '../helpers/wait.js';

type Live = Awaited<ReturnType<typeof watch>>;

const config = (name: string) => ({ name, members: [{ name: 'team-lead', agentType: 'team-lead' }, { name: 'worker' }] });

const hello = entry('worker', 'hello');

function newTeam(dir: string, name = 'live', text = 'hello') {
  writeJson(join(dir, 'teams', name, 'config.json'), config(name));
  writeJson(join(dir, 'teams', name, 'inboxes', 'team-lead.json'), [text === 'hello' ? hello : entry('worker', text)]);
  writeJson(join(dir, 'tasks', name, '1.json'), { id: '1', subject: 'the task', status: 'pending', blocks: [], blockedBy: [] });
}

const texts = (live: Live) => live.json().teams.flatMap((team) => team.messages.map((message) => message.text));
const problems = (live: Live) => live.json().problems.map((problem) => `${problem.path}: ${problem.message}`);
const team = (live: Live, name: string) => live.json().teams.find((candidate) => candidate.name === name);

describe('folders that are missing, removed or replaced', () => {
  it('picks up teams/ and tasks/ created after start', async () => {
    const dir = tempDir();
    const live = await watch(dir);
    newTeam(dir);
    await waitFor(() => expect(texts(live)).toEqual(['hello']));
    await waitFor(() => expect(team(live, 'live')?.tasks.map((task) => task.subject)).toEqual(['the task']));
  });

  it('keeps the team as ended when the whole config dir is removed, and follows it again once it is back', async () => {
    const parent = tempDir();
    const dir = join(parent, '.claude');
    newTeam(dir, 'first');
    const live = await watch(dir);
    rmSync(dir, { recursive: true });
    await waitFor(() => expect(team(live, 'first')?.ended).toBe(true));
    await waitFor(() => expect(problems(live)).toEqual([`.: ${dir} was removed: waiting for it to come back`]));
    expect(texts(live)).toEqual(['hello']);

    newTeam(dir, 'second', 'after the dir came back');
    await waitFor(() => expect(texts(live)).toContain('after the dir came back'));
    await waitFor(() => expect(problems(live)).toEqual([]));
    writeJson(join(dir, 'teams/second/inboxes/worker.json'), [entry('team-lead', 'and new changes are seen')]);
    await waitFor(() => expect(texts(live)).toContain('and new changes are seen'));
  });

  it('follows a config dir replaced by another (moved away, made again)', async () => {
    const parent = tempDir();
    const dir = join(parent, '.claude');
    newTeam(dir, 'old');
    const live = await watch(dir);
    renameSync(dir, join(parent, 'claude.bak'));
    newTeam(dir, 'new', 'in the new dir');
    await waitFor(() => expect(texts(live)).toContain('in the new dir'));
    await waitFor(() => expect(team(live, 'old')?.ended).toBe(true));
    // The moved-away dir is not watched any more.
    writeJson(join(parent, 'claude.bak/teams/old/inboxes/worker.json'), [entry('team-lead', 'written to the old dir')]);
    writeJson(join(dir, 'teams/new/inboxes/worker.json'), [entry('team-lead', 'written to the new dir')]);
    await waitFor(() => expect(texts(live)).toContain('written to the new dir'));
    expect(texts(live)).not.toContain('written to the old dir');
  });

  it('follows a config dir removed and made again at once, with the same inode number, before any team', async () => {
    const parent = tempDir();
    const dir = join(parent, '.claude');
    mkdirSync(dir);
    writeFileSync(join(dir, 'settings.json'), '{}');
    const live = await watch(dir);
    const before = statSync(dir).ino;
    // As realcc's run.sh does before it starts Claude Code: ext4 gives the new folder the old one's inode.
    rmSync(dir, { recursive: true });
    mkdirSync(dir);
    newTeam(dir, 'new', 'in the dir made again');
    await waitFor(() => expect(texts(live)).toContain('in the dir made again'));
    writeJson(join(dir, 'teams/new/inboxes/worker.json'), [entry('team-lead', 'and followed there')]);
    await waitFor(() => expect(texts(live)).toContain('and followed there'));
    // What this test is about; on another file system it still holds, but proves less.
    if (statSync(dir).ino !== before) console.warn('the folder made again got a new inode here');
  });

  it('says so when the config dir is a file, and starts once it is a folder', async () => {
    const parent = tempDir();
    const dir = join(parent, '.claude');
    writeFileSync(dir, 'not a folder');
    const live = await watch(dir);
    await waitFor(() => expect(problems(live)).toEqual([`.: ${dir} is a file, not a folder`]));
    unlinkSync(dir);
    newTeam(dir);
    await waitFor(() => expect(texts(live)).toEqual(['hello']));
    await waitFor(() => expect(problems(live)).toEqual([]));
  });

  it('says so when teams/ is replaced by a file, and recovers when it is a folder again', async () => {
    const dir = tempDir();
    newTeam(dir);
    const live = await watch(dir);
    rmSync(join(dir, 'teams'), { recursive: true });
    writeFileSync(join(dir, 'teams'), '');
    await waitFor(() => expect(problems(live)).toEqual(['teams: is a file, not a folder']));
    expect(team(live, 'live')?.ended).toBe(true);
    expect(texts(live)).toEqual(['hello']);

    unlinkSync(join(dir, 'teams'));
    newTeam(dir, 'live', 'back again');
    await waitFor(() => expect(team(live, 'live')?.ended).toBe(false));
    await waitFor(() => expect(problems(live)).toEqual([]));
    expect(texts(live)).toEqual(['hello', 'back again']);
  });
});

describe('files that are not what they should be', () => {
  it('shows a folder where a file should be, at start and while running', async () => {
    const dir = tempDir();
    newTeam(dir);
    mkdirSync(join(dir, 'teams/live/inboxes/ghost.json'));
    const live = await watch(dir);
    expect(problems(live)).toEqual(['teams/live/inboxes/ghost.json: is a folder, not a file']);

    mkdirSync(join(dir, 'tasks/live/2.json'));
    await waitFor(() => expect(problems(live)).toContain('tasks/live/2.json: is a folder, not a file'));
    rmSync(join(dir, 'tasks/live/2.json'), { recursive: true });
    await waitFor(() => expect(problems(live)).toEqual(['teams/live/inboxes/ghost.json: is a folder, not a file']));
    expect(texts(live)).toEqual(['hello']);
  });

  it('reports a loop of symbolic links and a link back up the tree, and goes on watching', async () => {
    const dir = tempDir();
    newTeam(dir);
    const inboxes = join(dir, 'teams/live/inboxes');
    symlinkSync('b.json', join(inboxes, 'a.json'));
    symlinkSync('a.json', join(inboxes, 'b.json'));
    // A link to an ancestor: a watcher that followed it would never end.
    symlinkSync('../..', join(inboxes, 'up'));
    symlinkSync('..', join(dir, 'teams/loop'));
    const live = await watch(dir);
    expect(problems(live)).toEqual([
      'teams/live/inboxes/a.json: cannot read: a loop of symbolic links',
      'teams/live/inboxes/b.json: cannot read: a loop of symbolic links',
    ]);
    writeJson(join(inboxes, 'worker.json'), [entry('team-lead', 'still watching')]);
    await waitFor(() => expect(texts(live)).toContain('still watching'));
  });

  it('follows an inbox that is a symbolic link to a file', async () => {
    const dir = tempDir();
    newTeam(dir);
    writeJson(join(dir, 'elsewhere.json'), [entry('team-lead', 'through a link')]);
    symlinkSync(join(dir, 'elsewhere.json'), join(dir, 'teams/live/inboxes/worker.json'));
    const live = await watch(dir);
    expect(texts(live)).toContain('through a link');
    expect(problems(live)).toEqual([]);
  });

  it('takes a backslash in a name for part of the name, live as at start: no team or inbox is spoofed', async () => {
    const dir = tempDir();
    newTeam(dir);
    const live = await watch(dir);
    // One file in teams/, named like a path on Windows.
    writeJson(join(dir, 'teams', 'live\\inboxes\\team-lead.json'), [entry('worker', 'spoofed')]);
    await waitFor(() => expect(live.json().problems.map((problem) => problem.path)).toEqual(['teams/live\\inboxes\\team-lead.json']));
    writeJson(join(dir, 'teams/live/inboxes/worker.json'), [entry('team-lead', 'after it')]);
    await waitFor(() => expect(texts(live)).toContain('after it'));
    expect(texts(live)).not.toContain('spoofed');
    const scanned = await watch(dir);
    expect(live.json().teams.map((team) => team.name)).toEqual(scanned.json().teams.map((team) => team.name));
    expect(problems(live)).toEqual(problems(scanned));
  });

  it('does not hang on a named pipe where an inbox should be', async () => {
    const dir = tempDir();
    newTeam(dir);
    execFileSync('mkfifo', [join(dir, 'teams/live/inboxes/pipe.json')]);
    const live = await watch(dir);
    expect(problems(live)).toEqual(['teams/live/inboxes/pipe.json: is not a regular file (a pipe, socket or device)']);
    writeJson(join(dir, 'teams/live/inboxes/worker.json'), [entry('team-lead', 'not stuck')]);
    await waitFor(() => expect(texts(live)).toContain('not stuck'));
  });

  it('keeps the last good state of a file that grows too big to be a real one, and says so', async () => {
    const dir = tempDir();
    newTeam(dir);
    const live = await watch(dir);
    // Sparse: 65 MB on paper, no disk used.
    truncateSync(join(dir, 'teams/live/inboxes/team-lead.json'), 65 * 1024 * 1024);
    await waitFor(() =>
      expect(problems(live)).toEqual([
        'teams/live/inboxes/team-lead.json: not read: 65 MB is too big for a team file (the limit is 64 MB)',
      ]),
    );
    expect(texts(live)).toEqual(['hello']);
    writeJson(join(dir, 'teams/live/inboxes/team-lead.json'), [hello, entry('worker', 'small again')]);
    await waitFor(() => expect(texts(live)).toEqual(['hello', 'small again']));
    expect(problems(live)).toEqual([]);
  });

  it('shrugs off files that vanish between the event and the read', async () => {
    const dir = tempDir();
    newTeam(dir);
    const live = await watch(dir);
    const fleeting = join(dir, 'teams/live/inboxes/fleeting.json');
    for (let i = 0; i < 40; i++) {
      writeJson(fleeting, [entry('team-lead', `fleeting ${i}`)]);
      unlinkSync(fleeting);
      await sleep(1);
    }
    writeJson(join(dir, 'teams/live/inboxes/worker.json'), [entry('team-lead', 'after the churn')]);
    await waitFor(() => expect(texts(live)).toContain('after the churn'));
    await live.reader.settled();
    expect(problems(live)).toEqual([]);
  });

  it('reads nothing and reports nothing for a file gone before its read (deterministic)', () => {
    const dir = tempDir();
    newTeam(dir);
    const seen: Observation[] = [];
    const loader = new Loader({ claudeDir: dir, emit: (observations) => seen.push(...observations) });
    unlinkSync(join(dir, 'teams/live/inboxes/team-lead.json'));
    expect(loader.readNow('teams/live/inboxes/team-lead.json')).toEqual([]);
    loader.close();
  });
});

describe('a watcher that fails', () => {
  /** The real chokidar watcher, which reports an error as the kernel would once its inotify watches run out. */
  const failingWatch =
    (error: Error): typeof chokidarWatch =>
    (paths, options) => {
      const watcher = chokidarWatch(paths, options);
      if (!options?.usePolling) watcher.once('ready', () => setTimeout(() => watcher.emit('error', error), 10));
      return watcher;
    };

  it('falls back to polling when inotify runs out of watches (ENOSPC), says so, and keeps following', async () => {
    const dir = tempDir();
    newTeam(dir);
    const enospc = Object.assign(new Error('ENOSPC: System limit for number of file watchers reached'), { code: 'ENOSPC' });
    const live = await watch(dir, { watch: failingWatch(enospc), pollMs: 50 });
    await waitFor(() =>
      expect(problems(live)).toEqual([
        "watcher: the system's limit on file watches is reached (raise fs.inotify.max_user_watches): looking for changes every 0.05 s instead",
      ]),
    );
    writeJson(join(dir, 'teams/live/inboxes/worker.json'), [entry('team-lead', 'seen by polling')]);
    await waitFor(() => expect(texts(live)).toContain('seen by polling'));
    newTeam(dir, 'later', 'a team made while polling');
    await waitFor(() => expect(texts(live)).toContain('a team made while polling'));
  });

  it('falls back to polling on any other watcher error too', async () => {
    const dir = tempDir();
    newTeam(dir);
    const live = await watch(dir, { watch: failingWatch(new Error('something odd')), pollMs: 50 });
    await waitFor(() =>
      expect(problems(live)).toEqual(['watcher: the watcher failed (something odd): looking for changes every 0.05 s instead']),
    );
    writeJson(join(dir, 'teams/live/inboxes/worker.json'), [entry('team-lead', 'seen by polling')]);
    await waitFor(() => expect(texts(live)).toContain('seen by polling'));
  });
});

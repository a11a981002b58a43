/**
 * chokidar says nothing of a file removed while it was still looking at the
 * file's creation: neither `add` nor `unlink` comes (a few ms on an idle
 * machine, tens under load). The raw event that had the file read does come,
 * so the read that finds the file gone is its removal.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { watch as chokidarWatch } from 'chokidar';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/fixtures.js';
import { entry, watch, writeJson } from '../../helpers/live.js';
import { waitFor } from '../../helpers/wait.js';

/** The real chokidar watcher, with its `add` and `unlink` events lost, as in that race. */
const losingWatch: typeof chokidarWatch = (paths, options) => {
  const watcher = chokidarWatch(paths, options);
  const emit = watcher.emit.bind(watcher) as (event: string, ...args: unknown[]) => boolean;
  Object.assign(watcher, {
    emit: (event: string, ...args: unknown[]) => (event === 'add' || event === 'unlink' ? false : emit(event, ...args)),
  });
  return watcher;
};

describe('a file removed before chokidar took in its creation', () => {
  it('is seen going: an inbox', async () => {
    const dir = tempDir();
    writeJson(join(dir, 'teams', 'quick', 'config.json'), { name: 'quick', members: [{ name: 'team-lead' }, { name: 'worker' }] });
    writeJson(join(dir, 'teams', 'quick', 'inboxes', 'team-lead.json'), []);
    const live = await watch(dir, { watch: losingWatch });
    const stray = join(dir, 'teams', 'quick', 'inboxes', 'stray.json');
    writeJson(stray, [entry('team-lead', 'for a stray')]);
    const team = () => live.json().teams[0]!;
    await waitFor(() => expect(team().diagnoses.map((diagnosis) => diagnosis.kind)).toEqual(['misaddressed']));
    rmSync(stray);
    await waitFor(() => expect(team().messages.map((m) => [m.to, m.delivered])).toEqual([['stray', true]]));
    expect(team().diagnoses).toEqual([]);
  });

  it('is seen going: a task', async () => {
    const dir = tempDir();
    writeJson(join(dir, 'teams', 'quick', 'config.json'), { name: 'quick', members: [{ name: 'team-lead' }] });
    writeJson(join(dir, 'tasks', 'quick', '1.json'), { id: '1', subject: 'stays', status: 'pending', blocks: [], blockedBy: [] });
    const live = await watch(dir, { watch: losingWatch });
    const task = join(dir, 'tasks', 'quick', '2.json');
    writeJson(task, { id: '2', subject: 'goes', status: 'pending', blocks: [], blockedBy: [] });
    const tasks = () => live.json().teams[0]!.tasks.map((t) => [t.subject, t.state]);
    await waitFor(() =>
      expect(tasks()).toEqual([
        ['stays', 'ready'],
        ['goes', 'ready'],
      ]),
    );
    rmSync(task);
    await waitFor(() =>
      expect(tasks()).toEqual([
        ['stays', 'ready'],
        ['goes', 'deleted'],
      ]),
    );
  });
});

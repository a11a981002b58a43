/**
 * One reader of files: the watcher says where something happened, as typed
 * events, and reads nothing; the reader alone turns the disk into observations.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Observation } from '../../../src/core/model/observation.js';
import type { EventReader, FileEvent } from '../../../src/io/watch/events.js';
import { Reader } from '../../../src/io/watch/reader.js';
import { watchClaudeDir } from '../../../src/io/watch/watcher.js';
import { tempDir } from '../../helpers/fixtures.js';
import { writeJson } from '../../helpers/live.js';
import { observe } from '../../helpers/observations.js';
import { initialState } from '../../../src/core/app-state.js';
import { waitFor } from '../../helpers/wait.js';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A reader that keeps what it is told. */
function listener(): EventReader & { events: FileEvent[] } {
  const events: FileEvent[] = [];
  return { events, take: (taken) => events.push(...taken), unlistedFolders: () => new Set() };
}

async function watchWith(dir: string, reader: EventReader): Promise<void> {
  const controller = new AbortController();
  stops.push(() => controller.abort());
  await watchClaudeDir({ claudeDir: dir, reader, signal: controller.signal });
}

function reader(dir: string) {
  const seen: Observation[] = [];
  const instance = new Reader({ claudeDir: dir, emit: (observations) => seen.push(...observations), now: () => 7 });
  stops.push(() => instance.close());
  return { instance, seen };
}

describe('the watcher', () => {
  it('tells where a file and a folder came, changed and went, and nothing of what they hold', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'teams'));
    const heard = listener();
    await watchWith(dir, heard);
    await waitFor(() => expect(heard.events).toContainEqual({ kind: 'resync' }));
    writeJson(join(dir, 'teams', 'alpha', 'config.json'), { name: 'alpha', members: [] });
    await waitFor(() => expect(heard.events).toContainEqual({ kind: 'folder-added', path: 'teams/alpha' }));
    await waitFor(() => expect(heard.events).toContainEqual({ kind: 'changed', path: 'teams/alpha/config.json' }));
    rmSync(join(dir, 'teams', 'alpha', 'config.json'));
    await waitFor(() => expect(heard.events).toContainEqual({ kind: 'removed', path: 'teams/alpha/config.json' }));
    rmSync(join(dir, 'teams', 'alpha'), { recursive: true });
    await waitFor(() => expect(heard.events).toContainEqual({ kind: 'folder-gone', path: 'teams/alpha' }));
    // Only events: every one of them names a kind the reader knows.
    const kinds = new Set(['changed', 'removed', 'folder-added', 'folder-gone', 'unreported', 'resync', 'dir', 'watcher-trouble']);
    expect(heard.events.every((event) => kinds.has(event.kind))).toBe(true);
  });

  it('says the config dir is missing, then a folder, and the reader says once that a dir that never was does not exist', async () => {
    const dir = join(tempDir(), 'not-yet');
    const heard = listener();
    await watchWith(dir, heard);
    expect(heard.events).toEqual([{ kind: 'resync' }, { kind: 'dir', state: 'missing' }]);
    mkdirSync(dir);
    await waitFor(() => expect(heard.events).toContainEqual({ kind: 'dir', state: 'folder' }));
    const never = join(tempDir(), 'never');
    const { instance, seen } = reader(never);
    instance.scan();
    instance.take([{ kind: 'dir', state: 'missing' }]);
    expect(seen.filter((observation) => observation.kind === 'problem')).toEqual([
      { kind: 'problem', path: '.', message: `${never} does not exist`, at: 7 },
    ]);
  });
});

describe('the reader', () => {
  it('turns events into observations: folders once each, a file read at the end of the tick, a dir that went', async () => {
    const dir = tempDir();
    const { instance, seen } = reader(dir);
    instance.scan();
    instance.take([
      { kind: 'folder-added', path: 'teams/alpha' },
      { kind: 'folder-added', path: 'teams/alpha' },
    ]);
    expect(seen).toEqual([{ kind: 'folder', target: { kind: 'team-dir', team: 'alpha' }, at: 7 }]);
    writeJson(join(dir, 'teams', 'alpha', 'config.json'), { name: 'alpha', members: [] });
    instance.take([{ kind: 'changed', path: 'teams/alpha/config.json' }]);
    await waitFor(() => expect(seen.map((observation) => observation.kind)).toContain('config'));
    instance.take([
      { kind: 'dir', state: 'missing' },
      { kind: 'watcher-trouble', message: 'polling' },
    ]);
    expect(seen.slice(-2)).toEqual([
      { kind: 'problem', path: '.', message: `${dir} was removed: waiting for it to come back`, at: 7 },
      { kind: 'problem', path: 'watcher', message: 'polling', at: 7 },
    ]);
  });

  it('finds on a resync what no event said: a file made, a folder gone', () => {
    const dir = tempDir();
    writeJson(join(dir, 'tasks', 'alpha', '1.json'), { id: '1', subject: 'one', status: 'pending', blocks: [], blockedBy: [] });
    const { instance, seen } = reader(dir);
    instance.scan();
    writeFileSync(
      join(dir, 'tasks', 'alpha', '2.json'),
      JSON.stringify({ id: '2', subject: 'two', status: 'pending', blocks: [], blockedBy: [] }),
    );
    seen.length = 0;
    instance.take([{ kind: 'resync' }]);
    expect(seen).toMatchObject([{ kind: 'task', task: { id: '2' } }]);
    rmSync(join(dir, 'tasks', 'alpha'), { recursive: true });
    seen.length = 0;
    instance.take([{ kind: 'resync' }]);
    // A cleanup, not tasks deleted one by one.
    expect(seen).toContainEqual({ kind: 'folder-gone', target: { kind: 'tasks-dir', team: 'alpha' }, at: 7 });
    expect(seen.every((observation) => observation.kind === 'folder-gone')).toBe(true);
  });

  it('takes a cleanup read half done for the cleanup: its tasks are not deleted (issue 38)', () => {
    const dir = tempDir();
    for (const id of ['1', '2', '3'])
      writeJson(join(dir, 'tasks', 'alpha', `${id}.json`), { id, subject: id, status: 'completed', blocks: [], blockedBy: [] });
    const { instance, seen } = reader(dir);
    instance.scan();
    // `rm -rf tasks/alpha` caught between its files and its folder, as `simulate` beside the dashboard showed it.
    rmSync(join(dir, 'tasks', 'alpha', '1.json'));
    rmSync(join(dir, 'tasks', 'alpha', '2.json'));
    instance.take([{ kind: 'resync' }]);
    expect(seen.filter((observation) => observation.kind === 'file-gone')).toHaveLength(2);
    rmSync(join(dir, 'tasks', 'alpha'), { recursive: true });
    instance.take([{ kind: 'resync' }]);
    const tasks = observe(initialState, ...seen).teams.get('alpha')!.tasks;
    expect([...tasks.values()].map((record) => [record.task.id, record.deleted])).toEqual([
      ['1', false],
      ['2', false],
      ['3', false],
    ]);
  });
});

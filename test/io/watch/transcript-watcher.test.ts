/**
 * The transcripts' watcher says where a session's file changed or went, with
 * the system's notifications (a transcript's folder's events name it: the file
 * itself is not watched, its appends would be twice the events) and by
 * polling, once the system runs out of file watches.
 */
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { watch as chokidarWatch } from 'chokidar';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileEvent } from '../../../src/io/watch/events.js';
import { TranscriptWatcher } from '../../../src/io/watch/transcripts/watcher.js';
import { tempDir } from '../../helpers/fixtures.js';
import { waitFor } from '../../helpers/wait.js';

const LEAD = '30ca3dcf-f31b-4764-ba2f-976ee1167b47';
const SLUG = '-home-dev-app';
const TRANSCRIPT = `projects/${SLUG}/${LEAD}.jsonl`;
const SESSION = 'sessions/4242.json';

/** The real chokidar watcher, which reports the error the kernel gives once its inotify watches run out. */
const enospc: typeof chokidarWatch = (paths, options) => {
  const watcher = chokidarWatch(paths, options);
  if (!options?.usePolling) {
    const error = Object.assign(new Error('ENOSPC: System limit for number of file watchers reached'), { code: 'ENOSPC' });
    watcher.once('ready', () => setTimeout(() => watcher.emit('error', error), 10));
  }
  return watcher;
};

const stops: AbortController[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop.abort();
});

describe.each([
  ['notifications', undefined],
  ['polling', enospc],
] as const)("the transcripts' watcher, with %s", (_how, watch) => {
  it("says a transcript's appends, and a session file's change and removal", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'projects', SLUG), { recursive: true });
    mkdirSync(join(dir, 'sessions'));
    writeFileSync(join(dir, TRANSCRIPT), '{"type":"user"}\n');
    writeFileSync(join(dir, SESSION), '{"status":"busy"}');
    const events: FileEvent[] = [];
    const stop = new AbortController();
    stops.push(stop);
    const watcher = new TranscriptWatcher({
      claudeDir: dir,
      take: (taken) => events.push(...taken),
      signal: stop.signal,
      watch,
      pollMs: 50,
    });
    await watcher.follow(new Map([[SLUG, new Set([LEAD])]]));
    if (watch) await waitFor(() => expect(events).toContainEqual(expect.objectContaining({ kind: 'watcher-trouble' })));
    // Past the first relistings, and any watch being set up: what comes now is the watcher's alone.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    events.length = 0;
    appendFileSync(join(dir, TRANSCRIPT), '{"type":"assistant"}\n');
    await waitFor(() => expect(events).toContainEqual({ kind: 'changed', path: TRANSCRIPT }));
    writeFileSync(join(dir, SESSION), '{"status":"idle"}');
    await waitFor(() => expect(events).toContainEqual({ kind: 'changed', path: SESSION }));
    rmSync(join(dir, SESSION));
    await waitFor(() => expect(events).toContainEqual({ kind: 'removed', path: SESSION }));
  });
});

describe("the transcripts' watcher, for folders not there yet", () => {
  it('finds each when it is made, told by the nearest folder there, not by looking again every few seconds', async () => {
    const dir = tempDir();
    const events: FileEvent[] = [];
    const stop = new AbortController();
    stops.push(stop);
    const watcher = new TranscriptWatcher({
      claudeDir: dir,
      take: (taken) => events.push(...taken),
      signal: stop.signal,
      // Never within the test: only the watch on the nearest folder can find them.
      missingEveryMs: 3_600_000,
    });
    await watcher.follow(new Map([[SLUG, new Set([LEAD])]]));
    mkdirSync(join(dir, 'sessions'));
    await waitFor(() => expect(events).toContainEqual({ kind: 'unreported', path: 'sessions' }));
    // Two levels: `projects/` first (the watch moves down to it), then the project's folder.
    mkdirSync(join(dir, 'projects'));
    writeFileSync(join(dir, 'history.jsonl'), '{}\n');
    mkdirSync(join(dir, 'projects', SLUG));
    await waitFor(() => expect(events).toContainEqual({ kind: 'unreported', path: `projects/${SLUG}` }));
  });
});

/**
 * teamtop only reads the claude dir. Proved on a live dashboard that watches a
 * whole simulated team run: every name created under the dir (inotify sees
 * even a lock that lives for a microsecond) is one the team's writer made;
 * once the writer is done, the tree is byte for byte what the writer left,
 * and stays so, timestamps included, while teamtop keeps running and is used.
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, watch as fsWatch, type FSWatcher } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_TEAM } from '../../src/io/demo/script.js';
import { simulate } from '../../src/io/demo/simulate.js';
import { tempDir } from '../helpers/fixtures.js';
import { Terminal } from '../helpers/pty.js';
import { sleep, waitFor } from '../helpers/wait.js';

interface Entry {
  readonly type: 'file' | 'dir' | 'other';
  readonly mode: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly sha?: string;
}

/** Every file and folder under `dir`, with what would show a change to it. */
function tree(dir: string): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const stats = lstatSync(path);
      const type = stats.isDirectory() ? 'dir' : stats.isFile() ? 'file' : 'other';
      const sha = type === 'file' ? createHash('sha256').update(readFileSync(path)).digest('hex') : undefined;
      entries.set(relative(dir, path), { type, mode: stats.mode, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ...(sha ? { sha } : {}) });
      if (type === 'dir') walk(path);
    }
  };
  walk(dir);
  return entries;
}

/**
 * Every name created, changed or removed under `dir`, straight from inotify:
 * one watch per folder, added as folders appear. (Node's recursive watch
 * misses a folder that lives for a moment, such as a lock.)
 */
function recordNames(dir: string, names: string[]): { add(folder: string): void; close(): void } {
  const watchers = new Map<string, FSWatcher>();
  const add = (folder: string) => {
    if (watchers.has(folder)) return;
    try {
      watchers.set(
        folder,
        fsWatch(folder, (_event, name) => {
          if (!name) return;
          // A watched folder's own removal is reported under its own name.
          const self = name.toString() === basename(folder) && !existsSync(folder);
          const path = self ? folder : join(folder, name.toString());
          names.push(relative(dir, path));
          try {
            // Watch inside new folders too, except locks: what they hold is not read.
            if (lstatSync(path).isDirectory() && !path.endsWith('.lock')) add(path);
          } catch {
            // Gone already.
          }
        }),
      );
    } catch {
      // Gone already.
    }
  };
  add(dir);
  return { add, close: () => watchers.forEach((watcher) => watcher.close()) };
}

/** What the writer says it left: folders (null) and files (their text). */
class WriterModel {
  readonly made = new Set<string>();
  readonly locks = new Map<string, number>();
  readonly present = new Map<string, string | null>();
  constructor(private readonly dir: string) {}

  readonly trace = (change: 'mkdir' | 'write' | 'append' | 'remove', path: string, data?: string) => {
    const rel = relative(this.dir, path);
    if (change === 'remove') {
      for (const key of [...this.present.keys()]) if (key === rel || key.startsWith(`${rel}/`)) this.present.delete(key);
      return;
    }
    if (change === 'mkdir' && rel.endsWith('.lock')) this.locks.set(rel, (this.locks.get(rel) ?? 0) + 1);
    for (let folder = change === 'mkdir' ? rel : dirname(rel); folder !== '.'; folder = dirname(folder)) {
      this.made.add(folder);
      if (!this.present.has(folder)) this.present.set(folder, null);
    }
    if (change === 'write' || change === 'append') {
      this.made.add(rel);
      this.present.set(rel, (change === 'append' ? (this.present.get(rel) ?? '') : '') + data!);
    }
  };

  expectMatches(actual: Map<string, Entry>): void {
    expect([...actual.keys()].sort()).toEqual([...this.present.keys()].sort());
    for (const [path, data] of this.present) {
      const entry = actual.get(path)!;
      if (data === null) expect(entry.type, path).toBe('dir');
      else expect(entry.sha, path).toBe(createHash('sha256').update(data).digest('hex'));
    }
  }
}

describe('read-only, provably', () => {
  it('creates, changes and locks nothing under the claude dir through a whole team run', async () => {
    const dir = tempDir();
    const writer = new WriterModel(dir);
    const touched: string[] = [];
    const recorder = recordNames(dir, touched);
    try {
      // Started before the team is there: `--team` would be a usage error now, and it is the only team to show.
      const term = new Terminal({ args: ['--dir', dir], cols: 160, rows: 45 });
      await term.waitForText('No agent teams yet');
      expect(tree(dir).size).toBe(0);

      // The demo team's whole script (locks, rewrites, deliveries, deletions), at 15x speed, watched live.
      const run = simulate({
        claudeDir: dir,
        speed: 25,
        keep: true,
        trace: (change, path, data) => {
          writer.trace(change, path, data);
          // Watch a new folder before anything is written in it: the writer runs in this process.
          if (change === 'mkdir' && !path.endsWith('.lock')) {
            const folders = [];
            for (let folder = path; folder !== dir; folder = dirname(folder)) folders.unshift(folder);
            for (const folder of folders) recorder.add(folder);
          }
        },
      });
      await term.waitForText('architect');
      await run;
      await sleep(300);
      writer.expectMatches(tree(dir));

      // The writer is done: whatever changes now is teamtop's doing. Use the dashboard meanwhile.
      const before = tree(dir);
      const quietFrom = touched.length;
      for (const key of ['\t', '\t', '\r', '\u001b', 't', 't', 'i', 'p', 'u', 'u', '?', '?', '\t', 'j', 'j', '\r', '\u001b']) {
        term.press(key);
        await sleep(40);
      }
      await sleep(500);
      expect(tree(dir)).toEqual(before);
      expect(touched.slice(quietFrom)).toEqual([]);

      // Cleanup, as TeamDelete does it: the dashboard sees the team end, and still writes nothing.
      writer.trace('remove', join(dir, 'teams', DEMO_TEAM));
      writer.trace('remove', join(dir, 'tasks', DEMO_TEAM));
      rmSync(join(dir, 'teams', DEMO_TEAM), { recursive: true });
      rmSync(join(dir, 'tasks', DEMO_TEAM), { recursive: true });
      await term.waitForText('ended');
      term.press('q');
      expect(await term.waitForExit()).toBe(0);
      // Everything inotify told of the run has been taken in once it tells of a folder made after it.
      const barrier = join(dir, 'barrier');
      writer.trace('mkdir', barrier);
      mkdirSync(barrier);
      await waitFor(() => expect(touched).toContain('barrier'));
      writer.expectMatches(tree(dir));
    } finally {
      recorder.close();
    }
    // Every name that appeared under the dir, even for a moment, is one the writer made.
    const strangers = [...new Set(touched)].filter((name) => !writer.made.has(name));
    expect(strangers).toEqual([]);
    expect(touched.length).toBeGreaterThan(100);
    // Locks: each of the writer's was made and removed once (two events); a reader taking the
    // same lock would add two more.
    const events = new Map<string, number>();
    for (const name of touched) if (writer.locks.has(name)) events.set(name, (events.get(name) ?? 0) + 1);
    expect(Object.fromEntries(events)).toEqual(Object.fromEntries([...writer.locks].map(([name, made]) => [name, made * 2])));
  });
});

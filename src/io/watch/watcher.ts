/**
 * The chokidar adapter: file-system events under the config dir in, typed file events out, until the
 * signal aborts. chokidar's `change` drops a path that changed in its last 50 ms, so its unthrottled `raw`
 * events trigger the reads. What can go wrong and what happens then: docs/internals/watching.md.
 */
import { basename, dirname, join, relative as relativePath, resolve, sep } from 'node:path';
import type { FSWatcher, watch as chokidarWatch } from 'chokidar';
import { classifyFile, classifyFolder, isWatchable } from '../../core/model/paths.js';
import type { EventReader, FileEvent } from './events.js';
import { dirState, gone, nearestExisting } from './probe.js';
import { contentsOf } from './scan.js';
import { Mode } from './watch-mode.js';

export interface WatchOptions {
  readonly claudeDir: string;
  readonly reader: EventReader;
  readonly signal: AbortSignal;
  /** chokidar's `watch`, or a stand-in (tests inject watcher errors through it). */
  readonly watch?: Watch;
  /** How often to look for changes once polling (ms). */
  readonly pollMs?: number;
}

type Watch = typeof chokidarWatch;
type Ending = 'lost' | 'poll' | 'rewatch' | 'aborted';

/** How often the config dir itself is checked for removal or replacement, as a backstop to its events. */
const ROOT_CHECK_MS = 2000;

/** When a new folder is read again (ms after it appeared): chokidar misses what is made before it watches it (chokidar#1471). */
const RELIST_AFTER_MS = [0, 10, 20, 40, 80, 160, 320, 640, 1280];

// chokidar watches a missing path's parent only after `ready`, missing a folder made meanwhile: watch the nearest existing ancestor.
async function untilFolder(dir: string, watch: Watch, mode: Mode, signal: AbortSignal, watching: () => void): Promise<void> {
  while (!signal.aborted && dirState(dir).kind !== 'folder') {
    const ancestor = nearestExisting(dir);
    await new Promise<void>((resolve) => {
      const watcher = watch(ancestor, { depth: 0, ignoreInitial: true, ...mode.chokidarOptions() });
      const done = () => {
        signal.removeEventListener('abort', done);
        void watcher.close().then(resolve, resolve);
      };
      const check = () => {
        if (dirState(dir).kind === 'folder' || nearestExisting(dir) !== ancestor) done();
      };
      // Any event may be the one: a file replaced by a folder reads as a mere change of the file.
      watcher.on('all', check);
      watcher.on('raw', check);
      watcher.on('error', (error: unknown) => {
        if (mode.failed(error)) done();
      });
      watcher.on('ready', () => {
        watching();
        check();
      });
      signal.addEventListener('abort', done, { once: true });
    });
  }
}

/** Resolves once changes (or the dir's creation) are watched; watching goes on over the dir's removal and replacement. */
export async function watchClaudeDir(options: WatchOptions): Promise<void> {
  const watch = options.watch ?? (await import('chokidar')).watch;
  const { signal } = options;
  const send = (events: FileEvent[]) => {
    if (!signal.aborted) options.reader.take(events);
  };
  const mode = new Mode(options.pollMs ?? 250, send);
  await new Promise<void>((watching, failed) => {
    const run = async () => {
      let state = dirState(options.claudeDir).kind;
      if (state !== 'folder') send([{ kind: 'resync' }, { kind: 'dir', state }]);
      while (!signal.aborted) {
        await untilFolder(options.claudeDir, watch, mode, signal, watching);
        if (signal.aborted) return;
        // Said even when it was a folder as watching began: the start-up scan may have found it missing just before it was made.
        send([{ kind: 'dir', state: 'folder' }]);
        const ending = await follow(options, watch, mode, send, watching);
        if (signal.aborted) return;
        send([{ kind: 'resync' }]);
        state = ending === 'poll' ? 'folder' : dirState(options.claudeDir).kind;
        if (state !== 'folder') send([{ kind: 'dir', state }]);
      }
    };
    run().then(() => watching(), failed);
  });
}

/** Watch until the dir is lost, or watching must start over polling or afresh ('rewatch': chokidar dropped a folder it could not list). */
async function follow(
  options: WatchOptions,
  watch: Watch,
  mode: Mode,
  send: (events: FileEvent[]) => void,
  watching: () => void,
): Promise<Ending> {
  const { claudeDir, reader, signal } = options;
  const root = dirState(claudeDir);
  // Asked for every path chokidar looks at (its `ignored`) and every event: a path under the dir is cut, not resolved.
  const under = `${claudeDir}${sep}`;
  const toRelative = (path: string): string =>
    (path.startsWith(under) ? path.slice(under.length) : relativePath(claudeDir, path)).split(sep).join('/');

  const watcher: FSWatcher = watch(claudeDir, {
    ignoreInitial: true,
    ignored: (path: string) => !isWatchable(toRelative(path)),
    ...mode.chokidarOptions(),
  });

  let end: (how: Ending) => void = () => undefined;
  const ended = new Promise<Ending>((resolve) => {
    end = resolve;
  });
  const abort = () => end('aborted');
  signal.addEventListener('abort', abort, { once: true });

  const checkRoot = () => {
    const state = dirState(claudeDir);
    if (state.kind !== 'folder' || (root.kind === 'folder' && (state.ino !== root.ino || state.born !== root.born))) end('lost');
  };
  const rootCheck = setInterval(checkRoot, ROOT_CHECK_MS);
  rootCheck.unref();

  // `teams/` or `tasks/` itself appeared, went or was replaced: a rescan tells what that changed.
  let rescanning = false;
  const rescanSoon = () => {
    if (rescanning) return;
    rescanning = true;
    setImmediate(() => {
      rescanning = false;
      if (signal.aborted) return;
      const unlisted = reader.unlistedFolders();
      send([{ kind: 'resync' }]);
      const listed = reader.unlistedFolders();
      if ([...unlisted].some((folder) => !listed.has(folder))) end('rewatch');
    });
  };
  // Anything else at the top (Claude Code appends to history.jsonl on every prompt) is none of teamtop's business.
  const onTopLevel = (relative: string) => {
    if (relative === '' || relative === '.') checkRoot();
    else if (relative === 'teams' || relative === 'tasks') rescanSoon();
  };

  /** Reads a new folder now, and has chokidar watch each folder in it made in its gap (see RELIST_AFTER_MS). */
  const relist = (folder: string) => {
    if (signal.aborted || watcher.closed) return;
    send([{ kind: 'unreported', path: folder }]);
    const watched = watcher.getWatched();
    const added: string[] = [];
    for (const inner of contentsOf(claudeDir, folder).folders) {
      const path = resolve(claudeDir, inner);
      if (watched[dirname(path)]?.includes(basename(path)) || added.some((above) => inner.startsWith(`${above}/`))) continue;
      watcher.add(path);
      added.push(inner);
      appeared(inner);
    }
  };
  const relisting = new Set<string>();
  const relistLater = (folder: string) => {
    if (relisting.has(folder)) return;
    relisting.add(folder);
    RELIST_AFTER_MS.forEach((delay, i) => {
      setTimeout(() => {
        if (i === RELIST_AFTER_MS.length - 1) relisting.delete(folder);
        relist(folder);
      }, delay).unref();
    });
  };
  const appeared = (folder: string) => {
    relistLater(folder);
    send([{ kind: 'folder-added', path: folder }]);
  };
  watcher.on('raw', (_event, name, details) => {
    const watched = (details as { watchedPath?: string } | undefined)?.watchedPath;
    if (!watched) return;
    const own = toRelative(watched);
    if (own === '') {
      checkRoot();
      if (name) onTopLevel(toRelative(join(watched, name)));
    }
    // A watch on a file names the file itself; a watch on a folder, the folder and the entry in it.
    if (classifyFile(own)) send([{ kind: 'changed', path: own }]);
    else if (name) {
      const entry = toRelative(join(watched, name));
      send([{ kind: 'changed', path: entry }]);
      if (!classifyFile(entry) && isWatchable(entry)) {
        // A new folder is read now, before chokidar looks inside. One that went may have gone before
        // chokidar looked (then it never says so): a rescan does.
        const state = dirState(join(watched, name)).kind;
        if (state === 'folder') appeared(entry);
        else if (state === 'missing' && classifyFolder(entry)) rescanSoon();
      }
    }
  });
  watcher.on('add', (path: string) => {
    const relative = toRelative(path);
    onTopLevel(relative);
    send([{ kind: 'changed', path: relative }]);
  });
  watcher.on('change', (path: string) => send([{ kind: 'changed', path: toRelative(path) }]));
  watcher.on('unlink', (path: string) => {
    const relative = toRelative(path);
    onTopLevel(relative);
    if (gone(path)) send([{ kind: 'removed', path: relative }]);
  });
  watcher.on('addDir', (path: string) => {
    const folder = toRelative(path);
    onTopLevel(folder);
    if (folder !== '' && folder !== '.') appeared(folder);
  });
  watcher.on('unlinkDir', (path: string) => {
    const folder = toRelative(path);
    onTopLevel(folder);
    if (gone(path)) send([{ kind: 'folder-gone', path: folder }]);
  });
  watcher.on('error', (error: unknown) => {
    if (mode.failed(error)) end('poll');
  });

  const ready = await Promise.race([new Promise<'ready'>((resolve) => watcher.once('ready', () => resolve('ready'))), ended]);
  if (ready === 'ready') {
    send([{ kind: 'resync' }]);
    watching();
    checkRoot();
  }
  const how = await ended;
  clearInterval(rootCheck);
  signal.removeEventListener('abort', abort);
  await watcher.close();
  return how;
}

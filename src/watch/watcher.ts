/**
 * The chokidar adapter: file-system events under the config dir in, observations
 * out (through the loader), until the signal aborts.
 *
 * chokidar drops a `change` for a path that had one in the last 50 ms, so a
 * message written and deleted within that window, or the last write of a burst,
 * would never be seen. Its `raw` event carries every underlying fs.watch event
 * unthrottled: those trigger the reads, and chokidar's own events handle files
 * and folders appearing and disappearing.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative as relativePath, sep } from 'node:path';
import type { watch as chokidarWatch } from 'chokidar';
import type { Observation } from '../domain/observation.js';
import { classifyFile, classifyFolder, isWatchable } from '../domain/paths.js';
import type { Loader } from './loader.js';
import { rescan } from './scan.js';

export interface WatchOptions {
  readonly claudeDir: string;
  readonly loader: Loader;
  readonly emit: (observations: Observation[]) => void;
  /** Team and task folders the start-up scan found. */
  readonly folders: readonly string[];
  readonly signal: AbortSignal;
  readonly now?: () => number;
}

type Watch = typeof chokidarWatch;

function nearestExisting(path: string): string {
  let current = path;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

/**
 * Resolve once `dir` exists. chokidar can watch a missing path, but it starts
 * watching the parent only after it reports ready, so a folder created in that
 * gap would never be seen: watch the nearest existing ancestor instead.
 */
async function untilExists(dir: string, watch: Watch, signal: AbortSignal, watching: () => void): Promise<void> {
  while (!signal.aborted && !existsSync(dir)) {
    const ancestor = nearestExisting(dir);
    await new Promise<void>((resolve) => {
      const watcher = watch(ancestor, { depth: 0, ignoreInitial: true });
      const done = () => {
        signal.removeEventListener('abort', done);
        void watcher.close().then(resolve, resolve);
      };
      watcher.on('addDir', done);
      watcher.on('error', done);
      watcher.on('ready', () => {
        watching();
        if (existsSync(dir) || nearestExisting(dir) !== ancestor) done();
      });
      signal.addEventListener('abort', done, { once: true });
    });
  }
}

/**
 * Start watching. Resolves once changes are being watched: the config dir's
 * watcher is ready and the gap since the scan is closed, or, while the dir does
 * not exist yet, its creation is being watched for.
 */
export async function watchClaudeDir(options: WatchOptions): Promise<void> {
  const { watch } = await import('chokidar');
  await new Promise<void>((watching, failed) => {
    untilExists(options.claudeDir, watch, options.signal, watching)
      .then(() => (options.signal.aborted ? undefined : follow(options, watch)))
      .then(watching, failed);
  });
}

async function follow(options: WatchOptions, watch: Watch): Promise<void> {
  const { claudeDir, loader, emit, signal } = options;
  const now = options.now ?? Date.now;

  const toRelative = (path: string): string => relativePath(claudeDir, path).split(sep).join('/');
  const knownFolders = new Set(options.folders);
  const send = (observations: Observation[]) => {
    if (observations.length > 0 && !signal.aborted) emit(observations);
  };

  const watcher = watch(claudeDir, {
    ignoreInitial: true,
    ignored: (path: string) => !isWatchable(toRelative(path)),
  });
  signal.addEventListener('abort', () => void watcher.close(), { once: true });

  watcher.on('raw', (_event, name, details) => {
    const watched = (details as { watchedPath?: string } | undefined)?.watchedPath;
    if (!watched) return;
    const own = toRelative(watched);
    if (classifyFile(own)) loader.touch(own);
    else if (name) loader.touch(toRelative(join(watched, name)));
  });
  watcher.on('add', (path: string) => loader.touch(toRelative(path)));
  watcher.on('change', (path: string) => loader.touch(toRelative(path)));
  watcher.on('unlink', (path: string) => send(loader.remove(toRelative(path))));
  watcher.on('addDir', (path: string) => {
    const folder = toRelative(path);
    const target = classifyFolder(folder);
    if (!target || knownFolders.has(folder)) return;
    knownFolders.add(folder);
    send([{ kind: 'folder', target, at: now() }]);
  });
  watcher.on('unlinkDir', (path: string) => {
    const folder = toRelative(path);
    const target = classifyFolder(folder);
    if (!target || !knownFolders.delete(folder)) return;
    send([{ kind: 'folder-gone', target, at: now() }]);
  });
  watcher.on('error', (error: unknown) => {
    send([{ kind: 'problem', path: '.', message: `watcher: ${(error as Error).message ?? String(error)}`, at: now() }]);
  });

  await new Promise<void>((resolve) => {
    watcher.once('ready', resolve);
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  if (!signal.aborted) send(rescan(claudeDir, loader, knownFolders, now()));
}

/**
 * The sessions' files' own chokidar, on the project folders of the teams known and on `sessions/`, never on
 * the whole `projects/` tree (a user's holds thousands of sessions). See docs/internals/watching.md.
 */
import { watch as watchFolder, type FSWatcher as FolderWatch } from 'node:fs';
import { dirname, join, relative as relativePath, sep } from 'node:path';
import type { FSWatcher, watch as chokidarWatch } from 'chokidar';
import { classifySessionFile, PROJECTS, SESSIONS } from '../../../core/model/paths.js';
import type { FileEvent } from '../events.js';
import { dirState, gone } from '../probe.js';
import { Mode } from '../watch-mode.js';
import type { WatchSet } from './owners.js';

type Watch = typeof chokidarWatch;

const RELIST_AFTER_MS = [100, 1000];
/** How often missing folders are looked for besides their nearest folder's events (a file system whose watch says nothing). */
const MISSING_EVERY_MS = 2000;

export interface TranscriptWatchOptions {
  readonly claudeDir: string;
  readonly take: (events: FileEvent[]) => void;
  readonly signal: AbortSignal;
  /** chokidar's `watch`, or a stand-in. */
  readonly watch?: Watch;
  readonly pollMs?: number;
  /** How often missing folders are looked for besides their nearest folder's events. */
  readonly missingEveryMs?: number;
}

/** Whether the transcripts' watcher looks at a path (relative to the config dir) for the folders in `set`. */
export function transcriptWatchable(relative: string, set: WatchSet): boolean {
  const parts = relative.split('/').filter((part) => part !== '' && part !== '.');
  const [root, slug, third, fourth, fifth, ...rest] = parts;
  if (root === undefined) return true;
  if (root === SESSIONS) return slug === undefined || (third === undefined && (slug.endsWith('.json') || slug.endsWith('.key')));
  if (root !== PROJECTS || rest.length > 0) return false;
  if (slug === undefined) return true;
  const leads = set.get(slug);
  if (!leads) return false;
  if (third === undefined) return true;
  if (fourth === undefined) return third.endsWith('.jsonl') || leads.has(third);
  if (!leads.has(third) || fourth !== 'subagents') return false;
  return fifth === undefined || (fifth.startsWith('agent-') && (fifth.endsWith('.jsonl') || fifth.endsWith('.meta.json')));
}

const rootsOf = (set: WatchSet): Set<string> => new Set([SESSIONS, ...[...set.keys()].map((slug) => `${PROJECTS}/${slug}`)]);

export class TranscriptWatcher {
  private watcher: FSWatcher | undefined;
  private set: WatchSet = new Map();
  private roots = new Set<string>();
  /** Roots added while their folder was not there: chokidar never reports one that comes later. */
  private readonly missing = new Set<string>();
  private missingTimer: ReturnType<typeof setInterval> | undefined;
  /** The nearest folder there of each missing root, watched, by its path: its events say when a root may have come. */
  private readonly lookouts = new Map<string, FolderWatch>();
  private readonly mode: Mode;
  private closed = false;

  constructor(private readonly options: TranscriptWatchOptions) {
    this.mode = new Mode(options.pollMs ?? 250, options.take);
    options.signal.addEventListener('abort', () => this.close(), { once: true });
  }

  /** Watch the folders of `set` (and `sessions/`) from now on, and no others. */
  async follow(set: WatchSet): Promise<void> {
    if (this.closed || this.options.signal.aborted) return;
    const before = this.set;
    this.set = set;
    const watcher = this.watcher ?? (await this.open());
    if (this.closed) return;
    const roots = rootsOf(set);
    for (const root of this.roots) if (!roots.has(root)) watcher.unwatch(this.absolute(root));
    for (const root of this.missing) if (!roots.has(root)) this.missing.delete(root);
    for (const root of roots) {
      const slug = root.slice(PROJECTS.length + 1);
      // A lead session new to a folder already watched: chokidar looks inside its folder only when the root is added again.
      const grew = this.roots.has(root) && root !== SESSIONS && [...(set.get(slug) ?? [])].some((lead) => !before.get(slug)?.has(lead));
      if (grew) watcher.unwatch(this.absolute(root));
      if (!this.roots.has(root) || grew) {
        // A folder not there yet is looked for, not given to chokidar: its watch on the parent (the config dir)
        // would be shared with the team files' watcher, which then kept a dead one when the dir was made again.
        if (dirState(this.absolute(root)).kind !== 'folder') {
          this.missing.add(root);
          continue;
        }
        watcher.add(this.absolute(root));
        this.relistLater(root);
      }
    }
    this.roots = roots;
    this.awaitMissing();
  }

  /**
   * Looks for the missing roots until each is there (chokidar never reports a folder it was given before it existed): when
   * their nearest folder that is there says an entry on their way changed, and every few seconds besides.
   */
  private awaitMissing(): void {
    if (this.missing.size === 0) return this.stopAwaiting();
    this.watchNearest();
    if (this.missingTimer !== undefined) return;
    const every = this.mode.polling ? (this.options.pollMs ?? 250) : (this.options.missingEveryMs ?? MISSING_EVERY_MS);
    this.missingTimer = setInterval(() => this.lookForMissing(), every);
    this.missingTimer.unref();
  }

  private lookForMissing(): void {
    if (this.closed) return;
    for (const root of this.missing) {
      if (dirState(this.absolute(root)).kind !== 'folder') continue;
      this.missing.delete(root);
      this.watcher?.unwatch(this.absolute(root));
      this.watcher?.add(this.absolute(root));
      this.options.take([{ kind: 'unreported', path: root }]);
      this.relistLater(root);
    }
    this.awaitMissing();
  }

  /** Watches the nearest folder there of each missing root, for the names on the way to it (polling: none). */
  private watchNearest(): void {
    const wanted = new Map<string, Set<string>>();
    for (const root of this.mode.polling ? [] : this.missing) {
      let path = this.absolute(root);
      let name = '';
      while (path !== this.options.claudeDir && dirState(path).kind !== 'folder')
        [path, name] = [dirname(path), path.slice(dirname(path).length + 1)];
      wanted.set(path, (wanted.get(path) ?? new Set()).add(name));
    }
    for (const [path, lookout] of this.lookouts) if (!wanted.has(path)) this.stopWatching(path, lookout);
    let armed = false;
    for (const [path, names] of wanted) {
      if (this.lookouts.has(path)) continue;
      try {
        const lookout = watchFolder(path, { persistent: false }, (_event, name) => {
          if (name === null || names.has(name)) this.lookForMissing();
        });
        lookout.on('error', () => this.stopWatching(path, lookout));
        this.lookouts.set(path, lookout);
        armed = true;
      } catch {
        // The folder went meanwhile: the next look finds its parent.
      }
    }
    // Made while the watch was set up: looked for once more.
    if (armed) setImmediate(() => this.lookForMissing());
  }

  private stopWatching(path: string, lookout: FolderWatch): void {
    lookout.close();
    if (this.lookouts.get(path) === lookout) this.lookouts.delete(path);
  }

  private stopAwaiting(): void {
    clearInterval(this.missingTimer);
    this.missingTimer = undefined;
    for (const [path, lookout] of this.lookouts) this.stopWatching(path, lookout);
  }

  /** A folder just added is listed again once chokidar watches it: what was made meanwhile is never reported (chokidar#1471). */
  private relistLater(root: string): void {
    for (const delay of RELIST_AFTER_MS) {
      setTimeout(() => {
        if (!this.closed && this.roots.has(root)) this.options.take([{ kind: 'unreported', path: root }]);
      }, delay).unref();
    }
  }

  private absolute(relative: string): string {
    return join(this.options.claudeDir, relative);
  }

  private toRelative(path: string): string {
    const under = `${this.options.claudeDir}${sep}`;
    return (path.startsWith(under) ? path.slice(under.length) : relativePath(this.options.claudeDir, path)).split(sep).join('/');
  }

  private async open(): Promise<FSWatcher> {
    const watch = this.options.watch ?? (await import('chokidar')).watch;
    // Files are not watched (an append would be two events, each with a stat): their folder's raw events name them.
    const polling = this.mode.polling;
    const watcher = watch([], {
      ignoreInitial: true,
      depth: 3,
      ignored: (path: string) => {
        const relative = this.toRelative(path);
        return !transcriptWatchable(relative, this.set) || (!polling && classifySessionFile(relative) !== undefined);
      },
      ...this.mode.chokidarOptions(),
    });
    const send = (events: FileEvent[]) => {
      if (!this.closed) this.options.take(events);
    };
    const folder = (relative: string) => {
      if (transcriptWatchable(relative, this.set) && !classifySessionFile(relative)) send([{ kind: 'folder-added', path: relative }]);
    };
    watcher.on('raw', (event, name, details) => {
      const watched = (details as { watchedPath?: string } | undefined)?.watchedPath;
      if (!watched) return;
      const own = this.toRelative(watched);
      // A watch on a file (polling) names the file; a watch on a folder, the folder and the entry in it.
      if (classifySessionFile(own)) return send([{ kind: 'changed', path: own }]);
      if (!name) return;
      const path = join(watched, name);
      const entry = this.toRelative(path);
      // A file unwatched by chokidar (see `ignored`) is said gone here: a rename is a file made, moved or removed.
      if (classifySessionFile(entry)) send([{ kind: event === 'rename' && gone(path) ? 'removed' : 'changed', path: entry }]);
      else if (dirState(path).kind === 'folder') folder(entry);
    });
    watcher.on('add', (path: string) => send([{ kind: 'changed', path: this.toRelative(path) }]));
    watcher.on('change', (path: string) => send([{ kind: 'changed', path: this.toRelative(path) }]));
    watcher.on('unlink', (path: string) => {
      if (gone(path)) send([{ kind: 'removed', path: this.toRelative(path) }]);
    });
    watcher.on('addDir', (path: string) => folder(this.toRelative(path)));
    watcher.on('error', (error: unknown) => {
      if (this.mode.failed(error)) void this.reopen();
    });
    this.watcher = watcher;
    return watcher;
  }

  private async reopen(): Promise<void> {
    const old = this.watcher;
    this.watcher = undefined;
    this.roots = new Set();
    this.missing.clear();
    this.stopAwaiting();
    await old?.close();
    await this.follow(this.set);
  }

  private close(): void {
    this.closed = true;
    this.stopAwaiting();
    void this.watcher?.close();
    this.watcher = undefined;
  }
}

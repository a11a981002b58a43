/**
 * The one reader of the config dir: the start-up scan, then the watcher's events, into observations.
 * It knows what exists and what was read; the watcher only says where something happened.
 */
import { batching, DIR_PROBLEM, type Observation } from '../../core/model/observation.js';
import { classifyFile, classifyFolder } from '../../core/model/paths.js';
import { append } from '../../core/model/lists.js';
import type { EventReader, FileEvent } from './events.js';
import { Loader, type LoaderOptions } from './loader.js';
import { dirState } from './probe.js';
import { contentsOf, listTeamFiles, unlistedOwn } from './scan.js';

/** Problems are keyed by path: this one is about the watcher (DIR_PROBLEM, the config dir). */
const WATCHER_PROBLEM = 'watcher';

interface ReaderOptions extends LoaderOptions {
  /** What chose the config dir (`--dir`, `CLAUDE_CONFIG_DIR`, the default), said when it is not a folder. */
  readonly dirChosenBy?: string;
}

export class Reader implements EventReader {
  private readonly loader: Loader;
  private readonly folders = new Set<string>();
  private folderProblems: ReadonlyMap<string, string> = new Map();
  /** The config dir was a folder once: its going is news, where its absence at start is not. */
  private dirSeen = false;
  /** What was last said of a config dir that was never a folder (the scan and the watcher both look). */
  private dirSaid: 'missing' | 'file' | undefined;
  private readonly now: () => number;

  constructor(private readonly options: ReaderOptions) {
    this.now = options.now ?? Date.now;
    this.loader = new Loader(options);
  }

  /** Read everything, handing each file's observations over at once (so its text can go); returns the folders found. */
  scan(): string[] {
    const { claudeDir, emit } = this.options;
    const now = this.now();
    const state = dirState(claudeDir).kind;
    this.dirSeen = state === 'folder';
    // Not there, or not a folder: said at once, so a mistyped --dir never looks like a dir with no teams yet.
    if (!this.dirSeen) emit(this.dirIs(state, now));
    const { folders, files, problems } = listTeamFiles(claudeDir);
    for (const folder of folders) this.folders.add(folder);
    emit(folders.map((folder) => ({ kind: 'folder', target: classifyFolder(folder)!, at: now })));
    emit(this.listed(problems, now));
    const batches = batching(emit);
    for (const file of files) batches.add(this.loader.readNow(file));
    batches.flush();
    return folders;
  }

  /** The watcher's events. Files are read at the end of the tick (a burst of events for one is one read); the rest is said at once. */
  take(events: readonly FileEvent[]): void {
    const observations: Observation[] = [];
    for (const event of events) append(observations, this.observe(event));
    if (observations.length > 0) this.options.emit(observations);
  }

  /** Read now the files whose change is known and not read yet: before any transcript's slice (the inbox comes first). */
  readQueued(): void {
    this.loader.readQueued();
  }

  unlistedFolders(): ReadonlySet<string> {
    return new Set(this.folderProblems.keys());
  }

  /** Resolves when nothing read is waiting to be read again (a torn file) or proven (an append taken on trust). */
  settled(): Promise<void> {
    return this.loader.settled();
  }

  close(): void {
    this.loader.close();
  }

  private observe(event: FileEvent): Observation[] {
    const at = this.now();
    switch (event.kind) {
      case 'changed':
        this.loader.touch(event.path);
        return [];
      case 'removed':
        return this.loader.remove(event.path);
      case 'folder-added': {
        // A folder named like a team file: the loader says what is wrong with it.
        if (classifyFile(event.path)) this.loader.touch(event.path);
        const target = classifyFolder(event.path);
        if (!target || this.folders.has(event.path)) return [];
        this.folders.add(event.path);
        return [{ kind: 'folder', target, at }];
      }
      case 'folder-gone': {
        const observations = classifyFile(event.path) ? this.loader.remove(event.path) : [];
        const target = classifyFolder(event.path);
        if (target && this.folders.delete(event.path)) observations.push({ kind: 'folder-gone', target, at });
        return observations;
      }
      case 'unreported':
        for (const file of contentsOf(this.options.claudeDir, event.path).files) this.loader.touch(file);
        return [];
      case 'resync':
        return this.rescan(at);
      case 'dir':
        return this.dirIs(event.state, at);
      case 'watcher-trouble':
        return [{ kind: 'problem', path: WATCHER_PROBLEM, message: event.message, at }];
    }
  }

  /** Compare the disk with what is known. What a folder that cannot be listed held is kept: it may well still be there. */
  private rescan(at: number): Observation[] {
    const { folders, files, problems, unlisted } = listTeamFiles(this.options.claudeDir);
    const observations = this.listed(problems, at);
    for (const folder of folders) {
      if (this.folders.has(folder)) continue;
      this.folders.add(folder);
      observations.push({ kind: 'folder', target: classifyFolder(folder)!, at });
    }
    for (const file of files) append(observations, this.loader.readNow(file));
    const present = new Set(files);
    for (const file of this.loader.knownFiles())
      if (!present.has(file) && !unlistedOwn(file, unlisted)) append(observations, this.loader.remove(file, false));
    const stillThere = new Set(folders);
    for (const folder of this.folders) {
      if (stillThere.has(folder) || unlistedOwn(folder, unlisted)) continue;
      this.folders.delete(folder);
      observations.push({ kind: 'folder-gone', target: classifyFolder(folder)!, at });
    }
    return observations;
  }

  /** Problems for folders newly unlisted (or for a new reason), and the end of those listed again. */
  private listed(problems: ReadonlyMap<string, string>, at: number): Observation[] {
    const observations: Observation[] = [];
    for (const [path, message] of problems) {
      if (this.folderProblems.get(path) !== message) observations.push({ kind: 'problem', path, message, at });
    }
    for (const path of this.folderProblems.keys()) if (!problems.has(path)) observations.push({ kind: 'problem-gone', path });
    this.folderProblems = new Map(problems);
    return observations;
  }

  private dirIs(state: 'folder' | 'missing' | 'file', at: number): Observation[] {
    const { claudeDir, dirChosenBy } = this.options;
    if (state === 'folder') {
      this.dirSeen = true;
      return [{ kind: 'problem-gone', path: DIR_PROBLEM }];
    }
    const problem = (message: string): Observation[] => [{ kind: 'problem', path: DIR_PROBLEM, message: `${claudeDir} ${message}`, at }];
    if (this.dirSeen) return problem('was removed: waiting for it to come back');
    if (this.dirSaid === state) return [];
    this.dirSaid = state;
    const chosen = dirChosenBy ? ` (${dirChosenBy})` : '';
    return problem(state === 'file' ? `is a file, not a folder${chosen}` : `does not exist${chosen}`);
  }
}

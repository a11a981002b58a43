/**
 * The start-up scan: every team folder, config, inbox and task file, read once
 * and synchronously so the first frame can show them. The watcher takes over
 * from there; `rescan` closes the gap between this scan and the watcher's start.
 */
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { batching, type Observation } from '../domain/observation.js';
import { classifyFile, classifyFolder, isWatchable } from '../domain/paths.js';
import type { Loader } from './loader.js';
import { append } from '../domain/lists.js';

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

const FOLDER_ERRORS: Readonly<Record<string, string>> = {
  EACCES: 'cannot list: permission denied',
  EPERM: 'cannot list: permission denied',
  ENOTDIR: 'is a file, not a folder',
  ELOOP: 'cannot list: a loop of symbolic links',
};

/** Listing errors that say the folder is not there (or is not a folder): what it held is gone. */
const GONE = new Set(['ENOENT', 'ENOTDIR']);

interface Listing {
  readonly folders: string[];
  readonly files: string[];
  /** Folders that could not be listed, and why. */
  readonly problems: Map<string, string>;
  /**
   * Those of them that may well still hold what they held (permission denied,
   * out of file descriptors): not listing them says nothing about their teams.
   */
  readonly unlisted: Set<string>;
}

/** Relative paths of every file and folder teamtop reads, as they are now, and the folders that cannot be listed. */
export function listTeamFiles(claudeDir: string): Listing {
  const listing: Listing = { folders: [], files: [], problems: new Map(), unlisted: new Set() };
  const { folders, files, problems } = listing;
  // Missing, or a file: the watcher says so; there is nothing in it to list.
  if (!isFolder(claudeDir)) return listing;
  const list = (relative: string): Dirent[] => {
    try {
      return readdirSync(join(claudeDir, relative), { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code !== 'ENOENT') problems.set(relative, FOLDER_ERRORS[code] ?? `cannot list: ${(error as Error).message}`);
      if (!GONE.has(code)) listing.unlisted.add(relative);
      return [];
    }
  };
  // Whatever is named like a team file is read, folders and links included:
  // the loader says what is wrong with one that is not a readable file.
  const addFiles = (relativeDir: string) => {
    for (const entry of list(relativeDir)) {
      const relative = `${relativeDir}/${entry.name}`;
      if (classifyFile(relative)) files.push(relative);
    }
  };
  for (const root of ['teams', 'tasks'] as const) {
    for (const entry of list(root)) {
      const folder = `${root}/${entry.name}`;
      // A team in one file (`teams/<team>.json`), whatever it turns out to be.
      if (classifyFile(folder)?.kind === 'team-file') {
        files.push(folder);
        continue;
      }
      if (!(entry.isDirectory() || entry.isSymbolicLink()) || !classifyFolder(folder)) continue;
      folders.push(folder);
      if (root === 'teams') {
        files.push(`${folder}/config.json`);
        addFiles(`${folder}/inboxes`);
        continue;
      }
      for (const inside of list(folder)) {
        const relative = `${folder}/${inside.name}`;
        if (classifyFile(relative)) files.push(relative);
        // A member's folder of per-agent records (task-status.json, output.log, artifacts/), or a link to one.
        else if ((inside.isDirectory() || (inside.isSymbolicLink() && isFolder(join(claudeDir, relative)))) && !inside.name.startsWith('.'))
          addFiles(relative);
      }
    }
  }
  return listing;
}

/** Whether `path` is, or is inside, a folder that could not be listed. */
function unlistedOwn(path: string, unlisted: ReadonlySet<string>): boolean {
  for (let end = path.length; end > 0; end = path.lastIndexOf('/', end - 1)) if (unlisted.has(path.slice(0, end))) return true;
  return false;
}

/** The files teamtop reads in one folder and the folders it watches below it, as they are now. */
export function contentsOf(claudeDir: string, folder: string): { files: string[]; folders: string[] } {
  const files: string[] = [];
  const folders: string[] = [];
  const walk = (relative: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(join(claudeDir, relative), { withFileTypes: true });
    } catch {
      return; // Gone again, or not a folder: the watcher says so.
    }
    for (const entry of entries) {
      const path = `${relative}/${entry.name}`;
      if (classifyFile(path)) files.push(path);
      else if (entry.isDirectory() && isWatchable(path)) {
        folders.push(path);
        walk(path);
      }
    }
  };
  walk(folder);
  return { files, folders };
}

/**
 * Read everything, handing over what each file shows as soon as it is read: a
 * big team's inboxes are megabytes each, and each text can go once it is handed over.
 * Returns the team and task folders found.
 */
export function scan(claudeDir: string, loader: Loader, now: number, emit: (observations: Observation[]) => void): string[] {
  const { folders, files, problems } = listTeamFiles(claudeDir);
  emit(folders.map((folder) => ({ kind: 'folder', target: classifyFolder(folder)!, at: now })));
  emit(loader.listed(problems, now));
  const batches = batching(emit);
  for (const file of files) batches.add(loader.readNow(file));
  batches.flush();
  return folders;
}

/**
 * Compare the disk with what the loader knows: re-read what changed, report what
 * disappeared, and bring `knownFolders` up to date. Cheap when nothing changed
 * (a stat per file).
 */
export function rescan(claudeDir: string, loader: Loader, knownFolders: Set<string>, now: number): Observation[] {
  const { folders, files, problems, unlisted } = listTeamFiles(claudeDir);
  const observations: Observation[] = loader.listed(problems, now);
  for (const folder of folders) {
    if (knownFolders.has(folder)) continue;
    knownFolders.add(folder);
    observations.push({ kind: 'folder', target: classifyFolder(folder)!, at: now });
  }
  for (const file of files) append(observations, loader.readNow(file));
  const present = new Set(files);
  for (const file of loader.knownFiles())
    if (!present.has(file) && !unlistedOwn(file, unlisted)) append(observations, loader.remove(file, false));
  const stillThere = new Set(folders);
  for (const folder of knownFolders) {
    if (stillThere.has(folder) || unlistedOwn(folder, unlisted)) continue;
    knownFolders.delete(folder);
    observations.push({ kind: 'folder-gone', target: classifyFolder(folder)!, at: now });
  }
  return observations;
}

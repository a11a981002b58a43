// What there is to read under the config dir, listed synchronously so the first frame can show it.
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { classifyFile, classifyFolder, isWatchable } from '../../core/model/paths.js';
import { readErrorMessage } from '../read-file.js';

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Listing errors that say the folder is not there (or is not a folder): what it held is gone. */
const GONE = new Set(['ENOENT', 'ENOTDIR']);

interface Listing {
  readonly folders: string[];
  readonly files: string[];
  readonly problems: Map<string, string>;
  /** Those that may still hold what they held (permission denied, out of descriptors): say nothing of their teams. */
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
      if (code !== 'ENOENT') problems.set(relative, readErrorMessage(code, error, 'cannot list'));
      if (!GONE.has(code)) listing.unlisted.add(relative);
      return [];
    }
  };
  // Whatever is named like a team file is read, folders and links included: the loader says what is wrong with it.
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

export function unlistedOwn(path: string, unlisted: ReadonlySet<string>): boolean {
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

/**
 * The start-up scan: every team folder, config, inbox and task file, read once
 * and synchronously so the first frame can show them. The watcher takes over
 * from there; `rescan` closes the gap between this scan and the watcher's start.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import type { Observation } from '../domain/observation.js';
import { classifyFile, classifyFolder } from '../domain/paths.js';
import type { Loader } from './loader.js';

function list(path: string): Dirent[] {
  try {
    return readdirSync(path, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Relative paths of every file and folder teamtop reads, as they are now. */
export function listTeamFiles(claudeDir: string): { folders: string[]; files: string[] } {
  const folders: string[] = [];
  const files: string[] = [];
  const addFiles = (relativeDir: string) => {
    for (const entry of list(join(claudeDir, relativeDir))) {
      const relative = `${relativeDir}/${entry.name}`;
      if (entry.isFile() && classifyFile(relative)) files.push(relative);
    }
  };
  for (const root of ['teams', 'tasks'] as const) {
    for (const entry of list(join(claudeDir, root))) {
      const folder = `${root}/${entry.name}`;
      if (!entry.isDirectory() || !classifyFolder(folder)) continue;
      folders.push(folder);
      if (root === 'teams') {
        files.push(`${folder}/config.json`);
        addFiles(`${folder}/inboxes`);
      } else {
        addFiles(folder);
      }
    }
  }
  return { folders, files };
}

/**
 * Read everything, handing over what each file shows as soon as it is read: a
 * big team's inboxes are megabytes each, and each text can go once it is handed over.
 * Returns the team and task folders found.
 */
export function scan(claudeDir: string, loader: Loader, now: number, emit: (observations: Observation[]) => void): string[] {
  const { folders, files } = listTeamFiles(claudeDir);
  emit(folders.map((folder) => ({ kind: 'folder', target: classifyFolder(folder)!, at: now })));
  for (const file of files) {
    const observations = loader.readNow(file);
    if (observations.length > 0) emit(observations);
  }
  return folders;
}

/**
 * Compare the disk with what the loader knows: re-read what changed, report what
 * disappeared, and bring `knownFolders` up to date. Cheap when nothing changed
 * (a stat per file).
 */
export function rescan(claudeDir: string, loader: Loader, knownFolders: Set<string>, now: number): Observation[] {
  const { folders, files } = listTeamFiles(claudeDir);
  const observations: Observation[] = [];
  for (const folder of folders) {
    if (knownFolders.has(folder)) continue;
    knownFolders.add(folder);
    observations.push({ kind: 'folder', target: classifyFolder(folder)!, at: now });
  }
  for (const file of files) observations.push(...loader.readNow(file));
  const present = new Set(files);
  for (const file of loader.knownFiles()) if (!present.has(file)) observations.push(...loader.remove(file, false));
  const stillThere = new Set(folders);
  for (const folder of knownFolders) {
    if (stillThere.has(folder)) continue;
    knownFolders.delete(folder);
    observations.push({ kind: 'folder-gone', target: classifyFolder(folder)!, at: now });
  }
  return observations;
}

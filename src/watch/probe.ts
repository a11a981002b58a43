/**
 * What the watcher asks the disk itself, past what chokidar says: whether a
 * path is a folder (and which one), and whether a path reported removed is gone.
 */
import { lstatSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

type DirState = { readonly kind: 'folder'; readonly ino: number } | { readonly kind: 'missing' } | { readonly kind: 'file' };

export function dirState(path: string): DirState {
  try {
    const stats = statSync(path);
    return stats.isDirectory() ? { kind: 'folder', ino: stats.ino } : { kind: 'file' };
  } catch {
    return { kind: 'missing' };
  }
}

/**
 * Whether a path chokidar reports removed is gone. It also reports a folder's
 * contents removed when it can no longer list the folder (permission taken
 * away): those may well still be there.
 */
export function gone(path: string): boolean {
  try {
    lstatSync(path);
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR';
  }
}

/** The path, or the nearest of its ancestors that exists. */
export function nearestExisting(path: string): string {
  let current = path;
  while (dirState(current).kind === 'missing' && dirname(current) !== current) current = dirname(current);
  return current;
}

/**
 * What the watcher asks the disk itself, past what chokidar says: whether a
 * path is a folder (and which one), and whether a path reported removed is gone.
 */
import { lstatSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A folder is known by its inode and when it was made: a folder removed and
 * made again at once often gets the same inode number back (ext4 gave it every
 * time to realcc's `run.sh`, which does just that to a config dir), never the
 * same birth time. Where the file system keeps none, `born` is 0 on both.
 */
type DirState =
  { readonly kind: 'folder'; readonly ino: number; readonly born: number } | { readonly kind: 'missing' } | { readonly kind: 'file' };

export function dirState(path: string): DirState {
  try {
    const stats = statSync(path);
    return stats.isDirectory() ? { kind: 'folder', ino: stats.ino, born: stats.birthtimeMs } : { kind: 'file' };
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

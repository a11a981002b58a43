import { lstatSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** A folder is known by its inode and birth time: one removed and made again often gets its inode number back (ext4). */
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

/** Whether a path chokidar reports removed is gone: it also says so of what a folder it can no longer list holds. */
export function gone(path: string): boolean {
  try {
    lstatSync(path);
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR';
  }
}

export function nearestExisting(path: string): string {
  let current = path;
  while (dirState(current).kind === 'missing' && dirname(current) !== current) current = dirname(current);
  return current;
}

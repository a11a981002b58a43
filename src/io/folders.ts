// Folders made for teamtop's own files (the journal, the state, the compile cache), never in the config dir.
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

/** The nearest of `path` and its parents that is there and not a folder. */
function fileInTheWay(path: string): string {
  for (let current = path; dirname(current) !== current; current = dirname(current)) {
    try {
      if (!statSync(current).isDirectory()) return current;
    } catch {
      // Not there, or not reachable: look further up.
    }
  }
  return path;
}

function makeFolder(path: string, mode: number): 'made' | 'no parent' {
  try {
    mkdirSync(path, { mode });
    return 'made';
  } catch (error) {
    const code = codeOf(error);
    if (code === 'EEXIST' && statSync(path).isDirectory()) return 'made';
    if (code === 'ENOTDIR' || code === 'EEXIST') throw Object.assign(error as Error, { code: 'ENOTDIR', path: fileInTheWay(path) });
    if (code !== 'ENOENT' || dirname(path) === path) throw error;
    return 'no parent';
  }
}

/**
 * `mkdir -p`, one folder at a time. Node's recursive mkdir reports ENOENT for a read-only file system, and spins forever
 * where a parent is there but cannot hold a folder (under /proc, a dangling link): here the folder is tried once more
 * after its parent is made, and that answer is final.
 */
export function makeFolders(path: string, mode = 0o700): void {
  if (makeFolder(path, mode) === 'made') return;
  makeFolders(dirname(path), mode);
  if (makeFolder(path, mode) === 'no parent') throw Object.assign(new Error(`cannot make ${path}`), { code: 'ENOENT', path });
}

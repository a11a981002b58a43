/**
 * A small file of teamtop's own in its state dir (what the dashboard keeps
 * from one start to the next): read with a limit, as a regular file only (a
 * pipe or a folder put there is not waited on), and written whole or not at
 * all: a temporary file beside it, renamed over it.
 */
import { lstatSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeFolders } from './folders.js';
import { readErrorMessage, withRegularFile } from './read-file.js';

/** The file's JSON; `none` when it is not there; else why it cannot be taken. */
export type StateFileRead =
  { readonly kind: 'read'; readonly data: unknown } | { readonly kind: 'none' } | { readonly kind: 'bad'; readonly why: string };

/** Whether the file itself is there to be seen (its folders can be gone through). */
function reachable(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

export function readStateFile(path: string, maxBytes: number): StateFileRead {
  const read = withRegularFile(path, (fd, stats) => (stats.size > maxBytes ? null : readFileSync(fd, 'utf8')));
  if (read === null) return { kind: 'bad', why: `over ${maxBytes} bytes` };
  if (typeof read !== 'string') {
    // Not there, or a state dir this user cannot reach (teamtop run as another user): nothing kept to say anything of.
    if (read.code === 'ENOENT' || read.code === 'ENOTDIR' || (read.code === 'EACCES' && !reachable(path))) return { kind: 'none' };
    if (read.code === 'EISDIR') return { kind: 'bad', why: 'a folder' };
    if (read.code === 'ENOTFILE') return { kind: 'bad', why: 'not a regular file' };
    return { kind: 'bad', why: readErrorMessage(read.code, read.error) };
  }
  try {
    return { kind: 'read', data: JSON.parse(read) as unknown };
  } catch {
    return { kind: 'bad', why: 'not JSON' };
  }
}

/** Write `text` to `path` whole, readable by its owner only; false when it could not be (the reason is not worth a crash). */
export function writeStateFile(path: string, text: string): boolean {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    makeFolders(dirname(path));
    // Made new (O_EXCL): a link someone left at the temporary name is not followed.
    rmSync(temporary, { force: true });
    writeFileSync(temporary, text, { mode: 0o600, flag: 'wx' });
    renameSync(temporary, path);
    return true;
  } catch {
    rmSync(temporary, { force: true });
    return false;
  }
}

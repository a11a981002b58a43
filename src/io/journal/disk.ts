// Writing to a disk that may be read-only, full, over quota, or have a file where a folder should be.
import { constants, lstatSync, writeSync } from 'node:fs';
import { relative, sep } from 'node:path';

/** Writing it would take this run alone over the journal's size limit. */
export class LimitReached extends Error {}

/** Not blocking (a named pipe there would hang until read), and never through a symbolic link. */
export const OPEN_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK | constants.O_NOFOLLOW;

/** Write all of `bytes`: a write to a nearly full disk can write part of them and still succeed. */
export function writeAll(fd: number, bytes: Buffer): void {
  for (let written = 0; written < bytes.length;) {
    const count = writeSync(fd, bytes, written);
    if (count === 0) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    written += count;
  }
}

/** Refuse a link below `root` (which may itself be one): what is written or pruned there would be outside it. */
export function noLinksBelow(root: string, path: string): void {
  const parts = relative(root, path).split(sep).filter(Boolean);
  let current = root;
  for (const part of parts) {
    current = `${current}${sep}${part}`;
    if (lstatSync(current).isSymbolicLink()) throw Object.assign(new Error('a symbolic link'), { code: 'ELINK', path: current });
  }
}

const megabytes = (bytes: number): string => `${Number((bytes / (1024 * 1024)).toPrecision(3))} MB`;

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

export function whyNotWritten(error: unknown, path: string, maxBytes: number): string {
  if (error instanceof LimitReached) return `this run reached the journal's limit of ${megabytes(maxBytes)} (--journal-limit)`;
  const { path: failedPath } = error as NodeJS.ErrnoException;
  const code = codeOf(error);
  const where = failedPath ?? path;
  switch (code) {
    case 'EROFS':
      return `the file system is read-only (${where})`;
    case 'ENOSPC':
      return `the disk is full (${where})`;
    case 'EFBIG':
      return `the largest file size allowed is reached (ulimit -f; ${where})`;
    case 'EDQUOT':
      return `the disk quota is used up (${where})`;
    case 'EACCES':
    case 'EPERM':
      return `permission denied (${where})`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `a file is in the way of a folder (${where})`;
    case 'EISDIR':
    case 'ENXIO':
    case 'ENOTFILE':
      return `not a regular file (${where})`;
    case 'ELOOP':
    case 'ELINK':
      return `a symbolic link, which the journal does not follow (${where})`;
    default:
      return `cannot write (${error instanceof Error ? error.message : String(error)})`;
  }
}

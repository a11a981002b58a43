// Opening and reading a file that may turn out to be anything: a folder, a named pipe, a link loop, one we may not read.
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, type Stats } from 'node:fs';
import { join, sep } from 'node:path';

interface ReadFailure {
  readonly kind: 'failed';
  /** The system's, or EISDIR (a folder), ENOTFILE (a pipe, socket or device) or EOUTSIDE (a link out of `inside`). */
  readonly code: string;
  readonly error: unknown;
}

const codeOf = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? '';

const realFolders = new Map<string, string>();

function realFolder(folder: string, again: boolean): string {
  let real = realFolders.get(folder);
  if (real === undefined || again) {
    real = realpathSync.native(folder);
    realFolders.set(folder, real);
  }
  return real;
}

const within = (path: string, folder: string): boolean =>
  path === folder || path.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`);

/** Where `path` really is, when inside `folder`; the folder's own real path is looked up again (it may have been re-linked). */
export function realPathInside(path: string, folder: string): string | ReadFailure {
  let real: string;
  try {
    real = realpathSync.native(path);
    if (within(real, realFolder(folder, false)) || within(real, realFolder(folder, true))) return real;
  } catch (error) {
    return { kind: 'failed', code: codeOf(error), error };
  }
  return { kind: 'failed', code: 'EOUTSIDE', error: new Error('a link out of the folder read') };
}

/**
 * Run `read` on a regular file opened without blocking (a named pipe would hang). Given `inside`, a link out of
 * that folder is not opened: a link in the claude dir to a key or a password file is not ours to read or record.
 */
export function withRegularFile<T>(path: string, read: (fd: number, stats: Stats) => T, inside?: string): T | ReadFailure {
  let target = path;
  if (inside !== undefined) {
    const real = realPathInside(path, inside);
    if (typeof real !== 'string') return real;
    target = real;
  }
  let fd: number;
  try {
    // The real path, not followed again: a link put in its place since is refused (ELOOP).
    fd = openSync(target, constants.O_RDONLY | constants.O_NONBLOCK | (inside === undefined ? 0 : constants.O_NOFOLLOW));
  } catch (error) {
    return { kind: 'failed', code: codeOf(error), error };
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) return { kind: 'failed', code: 'EISDIR', error: new Error('is a folder') };
    if (!stats.isFile()) return { kind: 'failed', code: 'ENOTFILE', error: new Error('not a regular file') };
    return read(fd, stats);
  } catch (error) {
    return { kind: 'failed', code: codeOf(error), error };
  } finally {
    closeSync(fd);
  }
}

/** Read `length` bytes from `position` into `buffer` from its start; fewer when the file is shorter now. */
export function readAt(fd: number, buffer: Buffer, position: number, length: number): number {
  let read = 0;
  while (read < length) {
    const count = readSync(fd, buffer, read, length - read, position + read);
    if (count === 0) break;
    read += count;
  }
  return read;
}

const FAILURES: Readonly<Record<string, (verb: string) => string>> = {
  EACCES: (verb) => `${verb}: permission denied`,
  EPERM: (verb) => `${verb}: permission denied`,
  EISDIR: () => 'is a folder, not a file',
  ENOTFILE: () => 'is not a regular file (a pipe, socket or device)',
  EOUTSIDE: () => 'is a link to outside the claude dir: not followed',
  ENOTDIR: () => 'is a file, not a folder',
  ELOOP: (verb) => `${verb}: a loop of symbolic links`,
  ENAMETOOLONG: (verb) => `${verb}: the path is too long`,
};

/** What a failed read (or listing) says on the problems line. */
export function readErrorMessage(code: string, error: unknown, verb = 'cannot read'): string {
  return Object.hasOwn(FAILURES, code) ? FAILURES[code]!(verb) : `${verb}: ${(error as Error).message}`;
}

export interface Fingerprint {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
}

export const fingerprintOf = ({ size, mtimeMs, ino }: Stats): Fingerprint => ({ size, mtimeMs, ino });

const sameFingerprint = (a: Fingerprint | undefined, b: Stats): boolean =>
  a !== undefined && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;

type ReadResult =
  | { readonly kind: 'read'; readonly bytes: Buffer; readonly stats: Stats }
  | { readonly kind: 'unchanged' }
  /** Gone between the event and the read: the watcher's removal event follows. */
  | { readonly kind: 'gone' }
  | { readonly kind: 'unreadable'; readonly message: string };

const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/** A file's bytes unless its fingerprint is `known`, read into `scratch`: a fresh buffer for every inbox read is a stream of garbage. */
export function readIfChanged(
  claudeDir: string,
  relative: string,
  known: Fingerprint | undefined,
  maxBytes: number,
  scratch: (size: number) => Buffer,
): ReadResult {
  const result = withRegularFile(
    join(claudeDir, relative),
    (fd, stats): ReadResult => {
      if (sameFingerprint(known, stats)) return { kind: 'unchanged' };
      if (stats.size > maxBytes) {
        return {
          kind: 'unreadable',
          message: `not read: ${megabytes(stats.size)} is too big for a team file (the limit is ${megabytes(maxBytes)})`,
        };
      }
      const buffer = scratch(stats.size);
      return { kind: 'read', bytes: buffer.subarray(0, readAt(fd, buffer, 0, stats.size)), stats };
    },
    claudeDir,
  );
  if (result.kind !== 'failed') return result;
  // A folder on the way replaced by a file is the same as the file being gone.
  if (result.code === 'ENOENT' || result.code === 'ENOTDIR') return { kind: 'gone' };
  return { kind: 'unreadable', message: readErrorMessage(result.code, result.error) };
}

/**
 * Opening and reading a file that may turn out to be anything: a folder, a
 * named pipe, a link loop, one we may not read. Shared by the loader (team
 * files), the log follower (output logs) and `spec-check` (a spec file).
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

export interface ReadFailure {
  readonly kind: 'failed';
  /** The system's, or EISDIR (a folder) or ENOTFILE (a pipe, socket or device). */
  readonly code: string;
  readonly error: unknown;
}

const codeOf = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? '';

/**
 * Run `read` on a regular file, opened read-only and without blocking (a named
 * pipe where a file should be would otherwise hang until something wrote to
 * it), then close it. What went wrong instead, as a code.
 */
export function withRegularFile<T>(path: string, read: (fd: number, stats: Stats) => T): T | ReadFailure {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
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

const READ_ERRORS: Readonly<Record<string, string>> = {
  EACCES: 'cannot read: permission denied',
  EPERM: 'cannot read: permission denied',
  EISDIR: 'is a folder, not a file',
  ENOTFILE: 'is not a regular file (a pipe, socket or device)',
  ENOTDIR: 'is a file, not a folder',
  ELOOP: 'cannot read: a loop of symbolic links',
  ENAMETOOLONG: 'cannot read: the path is too long',
};

/** What a failed read says on the problems line. */
export function readErrorMessage(code: string, error: unknown): string {
  return READ_ERRORS[code] ?? `cannot read: ${(error as Error).message}`;
}

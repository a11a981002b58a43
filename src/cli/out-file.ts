/**
 * The file a command writes (`export --out`, `report --html`), opened one careful way: written whole beside it, then linked in;
 * never over a file without `--force`, never through a symbolic link; pipes and terminals are streams (docs/internals/cli.md).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, linkSync, lstatSync, openSync, renameSync, rmSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { sanitizeLine } from '../core/text/sanitize.js';

export interface Output {
  readonly fd: number;
  /** A file was there, and is replaced (`--force`). */
  readonly replaces: boolean;
  /** Done writing: the file is put in place (or the stream closed). */
  commit(): void;
  /** Writing failed: nothing is left of it (a stream is only closed). */
  abandon(): void;
}

export class OutputRefused extends Error {}

/** Why a file could not be written, in a user's words where the system's are cryptic. */
const WRITE_ERRORS: ReadonlyMap<string, (out: string) => string> = new Map([
  ['ENOENT', (out: string) => `there is no folder ${dirname(out)}`],
  ['ELOOP', () => 'it is a symbolic link (write to a path of its own)'],
  ['ENXIO', () => 'it is a named pipe that nothing is reading'],
  ['ENOTDIR', (out: string) => `a part of ${dirname(out)} is a file, not a folder`],
  ['EISDIR', () => 'it is a folder'],
  ['EACCES', () => 'permission denied'],
  ['EPERM', () => 'permission denied'],
]);

/** One line on why `out` could not be written (a missing folder, a full disk, a file there), and the exit status. */
export function cannotWrite(out: string, error: unknown): number {
  const code = (error as NodeJS.ErrnoException).code;
  const said = code === undefined ? undefined : WRITE_ERRORS.get(code)?.(out);
  const why = error instanceof OutputRefused ? error.message : (said ?? (error as Error).message);
  process.stderr.write(`teamtop: cannot write ${sanitizeLine(out)}: ${sanitizeLine(why)}\n`);
  return 1;
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A stream the user named (a pipe something reads, a terminal, `/dev/null`): written to as it is. */
function stream(out: string, fifo: boolean): Output {
  // Non-blocking first: a pipe nothing reads fails at once (ENXIO) rather than waiting for a reader.
  const probe = openSync(out, constants.O_WRONLY | constants.O_NOFOLLOW | (fifo ? constants.O_NONBLOCK : 0));
  let fd: number;
  try {
    const stats = fstatSync(probe);
    if (!stats.isFIFO() && !stats.isCharacterDevice()) throw new OutputRefused('it changed as it was opened');
    // A reader is there: written to as it reads, waiting when the pipe is full rather than failing.
    fd = fifo ? openSync(out, constants.O_WRONLY | constants.O_NOFOLLOW) : probe;
  } catch (error) {
    closeSync(probe);
    throw error;
  }
  if (fd !== probe) closeSync(probe);
  const close = closerOf(fd);
  return { fd, replaces: false, commit: close, abandon: close };
}

function closerOf(fd: number): () => void {
  let open = true;
  return () => {
    if (open) closeSync(fd);
    open = false;
  };
}

/** A file written next to `out`, then put in its place: linked (none there) or renamed over it (`replace`). */
function file(out: string, mode: number, replace: boolean): Output {
  const temp = join(dirname(out), `.${basename(out)}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
  const close = closerOf(fd);
  return {
    fd,
    replaces: replace,
    commit() {
      close();
      try {
        if (replace) renameSync(temp, out);
        else place(temp, out);
      } finally {
        rmSync(temp, { force: true });
      }
    },
    abandon() {
      close();
      rmSync(temp, { force: true });
    },
  };
}

/** `temp` put at `out`, where nothing is: a hard link fails (EEXIST) where a rename would replace what came meanwhile. */
function place(temp: string, out: string): void {
  try {
    linkSync(temp, out);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new OutputRefused('a file appeared there as it was written: give --force to replace it');
    // A file system without hard links: renamed, once more checked to be free.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EMLINK') throw error;
    if (lstatOrUndefined(out)) throw new OutputRefused('a file appeared there as it was written: give --force to replace it');
    renameSync(temp, out);
  }
}

/** The output at `out`, opened for writing; throws OutputRefused (or the system's error) when it may not be written. */
export function openOutput(out: string, { force, mode }: { readonly force: boolean; readonly mode: number }): Output {
  const there = lstatOrUndefined(out);
  if (!there) return file(out, mode, false);
  if (there.isSymbolicLink()) throw new OutputRefused('it is a symbolic link (write to a path of its own)');
  if (there.isDirectory()) throw new OutputRefused('it is a folder');
  if (there.isFIFO() || there.isCharacterDevice()) return stream(out, there.isFIFO());
  if (!there.isFile()) throw new OutputRefused(`it is ${there.isBlockDevice() ? 'a disk device' : 'a socket'}, not a file`);
  if (!force) throw new OutputRefused('a file is there already: give --force to replace it');
  return file(out, mode, true);
}

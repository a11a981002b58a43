import { closeSync, constants, fchmodSync, fstatSync, ftruncateSync, openSync, readSync, rmSync, statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { inertJsonText } from '../core/text/inert-json.js';
import { sanitizeLine } from '../core/text/sanitize.js';
import { teamRunFiles } from '../io/journal/sources.js';
import { writeAll } from '../io/journal/disk.js';
import { readErrorMessage, withRegularFile } from '../io/read-file.js';

export interface ExportOptions {
  readonly team: string;
  readonly out: string;
  readonly stateDir: string;
  readonly claudeDir: string;
}

/** Why a file could not be written, in a user's words where the system's are cryptic. */
const WRITE_ERRORS: Readonly<Record<string, (out: string) => string>> = {
  ENOENT: (out) => `there is no folder ${dirname(out)}`,
  ELOOP: () => 'it is a symbolic link (write the export to a path of its own)',
  ENXIO: () => 'it is a named pipe that nothing is reading',
  ENOTDIR: (out) => `a part of ${dirname(out)} is a file, not a folder`,
  EISDIR: () => 'it is a folder',
  EACCES: () => 'permission denied',
  EPERM: () => 'permission denied',
};

/** One line on why `out` could not be written (a missing folder, a full disk), and the exit status. */
export function cannotWrite(out: string, error: unknown): number {
  const why = WRITE_ERRORS[(error as NodeJS.ErrnoException).code ?? '']?.(out) ?? (error as Error).message;
  process.stderr.write(`teamtop: cannot write ${sanitizeLine(out)}: ${sanitizeLine(why)}\n`);
  return 1;
}

const CHUNK = 1 << 20;

const sameFile = (a: Stats, b: Stats): boolean => a.dev === b.dev && a.ino === b.ino;

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Copy a run file to `out`, a chunk at a time, made inert (journals written
 * before their lines were may hold raw controls). Throws what went wrong,
 * reading or writing.
 */
function copyRun(file: string, out: number): number {
  const copied = withRegularFile(file, (fd): { bytes: number } | { failed: unknown } => {
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.allocUnsafe(CHUNK);
    let bytes = 0;
    let last = '';
    const write = (text: string) => {
      if (text === '') return;
      const chunk = Buffer.from(inertJsonText(text));
      writeAll(out, chunk);
      bytes += chunk.length;
      last = text;
    };
    try {
      for (let count = readSync(fd, buffer, 0, CHUNK, null); count > 0; count = readSync(fd, buffer, 0, CHUNK, null))
        write(decoder.write(buffer.subarray(0, count)));
      write(decoder.end());
      // A run cut off mid-line still gets its own line end, so the next run starts cleanly.
      if (last !== '' && !last.endsWith('\n')) write('\n');
    } catch (error) {
      return { failed: error };
    }
    return { bytes };
  });
  if ('bytes' in copied) return copied.bytes;
  if ('failed' in copied) throw copied.failed;
  throw new Error(`${file} ${readErrorMessage(copied.code, copied.error)}`);
}

/**
 * The export's file, for writing. A symbolic link there is not followed (its
 * target could be anything the user may write); a named pipe with no reader
 * fails at once (ENXIO) instead of waiting; what was there is emptied and
 * made 0600, as a new file is: a journal holds what the team wrote.
 */
function openOut(out: string): number {
  const fd = openSync(out, constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o600);
  try {
    const stats = fstatSync(fd);
    if (stats.isFIFO()) {
      // A reader is there: written to as it reads, waiting when the pipe is full rather than failing.
      closeSync(fd);
      return openSync(out, constants.O_WRONLY | constants.O_NOFOLLOW);
    }
    if (stats.isFile()) {
      ftruncateSync(fd, 0);
      fchmodSync(fd, 0o600);
    }
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

/** One team's journal, every run of it, as one standalone recording. */
export function runExport({ team, out, stateDir, claudeDir }: ExportOptions): number {
  const shownTeam = sanitizeLine(team);
  const shownOut = sanitizeLine(out);
  const files = teamRunFiles(stateDir, claudeDir, team);
  if (files.length === 0) {
    process.stderr.write(`teamtop: no journal for a team named "${shownTeam}" (journals are in ${sanitizeLine(stateDir)})\n`);
    return 1;
  }
  // Opening it for writing would empty it before it is read.
  const existing = statOrUndefined(out);
  const own =
    existing &&
    files.find((file) => {
      const stats = statOrUndefined(file);
      return stats !== undefined && sameFile(stats, existing);
    });
  if (own) {
    process.stderr.write(
      `teamtop: --out ${shownOut} is one of the runs being exported (${sanitizeLine(own)}): write the export somewhere else\n`,
    );
    return 1;
  }
  let fd: number;
  try {
    fd = openOut(out);
  } catch (error) {
    return cannotWrite(out, error);
  }
  let bytes = 0;
  try {
    for (const file of files) bytes += copyRun(file, fd);
  } catch (error) {
    const regular = fstatSync(fd).isFile();
    closeSync(fd);
    // Half an export is no recording: remove it (unless it is a pipe or a device the user named).
    if (regular) rmSync(out, { force: true });
    process.stderr.write(`teamtop: export to ${shownOut} failed, nothing was written: ${sanitizeLine((error as Error).message)}\n`);
    return 1;
  }
  closeSync(fd);
  process.stdout.write(
    `teamtop: wrote ${files.length} run${files.length === 1 ? '' : 's'} of "${shownTeam}" (${bytes} bytes) to ${shownOut}\n`,
  );
  return 0;
}

import { readSync, statSync, type Stats } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { inertJsonText } from '../core/text/inert-json.js';
import { sanitizeLine } from '../core/text/sanitize.js';
import { teamRunFiles } from '../io/journal/sources.js';
import { writeAll } from '../io/journal/disk.js';
import { readErrorMessage, withRegularFile } from '../io/read-file.js';
import { cannotWrite, openOutput, type Output } from './out-file.js';

export interface ExportOptions {
  readonly team: string;
  readonly out: string;
  readonly stateDir: string;
  readonly claudeDir: string;
  /** Replace a file already at `out`. */
  readonly force?: boolean;
}

/** Readable by its owner only, as the journal is: an export holds the team's messages and files as they were written. */
const EXPORT_MODE = 0o600;

const CHUNK = 1 << 20;

const sameFile = (a: Stats, b: Stats): boolean => a.dev === b.dev && a.ino === b.ino;

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Copies a run file to `out` a chunk at a time, made inert (older journals may hold raw controls); throws what went wrong. */
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

/** One team's journal, every run of it, as one standalone recording. */
export function runExport({ team, out, stateDir, claudeDir, force = false }: ExportOptions): number {
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
  let output: Output;
  try {
    output = openOutput(out, { force, mode: EXPORT_MODE });
  } catch (error) {
    return cannotWrite(out, error);
  }
  let bytes = 0;
  try {
    for (const file of files) bytes += copyRun(file, output.fd);
    output.commit();
  } catch (error) {
    // Half an export is no recording: none of it is left (what was there stays).
    output.abandon();
    process.stderr.write(`teamtop: export to ${shownOut} failed, nothing was written: ${sanitizeLine((error as Error).message)}\n`);
    return 1;
  }
  const replaced = output.replaces ? ' (the file that was there is replaced)' : '';
  process.stdout.write(
    `teamtop: wrote ${files.length} run${files.length === 1 ? '' : 's'} of "${shownTeam}" (${bytes} bytes) to ${shownOut}${replaced}\n`,
  );
  return 0;
}

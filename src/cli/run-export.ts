import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { teamRunFiles } from '../journal/sources.js';

export interface ExportOptions {
  readonly team: string;
  readonly out: string;
  readonly stateDir: string;
  readonly claudeDir: string;
}

/** Why a file could not be written, in a user's words where the system's are cryptic. */
const WRITE_ERRORS: Readonly<Record<string, (out: string) => string>> = {
  ENOENT: (out) => `there is no folder ${dirname(out)}`,
  ENOTDIR: (out) => `a part of ${dirname(out)} is a file, not a folder`,
  EISDIR: () => 'it is a folder',
  EACCES: () => 'permission denied',
  EPERM: () => 'permission denied',
};

/** One line on why `out` could not be written (a missing folder, a full disk), and the exit status. */
function cannotWrite(out: string, error: unknown): number {
  const why = WRITE_ERRORS[(error as NodeJS.ErrnoException).code ?? '']?.(out) ?? (error as Error).message;
  process.stderr.write(`teamtop: cannot write ${out}: ${why}\n`);
  return 1;
}

/** One team's journal, every run of it, as one standalone recording. */
export function runExport({ team, out, stateDir, claudeDir }: ExportOptions): number {
  const files = teamRunFiles(stateDir, claudeDir, team);
  if (files.length === 0) {
    process.stderr.write(`teamtop: no journal for a team named "${team}" (journals are in ${stateDir})\n`);
    return 1;
  }
  let fd: number;
  try {
    fd = openSync(out, 'w', 0o600);
  } catch (error) {
    return cannotWrite(out, error);
  }
  let bytes = 0;
  try {
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      // A run cut off mid-line still gets its own line end, so the next run starts cleanly.
      const chunk = text.endsWith('\n') || text === '' ? text : `${text}\n`;
      try {
        bytes += writeSync(fd, chunk);
      } catch (error) {
        return cannotWrite(out, error);
      }
    }
  } finally {
    closeSync(fd);
  }
  process.stdout.write(`teamtop: wrote ${files.length} run${files.length === 1 ? '' : 's'} of "${team}" (${bytes} bytes) to ${out}\n`);
  return 0;
}

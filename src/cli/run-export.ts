import { closeSync, openSync, writeSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { inertJsonText } from '../domain/inert-json.js';
import { teamRunFiles } from '../journal/sources.js';

export interface ExportOptions {
  readonly team: string;
  readonly out: string;
  readonly stateDir: string;
  readonly claudeDir: string;
}

/** One team's journal, every run of it, as one standalone recording. */
export function runExport({ team, out, stateDir, claudeDir }: ExportOptions): number {
  const files = teamRunFiles(stateDir, claudeDir, team);
  if (files.length === 0) {
    process.stderr.write(`teamtop: no journal for a team named "${team}" (journals are in ${stateDir})\n`);
    return 1;
  }
  const fd = openSync(out, 'w', 0o600);
  let bytes = 0;
  try {
    for (const file of files) {
      // Journals written before their lines were made inert may hold raw controls.
      const text = inertJsonText(readFileSync(file, 'utf8'));
      // A run cut off mid-line still gets its own line end, so the next run starts cleanly.
      const chunk = text.endsWith('\n') || text === '' ? text : `${text}\n`;
      bytes += writeSync(fd, chunk);
    }
  } finally {
    closeSync(fd);
  }
  process.stdout.write(`teamtop: wrote ${files.length} run${files.length === 1 ? '' : 's'} of "${team}" (${bytes} bytes) to ${out}\n`);
  return 0;
}

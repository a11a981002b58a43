import { existsSync, statSync } from 'node:fs';
import type { JournalLine } from './format.js';
import { readJournalFile } from './reader.js';
import { latestRunsOfTeam, listRuns, namespaceDir } from './store-dir.js';
import { withoutCovered } from './restore.js';
import { append } from '../../core/model/lists.js';

export interface Recording {
  readonly lines: JournalLine[];
  readonly notices: { readonly path: string; readonly message: string }[];
  /** The config dir the recording was made from, as its first header says. */
  readonly claudeDir: string | undefined;
}

/** A team's run files: in this config dir's journal, else wherever it was recorded last; not those another run recorded whole. */
export function teamRunFiles(stateDir: string, claudeDir: string, team: string): string[] {
  const here = listRuns(namespaceDir(stateDir, claudeDir), team);
  return withoutCovered(here.length > 0 ? here : latestRunsOfTeam(stateDir, team)).map((run) => run.path);
}

export function readRecording(files: readonly string[]): Recording {
  const lines: JournalLine[] = [];
  const notices: { path: string; message: string }[] = [];
  for (const path of files) {
    const read = readJournalFile(path);
    append(lines, read.lines);
    for (const message of read.notices) notices.push({ path, message });
  }
  const header = lines.find((line) => line.kind === 'header');
  return { lines, notices, claudeDir: header?.kind === 'header' ? header.header.claudeDir : undefined };
}

/** The files of a recording: a path to a journal file, or a team's runs by name (undefined: neither). */
export function recordingFiles(source: string, stateDir: string, claudeDir: string): string[] | undefined {
  if (existsSync(source) && statSync(source).isFile()) return [source];
  const files = teamRunFiles(stateDir, claudeDir, source);
  return files.length > 0 ? files : undefined;
}

// When a journal saw a team end (its folder gone at the end): the store keeps that a team ended, not when.
import type { JournalLine } from './format.js';
import { streamJournal } from './reader.js';

/** Folds lines into the time `teams/<team>` last went (NaN: it was there at the end, or never seen going). */
class FolderEnd {
  at = Number.NaN;

  constructor(private readonly path: string) {}

  readonly take = (line: JournalLine): void => {
    if (line.kind !== 'entry' || line.entry.op !== 'folder' || line.entry.path !== this.path) return;
    this.at = line.entry.present ? Number.NaN : line.entry.t;
  };
}

const teamFolder = (team: string): string => `teams/${team}`;

export function teamEndIn(lines: Iterable<JournalLine>, team: string): number {
  const end = new FolderEnd(teamFolder(team));
  for (const line of lines) end.take(line);
  return end.at;
}

export function teamEndInRuns(files: readonly string[], team: string): number {
  const end = new FolderEnd(teamFolder(team));
  for (const file of files) streamJournal(file, end.take);
  return end.at;
}

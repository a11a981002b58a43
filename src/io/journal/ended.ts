/**
 * When a journal saw a team end: the time of its folder's going, if it was
 * gone at the end of what was recorded. The store keeps that a team ended,
 * not when; a run report says how long the team ran.
 */
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

/** In a recording's lines. */
export function teamEndIn(lines: Iterable<JournalLine>, team: string): number {
  const end = new FolderEnd(teamFolder(team));
  for (const line of lines) end.take(line);
  return end.at;
}

/** In a team's run files, oldest first, read a line at a time. */
export function teamEndInRuns(files: readonly string[], team: string): number {
  const end = new FolderEnd(teamFolder(team));
  for (const file of files) streamJournal(file, end.take);
  return end.at;
}

/**
 * Reading journals back. A line that cannot be read is skipped with a notice,
 * never fatal: the last line of a run that crashed mid-write is torn.
 */
import { readFileSync } from 'node:fs';
import { EntrySchema, HeaderSchema, type JournalLine } from './format.js';

export interface JournalRead {
  readonly lines: JournalLine[];
  /** What was skipped and why, one sentence each. */
  readonly notices: string[];
}

export function parseJournal(text: string, name: string): JournalRead {
  const lines: JournalLine[] = [];
  const notices: string[] = [];
  const raw = text.split('\n');
  // A complete file ends with a newline: its last element is empty.
  const last = raw.length - 1;
  raw.forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      notices.push(
        index === last
          ? `${name}: the last line is incomplete (teamtop stopped while writing it) and was skipped`
          : `${name}: line ${index + 1} is not valid JSON and was skipped`,
      );
      return;
    }
    const header = HeaderSchema.safeParse(value);
    if (header.success) {
      lines.push({ kind: 'header', header: header.data });
      return;
    }
    const entry = EntrySchema.safeParse(value);
    if (entry.success) lines.push({ kind: 'entry', entry: entry.data });
    else notices.push(`${name}: line ${index + 1} is not a journal entry and was skipped`);
  });
  return { lines, notices };
}

export function readJournalFile(path: string): JournalRead {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { lines: [], notices: [`${path}: cannot be read (${(error as Error).message})`] };
  }
  return parseJournal(text, path);
}

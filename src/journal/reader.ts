/**
 * Reading journals back. A line that cannot be read is skipped with a notice,
 * never fatal: the last line of a run that crashed mid-write is torn.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { EntrySchema, HeaderSchema, type JournalLine } from './format.js';

export interface JournalRead {
  readonly lines: JournalLine[];
  /** What was skipped and why, one sentence each. */
  readonly notices: string[];
}

/** One line of a journal: what it holds, or why it was skipped. */
function parseLine(line: string, number: number, last: boolean, name: string): JournalLine | { notice: string } | undefined {
  if (line.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return {
      notice: last
        ? `${name}: the last line is incomplete (teamtop stopped while writing it) and was skipped`
        : `${name}: line ${number} is not valid JSON and was skipped`,
    };
  }
  const header = HeaderSchema.safeParse(value);
  if (header.success) return { kind: 'header', header: header.data };
  const entry = EntrySchema.safeParse(value);
  return entry.success ? { kind: 'entry', entry: entry.data } : { notice: `${name}: line ${number} is not a journal entry and was skipped` };
}

const CHUNK = 1 << 20;

/**
 * Read a journal file a chunk at a time, handing each line over as it is read:
 * a journal of a big team is tens of megabytes, and need not be in memory at once.
 * Returns the notices.
 */
export function streamJournal(path: string, onLine: (line: JournalLine) => void): string[] {
  const notices: string[] = [];
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    return [`${path}: cannot be read (${(error as Error).message})`];
  }
  const handle = (line: string, number: number, last: boolean) => {
    const parsed = parseLine(line, number, last, path);
    if (parsed && 'notice' in parsed) notices.push(parsed.notice);
    else if (parsed) onLine(parsed);
  };
  try {
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.allocUnsafe(CHUNK);
    // A line can span many chunks (a whole inbox's text): gather its pieces, join once.
    let pieces: string[] = [];
    let number = 0;
    for (;;) {
      const count = readSync(fd, buffer, 0, CHUNK, null);
      if (count === 0) break;
      const text = decoder.write(buffer.subarray(0, count));
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        pieces.push(text.slice(start, end));
        handle(pieces.join(''), ++number, false);
        pieces = [];
        start = end + 1;
      }
      pieces.push(text.slice(start));
    }
    handle(pieces.join('') + decoder.end(), ++number, true);
  } finally {
    closeSync(fd);
  }
  return notices;
}

export function readJournalFile(path: string): JournalRead {
  const lines: JournalLine[] = [];
  const notices = streamJournal(path, (line) => lines.push(line));
  return { lines, notices };
}

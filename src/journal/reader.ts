/**
 * Reading journals back. A line that cannot be read is skipped with a notice,
 * never fatal: the last line of a run that crashed mid-write is torn.
 */
import { readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { formatBytes } from '../domain/agent.js';
import { readErrorMessage, withRegularFile } from '../io/read-file.js';
import { EntrySchema, HeaderSchema, isPlainEntry, type JournalLine } from './format.js';

export interface JournalRead {
  readonly lines: JournalLine[];
  /** What was skipped and why, one sentence each (the file they are about is not in them). */
  readonly notices: string[];
}

/** One line of a journal: what it holds, or why it was skipped. */
function parseLine(line: string, number: number, last: boolean): JournalLine | { notice: string } | undefined {
  if (line.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return {
      notice: last
        ? 'the last line is incomplete (teamtop stopped while writing it) and was skipped'
        : `line ${number} is not valid JSON and was skipped`,
    };
  }
  // Told apart before they are checked: a schema that fails costs far more than one that passes, on every line.
  if (isPlainEntry(value)) return { kind: 'entry', entry: value };
  if (typeof value === 'object' && value !== null && 'op' in value) {
    const entry = EntrySchema.safeParse(value);
    if (entry.success) return { kind: 'entry', entry: entry.data };
  } else {
    const header = HeaderSchema.safeParse(value);
    if (header.success) return { kind: 'header', header: header.data };
  }
  return { notice: `line ${number} is not a journal entry and was skipped` };
}

const CHUNK = 1 << 20;

/**
 * The longest line read: a longer one is skipped with a notice. A journal's
 * biggest line is an inbox read whole; one of 600 MB made the whole file fail
 * (`Invalid string length`) and lost the lines after it.
 */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/**
 * Read a journal file a chunk at a time, handing each line over as it is read:
 * a journal of a big team is tens of megabytes, and need not be in memory at once.
 * Returns the notices. Anything but a regular file (a folder, a named pipe) is
 * a notice too, not a read that fails or waits.
 */
export function streamJournal(path: string, onLine: (line: JournalLine) => void, maxLine = MAX_LINE_BYTES): string[] {
  const notices: string[] = [];
  const handle = (line: string, number: number, last: boolean) => {
    const parsed = parseLine(line, number, last);
    if (parsed && 'notice' in parsed) notices.push(parsed.notice);
    else if (parsed) onLine(parsed);
  };
  const read = withRegularFile(path, (fd) => {
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.allocUnsafe(CHUNK);
    // A line can span many chunks (a whole inbox's text): gather its pieces, join once.
    let pieces: string[] = [];
    let length = 0;
    let number = 0;
    const gather = (piece: string) => {
      // Past the limit, the rest of the line is not kept: it is skipped at its end.
      if (length <= maxLine) pieces.push(piece);
      length += piece.length;
    };
    const end = (last: boolean) => {
      number++;
      if (length > maxLine) notices.push(`line ${number} is longer than ${formatBytes(maxLine)} and was skipped`);
      else handle(pieces.join(''), number, last);
      pieces = [];
      length = 0;
    };
    for (;;) {
      const count = readSync(fd, buffer, 0, CHUNK, null);
      if (count === 0) break;
      const text = decoder.write(buffer.subarray(0, count));
      let start = 0;
      for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', start)) {
        gather(text.slice(start, at));
        end(false);
        start = at + 1;
      }
      gather(text.slice(start));
    }
    gather(decoder.end());
    end(true);
  });
  return read?.kind === 'failed' ? [readErrorMessage(read.code, read.error)] : notices;
}

export function readJournalFile(path: string): JournalRead {
  const lines: JournalLine[] = [];
  const notices = streamJournal(path, (line) => lines.push(line));
  return { lines, notices };
}

// Reading journals back. A line that cannot be read is skipped with a notice: a run that crashed mid-write ends torn.
import { readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { formatBytes } from '../../core/model/agent.js';
import { readErrorMessage, withRegularFile } from '../read-file.js';
import { later } from '../../core/model/time.js';
import { EntrySchema, HeaderSchema, isPlainEntry, type JournalLine } from './format.js';

/** The time of a line (headers: the run's start). */
export const timeOf = (line: JournalLine): number => (line.kind === 'header' ? line.header.started : line.entry.t);

export interface JournalRead {
  readonly lines: JournalLine[];
  /** What was skipped and why, one sentence each (the file they are about is not in them). */
  readonly notices: string[];
}

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

/** A longer line is skipped with a notice: one too long for a string made the whole file fail, and lost the lines after it. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** Read a journal a chunk at a time, handing each line over as it is read; returns the notices (a named pipe is one too). */
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

const SPAN_BYTES = 64 * 1024;

function linesAt(fd: number, position: number, bytes: number): string[] {
  const buffer = Buffer.allocUnsafe(bytes);
  const count = readSync(fd, buffer, 0, bytes, position);
  return buffer.subarray(0, count).toString('utf8').split('\n');
}

/**
 * The team, start and end of a run, from its header and its last lines only. The end is the latest time
 * those say: an `incidents` line's time can be before the lines ahead of it.
 */
export function runSpan(path: string): { readonly team: string; readonly started: number; readonly end: number } | undefined {
  const span = withRegularFile(path, (fd, stats) => {
    const [first] = linesAt(fd, 0, Math.min(SPAN_BYTES, stats.size));
    const head = first === undefined ? undefined : parseLine(first, 1, false);
    if (head === undefined || 'notice' in head || head.kind !== 'header') return undefined;
    const from = Math.max(0, stats.size - SPAN_BYTES);
    const tail = linesAt(fd, from, stats.size - from).slice(from > 0 ? 1 : 0);
    let end = Number.NaN;
    for (const text of tail) {
      const line = parseLine(text, 0, false);
      if (line && !('notice' in line)) end = later(end, timeOf(line));
    }
    // No whole line in the tail (its last line is longer than that): when it ended is not known.
    return Number.isNaN(end) ? undefined : { team: head.header.team, started: head.header.started, end };
  });
  return span === undefined || 'kind' in span ? undefined : span;
}

export function readJournalFile(path: string): JournalRead {
  const lines: JournalLine[] = [];
  const notices = streamJournal(path, (line) => lines.push(line));
  return { lines, notices };
}

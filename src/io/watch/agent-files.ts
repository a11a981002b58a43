/** The per-agent files that are not JSON: an agent's `output.log`, followed like `tail -F`, and its `artifacts/` folder, listed. */
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { MAX_ARTIFACTS, type Artifact } from '../../core/model/agent.js';
import type { Observation } from '../../core/model/observation.js';
import type { FileTarget } from '../../core/model/paths.js';
import { readAt, readErrorMessage, realPathInside, withRegularFile } from '../read-file.js';

type LogTarget = Extract<FileTarget, { kind: 'output-log' }>;
type ArtifactsTarget = Extract<FileTarget, { kind: 'artifacts' }>;
type AgentTarget = LogTarget | ArtifactsTarget;
export const isAgentTarget = (target: FileTarget): target is AgentTarget => target.kind === 'output-log' || target.kind === 'artifacts';

/** How much of a log's end is read when it is first seen, replaced or truncated. */
export const LOG_TAIL_BYTES = 64 * 1024;
/** The most read at once: a log that grew by more is read from this far before its end. */
export const LOG_READ_BYTES = 1024 * 1024;
/** A line longer than this is cut (and the rest of it dropped): a log line is one row on screen. */
export const LOG_LINE_CHARS = 4096;

interface LogState {
  readonly ino: number;
  offset: number;
  /** The last bytes before `offset`: if they changed, the log was rewritten, not appended to. */
  seen: Buffer;
  /** Text after the last line break: a line still being written. */
  partial: string;
  cutting: boolean;
  readonly decoder: StringDecoder;
}

export type AgentRead =
  | { readonly kind: 'read'; readonly observations: Observation[] }
  /** Gone between the event and the read: the removal event follows. */
  | { readonly kind: 'gone' }
  | { readonly kind: 'unreadable'; readonly code: string; readonly error: unknown };

/** Bytes kept from before a log's end, to tell an append from a rewrite of the same length or longer. */
const CHECK_BYTES = 64;

/** Colour and style codes (SGR): they carry no text, so a log is easier to read without them. */
// eslint-disable-next-line no-control-regex
const STYLE_CODES = /\u001b\[[\d;:]*m/gu;

function failedRead(code: string, error: unknown): AgentRead {
  return code === 'ENOENT' || code === 'ENOTDIR' ? { kind: 'gone' } : { kind: 'unreadable', code, error };
}

function readRange(fd: number, start: number, end: number): Buffer {
  const buffer = Buffer.allocUnsafe(end - start);
  return buffer.subarray(0, readAt(fd, buffer, start, buffer.length));
}

export class LogFollower {
  private readonly logs = new Map<string, LogState>();

  constructor(private readonly claudeDir: string) {}

  read(relative: string, target: LogTarget, at: number, live: boolean): AgentRead {
    const result = withRegularFile(
      join(this.claudeDir, relative),
      (fd, stats): AgentRead => {
        let state = this.logs.get(relative);
        let reset = false;
        let skipped = 0;
        let start: number;
        if (!state || state.ino !== stats.ino || stats.size < state.offset || !stillStartsAs(fd, state)) {
          // First seen, replaced (a new inode), truncated or rewritten: show its end, from a line's start.
          state = { ino: stats.ino, offset: 0, seen: Buffer.alloc(0), partial: '', cutting: false, decoder: new StringDecoder('utf8') };
          this.logs.set(relative, state);
          reset = true;
          start = Math.max(0, stats.size - LOG_TAIL_BYTES);
          skipped = start;
        } else if (stats.size === state.offset) {
          return { kind: 'read', observations: [] };
        } else if (stats.size - state.offset > LOG_READ_BYTES) {
          start = stats.size - LOG_TAIL_BYTES;
          skipped = start - state.offset;
          state.partial = '';
          state.cutting = false;
          state.decoder.end();
        } else {
          start = state.offset;
        }
        const bytes = readRange(fd, start, stats.size);
        state.offset = start + bytes.length;
        // What was read follows what was seen, unless a gap was skipped.
        const before = skipped > 0 || bytes.length >= CHECK_BYTES ? Buffer.alloc(0) : state.seen;
        const seen = before.length === 0 ? bytes : Buffer.concat([before, bytes]);
        state.seen = Buffer.from(seen.subarray(Math.max(0, seen.length - CHECK_BYTES)));
        let text = state.decoder.write(bytes);
        if (skipped > 0) {
          // Read from the middle of a line: it starts at the next break.
          const firstBreak = text.indexOf('\n');
          text = firstBreak < 0 ? '' : text.slice(firstBreak + 1);
        }
        const lines = this.split(state, text);
        const observation: Observation = {
          kind: 'log',
          team: target.team,
          member: target.member,
          lines,
          partial: clean(state.partial),
          reset,
          skipped,
          at,
          live,
        };
        return { kind: 'read', observations: [observation] };
      },
      this.claudeDir,
    );
    return result.kind === 'failed' ? failedRead(result.code, result.error) : result;
  }

  /** Complete lines of `text` after what was left over; what follows the last break is kept for later. */
  private split(state: LogState, text: string): string[] {
    const pieces = (state.partial + text).split('\n');
    let partial = pieces.pop() ?? '';
    const lines: string[] = [];
    for (const piece of pieces) {
      if (!state.cutting) lines.push(clean(piece));
      state.cutting = false;
    }
    if (partial.length > LOG_LINE_CHARS) {
      if (!state.cutting) lines.push(clean(partial));
      state.cutting = true;
      partial = '';
    }
    state.partial = state.cutting ? '' : partial;
    return lines;
  }

  knows(relative: string): boolean {
    return this.logs.has(relative);
  }

  forget(relative: string): void {
    this.logs.delete(relative);
  }

  knownFiles(): string[] {
    return [...this.logs.keys()];
  }
}

function stillStartsAs(fd: number, state: LogState): boolean {
  const { seen, offset } = state;
  return seen.length === 0 || readRange(fd, offset - seen.length, offset).equals(seen);
}

function clean(line: string): string {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  return text.replace(STYLE_CODES, '').slice(0, LOG_LINE_CHARS);
}

/** An agent's artifacts folder, listed: names, kinds and sizes, by name, at most MAX_ARTIFACTS. */
export function listArtifacts(path: string, target: ArtifactsTarget, at: number, live: boolean, inside?: string): AgentRead {
  // A folder out of `inside` (see withRegularFile) is not listed either.
  const real = inside === undefined ? path : realPathInside(path, inside);
  if (typeof real !== 'string') return failedRead(real.code, real.error);
  let names: string[];
  try {
    names = readdirSync(path);
  } catch (error) {
    // The folder itself a file, rather than a folder on the way gone.
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'ENOTDIR' && existsSync(path)) return { kind: 'unreadable', code, error };
    return failedRead(code, error);
  }
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const entries: Artifact[] = [];
  for (const name of names.slice(0, MAX_ARTIFACTS)) {
    try {
      const stats = lstatSync(join(path, name));
      const kind = stats.isFile() ? 'file' : stats.isDirectory() ? 'folder' : stats.isSymbolicLink() ? 'link' : 'other';
      entries.push({ name, size: kind === 'file' ? stats.size : 0, kind });
    } catch {
      // Gone since the listing: the next event lists the folder again.
    }
  }
  const observation: Observation = {
    kind: 'artifacts',
    team: target.team,
    member: target.member,
    entries,
    more: Math.max(0, names.length - MAX_ARTIFACTS),
    at,
    live,
  };
  return { kind: 'read', observations: [observation] };
}

export class AgentFiles {
  private readonly logs: LogFollower;
  /** Each artifacts folder's last listing (as JSON, to tell a change). */
  private readonly listings = new Map<string, string>();
  private readonly problems = new Set<string>();

  constructor(private readonly claudeDir: string) {
    this.logs = new LogFollower(claudeDir);
  }

  /** A log's new lines, or a folder's listing when it changed; 'gone' when it is not there. */
  read(relative: string, target: AgentTarget, at: number, live: boolean): Observation[] | 'gone' {
    const result: AgentRead =
      target.kind === 'output-log'
        ? this.logs.read(relative, target, at, live)
        : listArtifacts(join(this.claudeDir, relative), target, at, live, this.claudeDir);
    if (result.kind === 'gone') return 'gone';
    if (result.kind === 'unreadable') {
      this.problems.add(relative);
      this.listings.delete(relative);
      return [{ kind: 'problem', path: relative, message: readErrorMessage(result.code, result.error), at }];
    }
    let observations = result.observations;
    const [listed] = observations;
    if (listed?.kind === 'artifacts') {
      // Every change inside the folder lists it again: say something only when the listing changed.
      const listing = JSON.stringify([listed.entries, listed.more]);
      if (this.listings.get(relative) === listing) observations = [];
      this.listings.set(relative, listing);
    }
    if (this.problems.delete(relative)) observations.push({ kind: 'problem-gone', path: relative });
    return observations;
  }

  knows(relative: string): boolean {
    return this.logs.knows(relative) || this.listings.has(relative) || this.problems.has(relative);
  }

  forget(relative: string): Observation[] {
    this.logs.forget(relative);
    this.listings.delete(relative);
    return this.problems.delete(relative) ? [{ kind: 'problem-gone', path: relative }] : [];
  }

  knownFiles(): string[] {
    return [...this.logs.knownFiles(), ...this.listings.keys(), ...this.problems];
  }
}

/**
 * Reads the files a watcher points at and turns them into observations.
 *
 * - Reads are immediate: a burst of events for one file in one tick is one read,
 *   and nothing waits for writes to "settle" (newer Claude Code deletes a
 *   delivered message ~100 ms after writing it).
 * - A file that reads as empty or as broken JSON is probably being rewritten in
 *   place: it is read again after a short backoff, and only reported as a problem
 *   if it stays broken. The last good state stays on screen meanwhile.
 * - A file whose size, mtime and inode did not change since its last good read
 *   is not parsed again.
 */
import { closeSync, existsSync, fstatSync, openSync, readFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { parseConfig, parseInbox, parseTask } from '../domain/files.js';
import type { InboxMessage } from '../domain/inbox.js';
import type { Observation } from '../domain/observation.js';
import { classifyFile, classifyFolder, type FileTarget } from '../domain/paths.js';

export interface LoaderOptions {
  readonly claudeDir: string;
  /** Receives the observations of one tick, in one batch. */
  readonly emit: (observations: Observation[]) => void;
  readonly now?: () => number;
  /** Backoff between re-reads of a file that looks torn; its length is the retry count. */
  readonly retryDelays?: readonly number[];
}

interface Fingerprint {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
}

interface FileState {
  fingerprint?: Fingerprint;
  /** Decoded messages of the last good read of an inbox, by key. */
  known?: ReadonlyMap<string, InboxMessage>;
  /** Whether a problem is shown for this file. */
  problem: boolean;
  attempt: number;
  retry?: ReturnType<typeof setTimeout>;
}

const DEFAULT_RETRY_DELAYS = [2, 5, 10, 20, 40, 80];

const sameFingerprint = (a: Fingerprint | undefined, b: Stats): boolean =>
  a !== undefined && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;

function readWithStats(path: string): { text: string; stats: Stats } | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    return { text: readFileSync(fd, 'utf8'), stats };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

export class Loader {
  private readonly files = new Map<string, FileState>();
  private readonly queued = new Set<string>();
  private flushScheduled = false;
  private pendingRetries = 0;
  private settledWaiters: Array<() => void> = [];
  private closed = false;
  private readonly now: () => number;
  private readonly retryDelays: readonly number[];

  constructor(private readonly options: LoaderOptions) {
    this.now = options.now ?? Date.now;
    this.retryDelays = options.retryDelays ?? DEFAULT_RETRY_DELAYS;
  }

  /** A file may have changed: read it this tick. */
  touch(relative: string): void {
    if (this.closed || !classifyFile(relative)) return;
    this.queued.add(relative);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  /** Read a file now and return what it shows (used by the start-up scan). */
  readNow(relative: string): Observation[] {
    const target = classifyFile(relative);
    return target ? this.read(relative, target) : [];
  }

  /**
   * A file was removed. When its whole folder went with it, that is a cleanup
   * (the team or task list was deleted), which is not the same as a task deleted.
   */
  remove(relative: string): Observation[] {
    const target = classifyFile(relative);
    const state = this.files.get(relative);
    if (!target || !state) return [];
    this.forget(relative, state);
    const at = this.now();
    const observations: Observation[] = [];
    if (state.problem) observations.push({ kind: 'problem-gone', path: relative });
    const folder = target.kind === 'task' ? `tasks/${target.team}` : `teams/${target.team}`;
    if (!existsSync(join(this.options.claudeDir, folder))) {
      observations.push({ kind: 'folder-gone', target: classifyFolder(folder)!, at });
    } else {
      observations.push({ kind: 'file-gone', target, at });
    }
    return observations;
  }

  /** Files read so far, for a rescan to find the ones that disappeared. */
  knownFiles(): string[] {
    return [...this.files.keys()];
  }

  /** Resolves when no torn file is waiting for a re-read. */
  settled(): Promise<void> {
    if (this.pendingRetries === 0 && this.queued.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const state of this.files.values()) clearTimeout(state.retry);
    this.files.clear();
    this.queued.clear();
    this.releaseWaiters();
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.closed) return;
    const observations: Observation[] = [];
    for (const relative of this.queued) observations.push(...this.readNow(relative));
    this.queued.clear();
    if (observations.length > 0) this.options.emit(observations);
    this.releaseWaiters();
  }

  private read(relative: string, target: FileTarget): Observation[] {
    const content = readWithStats(join(this.options.claudeDir, relative));
    // Gone between the event and the read: the watcher's removal event follows.
    if (!content) return [];
    let state = this.files.get(relative);
    if (!state) this.files.set(relative, (state = { problem: false, attempt: 0 }));
    if (sameFingerprint(state.fingerprint, content.stats) && !state.problem) return [];
    const at = this.now();

    const observations: Observation[] = [];
    const problem = (message: string) => {
      state.problem = true;
      observations.push({ kind: 'problem', path: relative, message, at });
    };

    let parsed: { ok: true; observation: Observation; invalid?: readonly string[] } | { ok: false; torn: boolean; message: string };
    switch (target.kind) {
      case 'config': {
        const result = parseConfig(content.text);
        parsed = result.ok ? { ok: true, observation: { kind: 'config', team: target.team, config: result.value, at } } : result;
        break;
      }
      case 'task': {
        const result = parseTask(content.text, target.id);
        parsed = result.ok ? { ok: true, observation: { kind: 'task', team: target.team, task: result.value, at } } : result;
        break;
      }
      case 'inbox': {
        const result = parseInbox(content.text, target.member, state.known ?? new Map());
        if (result.ok) {
          state.known = new Map(result.value.messages.map((message) => [message.key, message]));
          parsed = {
            ok: true,
            observation: { kind: 'inbox', team: target.team, member: target.member, messages: result.value.messages, at },
            invalid: result.value.invalid,
          };
        } else {
          parsed = result;
        }
        break;
      }
    }

    if (!parsed.ok) {
      if (parsed.torn && state.attempt < this.retryDelays.length) {
        this.scheduleRetry(relative, state);
      } else {
        state.attempt = 0;
        problem(parsed.message);
      }
      return observations;
    }

    state.attempt = 0;
    state.fingerprint = { size: content.stats.size, mtimeMs: content.stats.mtimeMs, ino: content.stats.ino };
    if (state.retry) {
      clearTimeout(state.retry);
      state.retry = undefined;
      this.pendingRetries--;
    }
    observations.push(parsed.observation);
    if (parsed.invalid && parsed.invalid.length > 0) {
      const more = parsed.invalid.length > 1 ? ` (and ${parsed.invalid.length - 1} more)` : '';
      problem(`${parsed.invalid[0]}${more}`);
    } else if (state.problem) {
      state.problem = false;
      observations.push({ kind: 'problem-gone', path: relative });
    }
    return observations;
  }

  private scheduleRetry(relative: string, state: FileState): void {
    if (state.retry) return;
    const delay = this.retryDelays[state.attempt++]!;
    this.pendingRetries++;
    state.retry = setTimeout(() => {
      state.retry = undefined;
      this.pendingRetries--;
      if (this.closed) return;
      const target = classifyFile(relative)!;
      const observations = this.read(relative, target);
      if (observations.length > 0) this.options.emit(observations);
      this.releaseWaiters();
    }, delay);
  }

  private forget(relative: string, state: FileState): void {
    if (state.retry) {
      clearTimeout(state.retry);
      this.pendingRetries--;
    }
    this.files.delete(relative);
  }

  private releaseWaiters(): void {
    if (this.pendingRetries > 0 || this.queued.size > 0) return;
    const waiters = this.settledWaiters;
    this.settledWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

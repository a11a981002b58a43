/**
 * Reads one file at a time into observations. It alone holds the read buffer, so an append taken on trust
 * is proven here before that buffer is read into again. How reads are timed and retried: docs/internals/watching.md.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Observation } from '../../core/model/observation.js';
import { classifyFile, classifyFolder, pathOf, type TeamFileTarget } from '../../core/model/paths.js';
import { AgentFiles, isAgentTarget } from './agent-files.js';
import { FileInterpreter } from '../../core/decode/interpreter.js';
import { fingerprintOf, readIfChanged, type Fingerprint } from '../read-file.js';
import { append } from '../../core/model/lists.js';

export interface LoaderOptions {
  readonly claudeDir: string;
  /** Receives the observations of one tick, in one batch. */
  readonly emit: (observations: Observation[]) => void;
  readonly now?: () => number;
  /** Backoff between re-reads of a file that looks torn; its length is the retry count. */
  readonly retryDelays?: readonly number[];
  /** Take over from an interpreter that already read these files (a journal's restore). */
  readonly interpreter?: FileInterpreter;
  /** What the journal needs of an inbox read (see InterpretOptions.record); nothing without a journal. */
  readonly record?: (relative: string) => 'whole' | 'change' | undefined;
  readonly maxBytes?: (target: TeamFileTarget) => number;
}

/** Sizes no real team file reaches: a bigger file is not read, as reading it would stall the dashboard and hold its bytes. */
export const MAX_FILE_BYTES: Readonly<Record<TeamFileTarget['kind'], number>> = {
  inbox: 64 * 1024 * 1024,
  config: 8 * 1024 * 1024,
  'team-file': 8 * 1024 * 1024,
  task: 8 * 1024 * 1024,
  'agent-status': 8 * 1024 * 1024,
  // Only a log's end is read, however long it grows; a folder is listed.
  'output-log': Number.POSITIVE_INFINITY,
  artifacts: Number.POSITIVE_INFINITY,
};

/** What to read for a change at `relative`: the file, or for anything in an artifacts folder, the folder (listed again). */
const toRead = (relative: string, target: TeamFileTarget): string => (target.kind === 'artifacts' ? pathOf(target) : relative);

/** The folder whose removal takes a file with it: a team's or a task list's (none for a team file). */
function folderOf(target: TeamFileTarget): string | undefined {
  switch (target.kind) {
    case 'team-file':
      return undefined;
    case 'config':
    case 'inbox':
      return `teams/${target.team}`;
    default:
      return `tasks/${target.team}`;
  }
}

const KEEP_SCRATCH_BYTES = 4 * 1024 * 1024;

interface ReadState {
  fingerprint?: Fingerprint;
  attempt: number;
  retry?: ReturnType<typeof setTimeout>;
}

const DEFAULT_RETRY_DELAYS = [2, 5, 10, 20, 40, 80];

export class Loader {
  private readonly interpreter: FileInterpreter;
  private readonly reads = new Map<string, ReadState>();
  private readonly agentFiles: AgentFiles;
  /** Files to read this tick, and whether the read is live (see Observation). */
  private readonly queued = new Map<string, boolean>();
  private flushScheduled = false;
  /** Appends taken on trust, to prove before the next read (the bytes they hold are the scratch buffer's). */
  private checks: Array<{ relative: string; check: () => boolean }> = [];
  private checkScheduled = false;
  private pendingRetries = 0;
  private settledWaiters: Array<() => void> = [];
  private closed = false;
  private readonly now: () => number;
  private readonly retryDelays: readonly number[];
  /** Reused for every read; what is read is interpreted before the next read. */
  private buffer = Buffer.alloc(0);
  private readonly scratch = (size: number): Buffer => {
    if (this.buffer.length < size) this.buffer = Buffer.allocUnsafe(Math.max(size, this.buffer.length * 2, 64 * 1024));
    return this.buffer;
  };

  constructor(private readonly options: LoaderOptions) {
    this.now = options.now ?? Date.now;
    this.retryDelays = options.retryDelays ?? DEFAULT_RETRY_DELAYS;
    this.interpreter = options.interpreter ?? new FileInterpreter();
    this.agentFiles = new AgentFiles(options.claudeDir);
  }

  touch(changed: string): void {
    const target = classifyFile(changed);
    if (this.closed || !target) return;
    this.queued.set(toRead(changed, target), true);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  /** Read a file now and return what it shows (the start-up scan and rescans: not live). */
  readNow(relative: string): Observation[] {
    const target = classifyFile(relative);
    return target ? this.read(toRead(relative, target), false) : [];
  }

  /** A file was removed. When its whole folder went with it, that is a cleanup, not a task deleted. */
  remove(relative: string, live = true): Observation[] {
    const target = classifyFile(relative);
    if (!target) return [];
    if (toRead(relative, target) !== relative) {
      // One artifact went: the folder is listed again.
      this.touch(relative);
      return [];
    }
    if (isAgentTarget(target) ? !this.agentFiles.knows(relative) : !this.interpreter.knows(relative)) return [];
    this.forgetRead(relative);
    const at = this.now();
    const folder = folderOf(target);
    const forget = (): Observation[] => (isAgentTarget(target) ? this.agentFiles.forget(relative) : this.interpreter.forget(relative));
    if (folder !== undefined && !existsSync(join(this.options.claudeDir, folder))) {
      return [...forget(), { kind: 'folder-gone', target: classifyFolder(folder)!, at }];
    }
    if (isAgentTarget(target)) return [...forget(), { kind: 'file-gone', target, at, live }];
    return this.interpreter.remove(relative, at, live);
  }

  /** Files read so far, for a rescan to find the ones that disappeared. */
  knownFiles(): string[] {
    return [...new Set([...this.interpreter.knownFiles(), ...this.agentFiles.knownFiles()])];
  }

  /** Resolves when no torn file is waiting for a re-read. */
  settled(): Promise<void> {
    if (this.pendingRetries === 0 && this.queued.size === 0 && this.checks.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const state of this.reads.values()) clearTimeout(state.retry);
    this.reads.clear();
    this.queued.clear();
    this.checks = [];
    this.pendingRetries = 0;
    this.releaseWaiters();
  }

  /** Read now what waits to be read this tick, if anything (the inbox comes before a transcript's slice). */
  readQueued(): void {
    if (this.queued.size > 0) this.flush();
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.closed) return;
    const observations: Observation[] = [];
    for (const [relative, live] of this.queued) append(observations, this.read(relative, live));
    this.queued.clear();
    if (observations.length > 0) this.options.emit(observations);
    this.releaseWaiters();
  }

  private read(relative: string, live: boolean): Observation[] {
    this.runChecks();
    const target = classifyFile(relative)!;
    if (isAgentTarget(target)) {
      const observations = this.agentFiles.read(relative, target, this.now(), live);
      return observations === 'gone' ? this.goneWhenRead(relative, live) : observations;
    }
    let state = this.reads.get(relative);
    if (!state) this.reads.set(relative, (state = { attempt: 0 }));
    const maxBytes = this.options.maxBytes?.(target) ?? MAX_FILE_BYTES[target.kind];
    const content = readIfChanged(this.options.claudeDir, relative, state.fingerprint, maxBytes, this.scratch);
    if (content.kind === 'gone') return this.goneWhenRead(relative, live);
    if (content.kind === 'unchanged') return [];
    if (content.kind === 'unreadable') {
      // Read again on its next change, whatever its stats (a chmod does not change them).
      state.fingerprint = undefined;
      this.stopRetrying(state);
      return this.interpreter.fail(relative, content.message, this.now());
    }
    const final = state.attempt >= this.retryDelays.length;
    const record = this.options.record?.(relative);
    const { observations, torn, check } = this.interpreter.interpret(relative, content.bytes, this.now(), {
      live,
      final,
      record,
      trustAppends: true,
    });
    if (check) this.scheduleCheck(relative, check);
    // A check holds on to the bytes it needs; the loader need not hold a huge buffer for good.
    if (content.bytes.length > KEEP_SCRATCH_BYTES) this.buffer = Buffer.alloc(0);
    if (torn) {
      this.scheduleRetry(relative, state, live);
      return observations;
    }
    state.attempt = 0;
    // A file given up on as broken is read again on its next change, whatever its stats.
    state.fingerprint = observations.some((observation) => observation.kind === 'problem' && observation.path === relative && final)
      ? undefined
      : fingerprintOf(content.stats);
    this.stopRetrying(state);
    return observations;
  }

  // A file read live and found gone was removed: chokidar says nothing of a file removed while it still looked at its creation.
  private goneWhenRead(relative: string, live: boolean): Observation[] {
    return live ? this.remove(relative) : [];
  }

  private stopRetrying(state: ReadState): void {
    state.attempt = 0;
    if (!state.retry) return;
    clearTimeout(state.retry);
    state.retry = undefined;
    this.pendingRetries--;
  }

  /** An append shown before it was proven one is proven after the frame (or before the next read); if it was not, read again. */
  private scheduleCheck(relative: string, check: () => boolean): void {
    this.checks.push({ relative, check });
    if (this.checkScheduled) return;
    this.checkScheduled = true;
    setImmediate(() => {
      this.checkScheduled = false;
      this.runChecks();
      this.releaseWaiters();
    });
  }

  private runChecks(): void {
    if (this.checks.length === 0) return;
    const checks = this.checks;
    this.checks = [];
    for (const { relative, check } of checks) {
      if (check()) continue;
      this.interpreter.distrust(relative);
      const state = this.reads.get(relative);
      if (state) state.fingerprint = undefined;
      this.touch(relative);
    }
  }

  private scheduleRetry(relative: string, state: ReadState, live: boolean): void {
    if (state.retry) return;
    const delay = this.retryDelays[state.attempt++]!;
    this.pendingRetries++;
    state.retry = setTimeout(() => {
      state.retry = undefined;
      this.pendingRetries--;
      if (this.closed) return;
      const observations = this.read(relative, live);
      if (observations.length > 0) this.options.emit(observations);
      this.releaseWaiters();
    }, delay);
  }

  private forgetRead(relative: string): void {
    const state = this.reads.get(relative);
    if (state?.retry) {
      clearTimeout(state.retry);
      this.pendingRetries--;
    }
    this.reads.delete(relative);
  }

  private releaseWaiters(): void {
    if (this.pendingRetries > 0 || this.queued.size > 0 || this.checks.length > 0) return;
    const waiters = this.settledWaiters;
    this.settledWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

/**
 * Appends what teamtop observes to the journal, one file per team for this run.
 * Lines are gathered and written once per tick, after the frame is drawn, with
 * synchronous appends (also from the exit handler, so nothing queued is lost).
 * Files are created 0600 in folders created 0700: inboxes can hold secrets.
 *
 * No file's text is kept in memory (an inbox can be megabytes): an append is
 * recorded as a patch on the text this run recorded last for that file, which
 * the reader vouches for (`keep`).
 */
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inertJson } from '../domain/inert-json.js';
import type { Observation } from '../domain/observation.js';
import { classifyFile, pathOf, type FileTarget } from '../domain/paths.js';
import { JOURNAL_VERSION, type JournalEntry, type JournalHeader } from './format.js';
import { listAllRuns, runId, teamDir } from './store-dir.js';

export interface WriterOptions {
  readonly stateDir: string;
  /** This config dir's journal folder (see namespaceDir). */
  readonly namespace: string;
  readonly claudeDir: string;
  /** The journal folder is kept under this many bytes by deleting the oldest runs. */
  readonly maxBytes: number;
  /** The folders earlier runs saw: not written again. */
  readonly folders?: ReadonlySet<string>;
  readonly now?: () => number;
}

/** Queued lines are written at once past this size (a whole inbox read at start-up). */
const FLUSH_AT_BYTES = 1 << 20;


export class JournalWriter {
  readonly run: string;
  private readonly started: number;
  /** This run's open files, by team. */
  private readonly files = new Map<string, number>();
  /** Files whose latest text this run has recorded, whole or as patches: a patch can follow. */
  private readonly based = new Set<string>();
  private readonly pending = new Map<string, string[]>();
  private pendingBytes = 0;
  private readonly folders: Set<string>;
  private flushScheduled = false;
  private writtenSincePrune = 0;
  private closed = false;
  private readonly flushOnExit = () => this.flush();

  constructor(private readonly options: WriterOptions) {
    this.started = (options.now ?? Date.now)();
    this.run = runId(this.started);
    this.folders = new Set(options.folders);
    process.on('exit', this.flushOnExit);
    this.prune();
  }

  /** Record a batch of observations (their source texts, removals and folders). */
  record(observations: readonly Observation[]): void {
    if (this.closed) return;
    for (const observation of observations) {
      const line = this.entryFor(observation);
      if (!line) continue;
      const [team, entry] = line;
      let lines = this.pending.get(team);
      if (!lines) this.pending.set(team, (lines = []));
      lines.push(entry);
      this.pendingBytes += entry.length;
    }
    if (this.pendingBytes > FLUSH_AT_BYTES) this.flush();
    else if (this.pending.size > 0 && !this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Write what is queued. Synchronous, so it also works from an exit handler. */
  flush(): void {
    this.flushScheduled = false;
    for (const [team, lines] of this.pending) {
      const text = lines.join('');
      writeSync(this.open(team), text);
      this.writtenSincePrune += text.length;
    }
    this.pending.clear();
    this.pendingBytes = 0;
    if (this.writtenSincePrune > this.options.maxBytes / 10) this.prune();
  }

  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    process.off('exit', this.flushOnExit);
    for (const fd of this.files.values()) closeSync(fd);
    this.files.clear();
  }

  /** Delete the oldest runs (never this one) until the journal fits its limit. */
  prune(): void {
    this.writtenSincePrune = 0;
    const runs = listAllRuns(this.options.stateDir);
    let total = runs.reduce((sum, run) => sum + run.size, 0);
    const byRun = new Map<string, typeof runs>();
    for (const run of runs) byRun.set(run.run, [...(byRun.get(run.run) ?? []), run]);
    for (const [run, files] of byRun) {
      if (total <= this.options.maxBytes) break;
      if (run === this.run) continue;
      for (const file of files) {
        rmSync(file.path, { force: true });
        total -= file.size;
      }
    }
  }

  private open(team: string): number {
    const open = this.files.get(team);
    if (open !== undefined) return open;
    const path = join(teamDir(this.options.namespace, team), `${this.run}.jsonl`);
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const fd = openSync(path, 'a', 0o600);
    const header: JournalHeader = {
      teamtop: 'journal',
      v: JOURNAL_VERSION,
      run: this.run,
      team,
      claudeDir: this.options.claudeDir,
      started: this.started,
    };
    writeSync(fd, `${inertJson(header)}\n`);
    this.files.set(team, fd);
    return fd;
  }

  private entryFor(observation: Observation): [team: string, line: string] | undefined {
    switch (observation.kind) {
      case 'config':
      case 'task':
      case 'agent-status':
        if (observation.source === undefined) return undefined;
        return this.fileEntry(observation.team, pathOf(targetOf(observation)), observation.source, observation.at, observation.live);
      case 'log':
      case 'artifacts':
        // An output log stays on disk (it is appended to, never emptied by the
        // runner), and a listing is not history: neither is recorded.
        return undefined;
      case 'inbox': {
        const path = pathOf({ kind: 'inbox', team: observation.team, member: observation.member });
        if (observation.keep !== undefined && observation.appendix !== undefined && this.based.has(path)) {
          return this.line(observation.team, { op: 'file', t: observation.at, live: observation.live, path, keep: observation.keep, text: observation.appendix });
        }
        if (observation.source === undefined) return undefined;
        return this.fileEntry(observation.team, path, observation.source, observation.at, observation.live);
      }
      case 'problem': {
        const target = classifyFile(observation.path);
        if (!target || observation.source === undefined) return undefined;
        const line = this.fileEntry(target.team, observation.path, observation.source, observation.at, false);
        // What a patch builds on is the last good text: after a broken one, write whole again.
        this.based.delete(observation.path);
        return line;
      }
      case 'file-gone': {
        if (observation.target.kind === 'output-log' || observation.target.kind === 'artifacts') return undefined;
        const path = pathOf(observation.target);
        this.based.delete(path);
        return this.line(observation.target.team, { op: 'gone', t: observation.at, live: observation.live, path });
      }
      case 'folder':
      case 'folder-gone': {
        const { team, kind } = observation.target;
        const path = `${kind === 'team-dir' ? 'teams' : 'tasks'}/${team}`;
        const present = observation.kind === 'folder';
        if (this.folders.has(path) === present) return undefined;
        if (present) this.folders.add(path);
        else this.folders.delete(path);
        return this.line(team, { op: 'folder', t: observation.at, path, present });
      }
      case 'problem-gone':
        return undefined;
    }
  }

  /**
   * A file's whole new text. (A text an earlier run recorded and that did not
   * change since never gets here: the reader, taking over from the journal's
   * restore, says nothing about it.)
   */
  private fileEntry(team: string, path: string, text: string, t: number, live: boolean): [string, string] {
    this.based.add(path);
    return this.line(team, { op: 'file', t, live, path, text });
  }

  /** Whether this run has recorded the file, so an append to it can be written as a patch. */
  holds(path: string): boolean {
    return this.based.has(path);
  }

  private line(team: string, entry: JournalEntry): [string, string] {
    return [team, `${inertJson(entry)}\n`];
  }
}

/** The file a whole-text observation was read from. */
function targetOf(observation: Extract<Observation, { kind: 'config' | 'task' | 'agent-status' }>): FileTarget {
  switch (observation.kind) {
    case 'config':
      return { kind: observation.flat ? 'team-file' : 'config', team: observation.team };
    case 'task':
      return { kind: 'task', team: observation.team, id: observation.task.id };
    case 'agent-status':
      return { kind: 'agent-status', team: observation.team, member: observation.member };
  }
}

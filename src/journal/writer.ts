/**
 * Appends what teamtop observes to the journal, one file per team for this run.
 * Lines are gathered and written once per tick, after the frame is drawn, with
 * synchronous appends (also from the exit handler, so nothing queued is lost).
 * Files are created 0600 in folders created 0700: inboxes can hold secrets.
 */
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Observation } from '../domain/observation.js';
import { classifyFile, pathOf } from '../domain/paths.js';
import { JOURNAL_VERSION, type JournalEntry, type JournalHeader } from './format.js';
import { listAllRuns, runId, teamDir } from './store-dir.js';

export interface WriterOptions {
  readonly stateDir: string;
  /** This config dir's journal folder (see namespaceDir). */
  readonly namespace: string;
  readonly claudeDir: string;
  /** The journal folder is kept under this many bytes by deleting the oldest runs. */
  readonly maxBytes: number;
  /** What earlier runs recorded last for each file, and which folders they saw: not written again. */
  readonly lastTexts?: ReadonlyMap<string, string>;
  readonly folders?: ReadonlySet<string>;
  readonly now?: () => number;
}

/** Below this size a file's text is always written whole. */
const PATCH_FROM = 4096;

interface RunFile {
  readonly fd: number;
  /** Text last written in this file per path: patches build on it. */
  readonly texts: Map<string, string>;
}

export class JournalWriter {
  readonly run: string;
  private readonly started: number;
  private readonly files = new Map<string, RunFile>();
  private readonly pending = new Map<string, string[]>();
  private readonly recorded: Map<string, string>;
  private readonly folders: Set<string>;
  private flushScheduled = false;
  private writtenSincePrune = 0;
  private closed = false;
  private readonly flushOnExit = () => this.flush();

  constructor(private readonly options: WriterOptions) {
    this.started = (options.now ?? Date.now)();
    this.run = runId(this.started);
    this.recorded = new Map(options.lastTexts);
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
    }
    if (this.pending.size > 0 && !this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Write what is queued. Synchronous, so it also works from an exit handler. */
  flush(): void {
    this.flushScheduled = false;
    for (const [team, lines] of this.pending) {
      const file = this.open(team);
      const text = lines.join('');
      writeSync(file.fd, text);
      this.writtenSincePrune += text.length;
    }
    this.pending.clear();
    if (this.writtenSincePrune > this.options.maxBytes / 10) this.prune();
  }

  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    process.off('exit', this.flushOnExit);
    for (const file of this.files.values()) closeSync(file.fd);
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

  private open(team: string): RunFile {
    let file = this.files.get(team);
    if (file) return file;
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
    writeSync(fd, `${JSON.stringify(header)}\n`);
    file = { fd, texts: new Map() };
    this.files.set(team, file);
    return file;
  }

  private entryFor(observation: Observation): [team: string, line: string] | undefined {
    switch (observation.kind) {
      case 'config':
      case 'inbox':
      case 'task': {
        if (observation.source === undefined) return undefined;
        const target =
          observation.kind === 'config'
            ? ({ kind: 'config', team: observation.team } as const)
            : observation.kind === 'inbox'
              ? ({ kind: 'inbox', team: observation.team, member: observation.member } as const)
              : ({ kind: 'task', team: observation.team, id: observation.task.id } as const);
        return this.fileEntry(observation.team, pathOf(target), observation.source, observation.at, observation.live);
      }
      case 'problem': {
        const target = classifyFile(observation.path);
        if (!target || observation.source === undefined) return undefined;
        return this.fileEntry(target.team, observation.path, observation.source, observation.at, false);
      }
      case 'file-gone': {
        const path = pathOf(observation.target);
        this.recorded.delete(path);
        this.files.get(observation.target.team)?.texts.delete(path);
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

  private fileEntry(team: string, path: string, text: string, t: number, live: boolean): [string, string] | undefined {
    if (this.recorded.get(path) === text) return undefined;
    this.recorded.set(path, text);
    const file = this.files.get(team);
    const before = file?.texts.get(path);
    // The team's file may not be open yet; open() starts with no texts, so the first write is whole.
    this.open(team).texts.set(path, text);
    if (before !== undefined && before.length >= PATCH_FROM) {
      // Claude Code appends to an inbox: the old text up to its last element's end is kept.
      const keep = before.lastIndexOf('}') + 1;
      if (keep > 0 && text.length > keep && text.startsWith(before.slice(0, keep))) {
        return this.line(team, { op: 'file', t, live, path, keep, text: text.slice(keep) });
      }
    }
    return this.line(team, { op: 'file', t, live, path, text });
  }

  private line(team: string, entry: JournalEntry): [string, string] {
    return [team, `${JSON.stringify(entry)}\n`];
  }
}

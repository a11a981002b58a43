/**
 * Appends what teamtop observes to the journal, once per tick after the frame, synchronously (so the exit
 * handler loses nothing). It must never take the dashboard down: the first write that fails ends this run's
 * recording and says why once. Files are 0600 in folders 0700: inboxes can hold secrets.
 */
import { closeSync, fstatSync, ftruncateSync, openSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inertJson } from '../../core/text/inert-json.js';
import type { Observation } from '../../core/model/observation.js';
import { thresholdsRecord, type Thresholds } from '../../core/model/settings.js';
import { LimitReached, noLinksBelow, OPEN_FLAGS, whyNotWritten, writeAll } from './disk.js';
import { makeFolders } from '../folders.js';
import { JournalEntries } from './entries.js';
import { JOURNAL_VERSION, type JournalHeader } from './format.js';
import { isLive, listAllRuns, runId, teamDir, writerOf } from './store-dir.js';
import type { AppState } from '../../core/app-state.js';

export interface WriterOptions {
  readonly stateDir: string;
  /** This config dir's journal folder (see namespaceDir). */
  readonly namespace: string;
  readonly claudeDir: string;
  /** The journal folder is kept under this many bytes by deleting the oldest runs. */
  readonly maxBytes: number;
  readonly folders?: ReadonlySet<string>;
  readonly now?: () => number;
  /** What this run's incidents are diagnosed with: its header says, so a replay with other thresholds diagnoses again. */
  readonly thresholds: Thresholds;
  /** Told once, when recording stops because the journal cannot be written. */
  readonly onProblem?: (problem: Extract<Observation, { kind: 'problem' }>) => void;
}

/** The problem line's key for the journal's own trouble. */
export const JOURNAL_PROBLEM = 'journal';

/** Queued lines are written at once past this size (a whole inbox read at start-up). */
const FLUSH_AT_BYTES = 1 << 20;

/** Run files held open at once: the teams written to last. Teams come and go by the hundred. */
const OPEN_FILES = 8;

export class JournalWriter {
  readonly run: string;
  private readonly started: number;
  private readonly now: () => number;
  private readonly open = new Map<string, number>();
  private readonly made = new Set<string>();
  /** Teams whose standing incidents this run has recorded whole (then only their changes). */
  private readonly incidentsBased = new Set<string>();
  private readonly entries: JournalEntries;
  private readonly pending = new Map<string, string[]>();
  private pendingBytes = 0;
  private flushScheduled = false;
  /** This run's bytes, and every run's (as of the last prune, plus what this run wrote since). */
  private runBytes = 0;
  private totalBytes = 0;
  private writtenSincePrune = 0;
  private stopped = false;
  private saidOverLimit = false;
  private readonly flushOnExit = () => this.flush();

  constructor(private readonly options: WriterOptions) {
    this.now = options.now ?? Date.now;
    this.started = this.now();
    this.run = runId(this.started);
    this.entries = new JournalEntries(options.folders, this.now);
    process.on('exit', this.flushOnExit);
    this.guard(this.options.stateDir, () => this.prune(0));
  }

  /** `teams`: the store's, once the observations were applied (mail taken is recorded as the inbox holds it). */
  record(observations: readonly Observation[], teams?: AppState['teams']): void {
    if (this.stopped) return;
    this.guard(this.options.stateDir, () => {
      for (const observation of observations) this.queue(this.entries.entryFor(observation, teams));
    });
    this.scheduleFlush();
  }

  /** Record the incidents and members' activity that changed since `before`; a team's first lines hold all, so the run replays alone. */
  recordState(before: Pick<AppState, 'incidents'>, after: Pick<AppState, 'incidents' | 'teams'>): void {
    if (this.stopped) return;
    this.guard(this.options.stateDir, () => {
      for (const [team, log] of after.incidents) {
        const whole = !this.incidentsBased.has(team) && this.pending.has(team);
        const previous = before.incidents.get(team);
        if (!whole && previous === log) continue;
        if (whole) this.incidentsBased.add(team);
        this.queue(this.entries.incidentsFor(team, previous, log, after.teams.get(team), whole));
      }
      for (const team of after.teams.values()) for (const line of this.entries.activityFor(team, this.now())) this.queue(line);
    });
    this.scheduleFlush();
  }

  private queue(line: [team: string, line: string] | undefined): void {
    if (!line) return;
    const [team, entry] = line;
    const lines = this.pending.get(team);
    if (lines) lines.push(entry);
    else this.pending.set(team, [entry]);
    this.pendingBytes += entry.length;
  }

  private scheduleFlush(): void {
    if (this.pendingBytes > FLUSH_AT_BYTES) this.flush();
    else if (this.pending.size > 0 && !this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  flush(): void {
    this.flushScheduled = false;
    const batches = [...this.pending];
    this.pending.clear();
    this.pendingBytes = 0;
    for (const [team, lines] of batches) {
      if (this.stopped) return;
      this.guard(this.pathOf(team), () => this.write(team, Buffer.from(lines.join(''))));
    }
  }

  close(): void {
    this.flush();
    this.stop();
  }

  /** What an inbox read must tell the journal: a change once this run recorded it, else every message. */
  wants(path: string): 'whole' | 'change' | undefined {
    return this.stopped ? undefined : this.entries.holds(path) ? 'change' : 'whole';
  }

  private guard(path: string, write: () => void): void {
    try {
      write();
    } catch (error) {
      const message = `history is not being recorded: ${whyNotWritten(error, path, this.options.maxBytes)}`;
      this.stop();
      this.options.onProblem?.({ kind: 'problem', path: JOURNAL_PROBLEM, message, at: this.now() });
    }
  }

  private stop(): void {
    this.stopped = true;
    this.pending.clear();
    this.pendingBytes = 0;
    process.off('exit', this.flushOnExit);
    for (const fd of this.open.values()) {
      try {
        closeSync(fd);
      } catch {
        // Closed already, or the disk went: nothing more to do with it.
      }
    }
    this.open.clear();
  }

  /** Append whole or not at all (a failed write is cut back off, so the file ends with a whole line), within the size limit. */
  private write(team: string, bytes: Buffer): void {
    if (this.totalBytes + bytes.length > this.options.maxBytes || this.writtenSincePrune > this.options.maxBytes / 10)
      this.prune(bytes.length);
    if (this.runBytes + bytes.length > this.options.maxBytes) throw new LimitReached();
    const fd = this.fileOf(team);
    const size = fstatSync(fd).size;
    try {
      writeAll(fd, bytes);
    } catch (error) {
      try {
        ftruncateSync(fd, size);
      } catch {
        // The failure itself is what is reported.
      }
      throw error;
    }
    this.runBytes += bytes.length;
    this.totalBytes += bytes.length;
    this.writtenSincePrune += bytes.length;
  }

  /** Delete the oldest runs until `needed` more bytes fit: never this one, nor one another teamtop still writes. */
  private prune(needed: number): void {
    this.writtenSincePrune = 0;
    const runs = listAllRuns(this.options.stateDir);
    let total = runs.reduce((sum, run) => sum + run.size, 0);
    this.runBytes = runs.filter((run) => run.run === this.run).reduce((sum, run) => sum + run.size, 0);
    const kept = new Set<number>();
    for (const run of runs) {
      if (total + needed <= this.options.maxBytes) break;
      if (run.run === this.run) continue;
      if (isLive(run.run)) {
        kept.add(writerOf(run.run)!);
        continue;
      }
      rmSync(run.path, { force: true });
      total -= run.size;
    }
    this.totalBytes = total;
    if (total + needed > this.options.maxBytes && kept.size > 0 && !this.saidOverLimit) {
      this.saidOverLimit = true;
      const pids = [...kept].join(', ');
      this.options.onProblem?.({
        kind: 'problem',
        path: JOURNAL_PROBLEM,
        message: `the journal is over its limit (--journal-limit): the runs other teamtops are still writing (process ${pids}) are kept`,
        at: this.now(),
      });
    }
  }

  private pathOf(team: string): string {
    return join(teamDir(this.options.namespace, team), `${this.run}.jsonl`);
  }

  private fileOf(team: string): number {
    const held = this.open.get(team);
    if (held !== undefined) {
      this.open.delete(team);
      this.open.set(team, held);
      return held;
    }
    if (this.open.size >= OPEN_FILES) {
      const [oldest, fd] = this.open.entries().next().value!;
      this.open.delete(oldest);
      closeSync(fd);
    }
    const path = this.pathOf(team);
    makeFolders(dirname(path));
    noLinksBelow(this.options.stateDir, dirname(path));
    // Not blocking: a named pipe where the file should be would otherwise hang until read.
    const fd = openSync(path, OPEN_FLAGS, 0o600);
    try {
      const stats = fstatSync(fd);
      if (!stats.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'ENOTFILE', path });
      if (stats.size === 0) {
        // Made again after another teamtop's pruning took it: the changes that follow need their base again.
        if (this.made.has(team)) this.entries.madeAgain(team);
        this.made.add(team);
        const header: JournalHeader = {
          teamtop: 'journal',
          v: JOURNAL_VERSION,
          run: this.run,
          team,
          claudeDir: this.options.claudeDir,
          started: this.started,
          incidents: thresholdsRecord(this.options.thresholds),
        };
        const bytes = Buffer.from(`${inertJson(header)}\n`);
        writeAll(fd, bytes);
        this.runBytes += bytes.length;
        this.totalBytes += bytes.length;
      }
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    this.open.set(team, fd);
    return fd;
  }
}

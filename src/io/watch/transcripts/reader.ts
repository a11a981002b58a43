/**
 * The reader of the known teams' transcripts and their leads' live states (`sessions/<pid>.json`). Reads
 * are done between frames in slices, appends first, so a first read of big transcripts never stops drawing.
 * The inbox comes first: what the team files' reader queued is read before each slice (`readFirst`).
 * A member's `<teammate-message>` records are said as `mail-taken` for its inbox (docs/internals/transcripts.md).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Observation } from '../../../core/model/observation.js';
import { classifySessionFile, PROJECTS, SESSIONS } from '../../../core/model/paths.js';
import type { TranscriptTeam } from '../../../core/decode/transcript/member-of.js';
import { readErrorMessage } from '../../read-file.js';
import type { FileEvent } from '../events.js';
import { TranscriptFollower } from './follower.js';
import { HeldObservations } from './held.js';
import { sayMailTaken } from './mail-taken.js';
import {
  candidatesFor,
  decideByIdentity,
  addMemberSession,
  decideByMeta,
  isLeadOf,
  sameSet,
  subagentsOf,
  watchSetOf,
  type Decision,
  type Followed,
  type WatchSet,
} from './owners.js';
import type { ProcessHost } from './processes.js';
import { SessionsDir } from './sessions-dir.js';
import { holdYoungGeneration } from '../../young-generation.js';
import { LIVE_BATCH_MS, MIN_READ_COST, SLICE_BYTES, SLICE_MS, type Slice } from './slices.js';

export interface TranscriptReaderOptions {
  readonly claudeDir: string;
  readonly emit: (observations: Observation[]) => void;
  readonly now?: () => number;
  readonly sliceBytes?: number;
  readonly sliceMs?: number;
  /** Reads what must not wait behind a transcript (the inboxes' queued reads): called before each slice. */
  readonly readFirst?: () => void;
  /** What is looked at of processes (the real `/proc`, unless a test says otherwise). */
  readonly host?: ProcessHost;
  /** The folders to watch changed without the teams changing (a tmux teammate's session found: its subagents' folder). */
  readonly watchSetChanged?: () => void;
}

export class TranscriptReader {
  private teams: readonly TranscriptTeam[] = [];
  private set: WatchSet = new Map();
  /** The tmux teammates' sessions found, by slug: session → team (their subagents' folders are read too). */
  private readonly memberSessions = new Map<string, Map<string, string>>();
  private readonly followed = new Map<string, Followed>();
  /** Files read and found to be nobody's here (another session, an ordinary subagent). */
  private readonly ignored = new Set<string>();
  private readonly queued = new Map<string, boolean>();
  private readonly sessions: SessionsDir;
  private started = false;
  private scheduled = false;
  private closed = false;
  private waiters: Array<() => void> = [];
  private readonly now: () => number;
  private readonly held = new HeldObservations((observations) => this.options.emit(observations));

  constructor(private readonly options: TranscriptReaderOptions) {
    this.now = options.now ?? Date.now;
    const emit = (observations: Observation[]) => this.options.emit(observations);
    this.sessions = new SessionsDir(options.claudeDir, emit, this.now, () => this.release(), options.host);
  }

  watchSet(): WatchSet {
    return this.set;
  }

  /** The teams known now (files of teams gone are dropped, new folders listed); returns whether the folders to watch changed. */
  setTeams(teams: readonly TranscriptTeam[]): boolean {
    this.teams = teams;
    this.sessions.setTeams(teams);
    const names = new Set(teams.map((team) => team.name));
    for (const [path, followed] of this.followed) {
      followed.candidates = followed.candidates.filter((name) => names.has(name));
      if (followed.owner !== undefined ? !names.has(followed.owner) : followed.candidates.length === 0) this.followed.delete(path);
    }
    return this.rewatch();
  }

  private rewatch(): boolean {
    const before = this.set;
    this.set = watchSetOf(this.teams, this.memberSessions);
    if (this.started) this.listNew(before);
    return !sameSet(before, this.set);
  }

  /** Read what the folders hold now, then follow the watcher's events; `watching`: look at the processes again and again. */
  start(watching = false): void {
    if (watching) this.sessions.poll();
    if (this.started || this.closed) return;
    this.started = true;
    this.listNew(new Map());
    this.list(SESSIONS, false);
  }

  /** The watcher's events: files are read between frames, a folder that appeared is listed. */
  take(events: readonly FileEvent[]): void {
    for (const event of events) {
      if (event.kind === 'changed') this.consider(event.path, true);
      else if (event.kind === 'removed') this.removed(event.path);
      else if (event.kind === 'folder-added' || event.kind === 'unreported') this.list(event.path, true);
      else if (event.kind === 'watcher-trouble')
        this.options.emit([{ kind: 'problem', path: TRANSCRIPTS_WATCHER, message: event.message, at: this.now() }]);
    }
  }

  settled(): Promise<void> {
    if (this.queued.size === 0 && this.sessions.idle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    this.queued.clear();
    this.held.clear();
    this.sessions.close();
    this.release();
  }

  private listNew(before: WatchSet): void {
    for (const [slug, leads] of this.set) {
      if (!before.has(slug)) this.list(`${PROJECTS}/${slug}`, false);
      for (const lead of leads) if (!before.get(slug)?.has(lead)) this.list(subagentsOf(slug, lead), false);
    }
  }

  /** The files of a folder, considered (a folder of a lead session: its subagents' folder). */
  private list(folder: string, live: boolean): void {
    let names: string[];
    try {
      names = readdirSync(join(this.options.claudeDir, folder));
    } catch {
      return; // Not there (yet): the watcher says when it comes.
    }
    if (folder === SESSIONS) this.sessions.listed(new Set(names.map((name) => `${SESSIONS}/${name}`)));
    for (const name of names) {
      const path = `${folder}/${name}`;
      const subagents = name === 'subagents' ? path : `${path}/subagents`;
      if (this.wantsSubagents(subagents)) this.list(subagents, live);
      else this.consider(path, live);
    }
  }

  private wantsSubagents(folder: string): boolean {
    const [root, slug = '', lead = '', subagents, ...rest] = folder.split('/');
    return root === PROJECTS && subagents === 'subagents' && rest.length === 0 && this.set.get(slug)?.has(lead) === true;
  }

  private consider(path: string, live: boolean): void {
    const target = classifySessionFile(path);
    if (!target || this.closed) return;
    if (target.kind === 'session-state' || target.kind === 'process-key') return this.sessions.touch(target.kind, path, live);
    const { file } = target;
    if (file.kind === 'subagent-meta') {
      // The meta of a transcript: read again with it.
      const transcript = path.replace(/\.meta\.json$/u, '.jsonl');
      this.ignored.delete(transcript);
      const followed = this.followed.get(transcript);
      if (followed) followed.meta = undefined;
      return this.consider(transcript, live);
    }
    if (this.ignored.has(path) || !this.set.has(file.slug)) return;
    if (!this.followed.has(path)) {
      const sessionOwner = this.memberSessions.get(file.slug)?.get(file.sessionId);
      const candidates = candidatesFor(this.teams, this.options.claudeDir, path, file, sessionOwner);
      if (candidates.length === 0) return;
      const owner =
        file.kind === 'session' && candidates.length === 1 && isLeadOf(this.teams, candidates[0]!, file) ? candidates[0] : undefined;
      this.followed.set(path, {
        follower: new TranscriptFollower(path),
        file,
        owner,
        candidates,
        meta: undefined,
        said: false,
        followSaid: false,
        metaSaid: file.kind === 'session',
        problem: null,
      });
    }
    this.queue(path, live);
  }

  private removed(path: string): void {
    const target = classifySessionFile(path);
    if (target?.kind === 'session-state' || target?.kind === 'process-key') return this.sessions.gone(target.kind, path);
    // What a transcript said stays: only following it ends.
    this.followed.delete(path);
    this.queued.delete(path);
  }

  private queue(path: string, live: boolean): void {
    this.queued.set(path, this.queued.get(path) === true || live);
    if (!this.started || this.scheduled) return;
    this.scheduled = true;
    // An append is read a moment later, with those that come meanwhile: one frame for a team's burst of records.
    if (live) setTimeout(() => this.pump(), LIVE_BATCH_MS);
    else setImmediate(() => this.pump());
  }

  private pump(): void {
    this.scheduled = false;
    if (this.closed) return;
    this.options.readFirst?.();
    if (this.closed) return;
    const slice = this.options.sliceBytes ?? SLICE_BYTES;
    let budget = slice;
    const until = performance.now() + (this.options.sliceMs ?? SLICE_MS);
    const order = [...this.queued].sort(([, a], [, b]) => Number(b) - Number(a));
    for (const [path, live] of order) {
      if (budget <= 0 || performance.now() >= until) break;
      this.queued.delete(path);
      const followed = this.followed.get(path);
      if (!followed) continue;
      const { read, left } = this.read(path, followed, live, { bytes: budget, until }, this.held.list);
      budget -= Math.max(read, MIN_READ_COST);
      this.held.read(read);
      if (left > 0) this.queued.set(path, live);
    }
    this.held.sayIf(this.queued.size === 0, slice);
    // A long read from the start holds the young generation; appends do not (a burst over a few turns: a collection each).
    holdYoungGeneration([...this.queued.keys()].some((path) => this.followed.get(path)?.reading === true));
    if (this.queued.size > 0) {
      this.scheduled = true;
      setImmediate(() => this.pump());
    } else this.release();
  }

  /** One slice of a file, and its observation if it has something to say: the bytes read, and those left. */
  private read(path: string, followed: Followed, live: boolean, slice: Slice, out: Observation[]): { read: number; left: number } {
    const at = this.now();
    const none = { read: 0, left: 0 };
    if (followed.file.kind === 'subagent' && !this.decided(path, decideByMeta(this.options.claudeDir, path, followed))) return none;
    const result = followed.follower.read(this.options.claudeDir, slice.bytes, slice.until);
    if (result.kind === 'failed') {
      if (result.code === 'ENOENT' || result.code === 'ENOTDIR') return none;
      this.sayProblem(path, followed, readErrorMessage(result.code, result.error), out);
      return none;
    }
    const { read, left } = result;
    if (result.reset) Object.assign(followed, { said: false, followSaid: false });
    followed.reading = left > 0 && (result.reset || followed.reading);
    // Whose a session file is: until its first record says, nothing of it is said.
    if (followed.owner === undefined) {
      if (!this.decided(path, decideByIdentity(followed))) {
        this.sayProblem(path, followed, null, out);
        return { read, left: this.followed.has(path) ? left : 0 };
      }
      // A tmux teammate's session: its subagents' folder is read and watched from now on.
      if (addMemberSession(this.memberSessions, followed.file, followed.owner!) && this.rewatch()) this.options.watchSetChanged?.();
    }
    // A record it could not read (not JSON, not a record, read in part) is said, until the file is read anew.
    this.sayProblem(path, followed, followed.follower.decoder.problem ?? null, out);
    sayMailTaken(this.teams, followed, result.facts, left, { at, live }, out);
    const reset = !followed.said;
    const meta = followed.metaSaid ? undefined : followed.meta;
    const done = left === 0 && followed.saidMore === true;
    if (!reset && meta === undefined && result.facts.length === 0 && !done) return { read, left };
    followed.said = true;
    followed.metaSaid = true;
    followed.saidMore = left > 0;
    const more = left > 0 ? { more: true } : {};
    out.push({ kind: 'transcript', team: followed.owner!, path, reset, ...more, facts: result.facts, ...(meta ? { meta } : {}), at, live });
    return { read, left };
  }

  private sayProblem(path: string, followed: Followed, message: string | null, out: Observation[]): void {
    if (followed.problem === message) return;
    followed.problem = message;
    out.push(message === null ? { kind: 'problem-gone', path } : { kind: 'problem', path, message, at: this.now() });
  }

  private decided(path: string, decision: Decision): boolean {
    if (decision === 'nobody') this.forget(path);
    return decision === 'read';
  }

  private forget(path: string): void {
    this.followed.delete(path);
    this.ignored.add(path);
  }

  private release(): void {
    if (this.queued.size > 0 || !this.sessions.idle()) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}

/** Problems are keyed by path: this one is the transcripts' watcher's. */
export const TRANSCRIPTS_WATCHER = 'watcher:transcripts';

/**
 * `sessions/<pid>.json`: every running session's live state, of which only a team lead's is said (its
 * in-process teammates' permission prompts show there too). The last state read stays.
 */
import type { Observation } from '../../../core/model/observation.js';
import { parseSessionState, type SessionState } from '../../../core/model/session-state.js';
import type { TranscriptTeam } from '../../../core/decode/transcript/member-of.js';
import { readAt, withRegularFile } from '../../read-file.js';
import { join } from 'node:path';

/** A session's state, a meta: small files. Anything bigger is not one. */
const SMALL_FILE_BYTES = 256 * 1024;
const RETRY_MS = 25;

/** A small file's text (a meta, a session's state); undefined when it is not there, not readable or not small. */
export function readSmall(claudeDir: string, relative: string): string | undefined {
  const result = withRegularFile(
    join(claudeDir, relative),
    (fd, stats) => {
      if (stats.size > SMALL_FILE_BYTES) return undefined;
      const buffer = Buffer.allocUnsafe(stats.size);
      return buffer.subarray(0, readAt(fd, buffer, 0, stats.size)).toString('utf8');
    },
    claudeDir,
  );
  return typeof result === 'string' ? result : undefined;
}

export class SessionStates {
  private teams: readonly TranscriptTeam[] = [];
  private readonly states = new Map<string, SessionState>();
  /** What was said of each file: the team it was said for, and the state. */
  private readonly said = new Map<string, { readonly team: string; readonly state: SessionState }>();
  private readonly queued = new Map<string, boolean>();
  private readonly retries = new Map<string, ReturnType<typeof setTimeout>>();
  private scheduled = false;
  private closed = false;

  constructor(
    private readonly claudeDir: string,
    private readonly emit: (observations: Observation[]) => void,
    private readonly now: () => number,
    /** Told when nothing is left to read: what waits for the reads to settle waits for these too. */
    private readonly onIdle: () => void = () => {},
    /** Told each file's state as read, and null once it is gone: whatever session it is (its process is looked at). */
    private readonly onState: (path: string, state: SessionState | null) => void = () => {},
  ) {}

  setTeams(teams: readonly TranscriptTeam[]): void {
    this.teams = teams;
    const observations: Observation[] = [];
    for (const path of new Set([...this.states.keys(), ...this.said.keys()])) this.say(path, false, observations);
    if (observations.length > 0) this.emit(observations);
  }

  touch(path: string, live: boolean): void {
    if (this.closed) return;
    this.queued.set(path, this.queued.get(path) === true || live);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.readQueued());
  }

  /**
   * What a listing of `sessions/` found. A file read before and not among them
   * has gone, though no event said so: removed before the watcher watched the
   * folder (a busy machine takes a while to set a watch up), its removal was
   * never told.
   */
  listed(paths: ReadonlySet<string>): void {
    for (const path of [...this.states.keys()]) if (!paths.has(path)) this.gone(path);
  }

  /** The file is gone (the session ended). */
  gone(path: string): void {
    this.states.delete(path);
    this.onState(path, null);
    clearTimeout(this.retries.get(path));
    this.retries.delete(path);
    const observations: Observation[] = [];
    this.say(path, true, observations);
    if (observations.length > 0) this.emit(observations);
  }

  idle(): boolean {
    return this.queued.size === 0 && this.retries.size === 0;
  }

  close(): void {
    this.closed = true;
    this.queued.clear();
    for (const retry of this.retries.values()) clearTimeout(retry);
    this.retries.clear();
  }

  private readQueued(): void {
    this.scheduled = false;
    if (this.closed) return;
    const observations: Observation[] = [];
    for (const [path, live] of this.queued) this.read(path, live, observations);
    this.queued.clear();
    if (observations.length > 0) this.emit(observations);
    if (this.idle()) this.onIdle();
  }

  private read(path: string, live: boolean, observations: Observation[]): void {
    const text = readSmall(this.claudeDir, path);
    if (text === undefined) return;
    const state = parseSessionState(text);
    if (!state) {
      // Maybe read while being written: once more, a moment later.
      if (!this.retries.has(path)) {
        this.retries.set(
          path,
          setTimeout(() => {
            this.retries.delete(path);
            this.touch(path, live);
          }, RETRY_MS),
        );
      }
      return;
    }
    this.states.set(path, state);
    this.onState(path, state);
    this.say(path, live, observations);
  }

  /** Says the file's state to the team whose lead's it is, and its end to a team it no longer is. */
  private say(path: string, live: boolean, observations: Observation[]): void {
    const state = this.states.get(path);
    const team = state && this.teams.find((candidate) => candidate.leadSessionId === state.sessionId)?.name;
    const before = this.said.get(path);
    if (before?.team === team && before?.state === state) return;
    const at = this.now();
    if (before !== undefined && before.team !== team) {
      if (this.teams.some((candidate) => candidate.name === before.team))
        observations.push({ kind: 'session-state', team: before.team, path, state: null, at, live });
      this.said.delete(path);
    }
    if (team === undefined || !state) return;
    this.said.set(path, { team, state });
    observations.push({ kind: 'session-state', team, path, state, at, live });
  }
}

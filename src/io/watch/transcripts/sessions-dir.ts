/** `sessions/`: the leads' live states and every claude process's key, for the teams known (the processes looked at). */
import type { Observation } from '../../../core/model/observation.js';
import type { TranscriptTeam } from '../../../core/decode/transcript/member-of.js';
import { ProcessWatch, type ProcessHost } from './processes.js';
import { SessionStates } from './session-states.js';

export type SessionsFileKind = 'session-state' | 'process-key';

export class SessionsDir {
  private readonly states: SessionStates;
  private readonly processes: ProcessWatch;

  constructor(claudeDir: string, emit: (observations: Observation[]) => void, now: () => number, onIdle: () => void, host?: ProcessHost) {
    this.processes = new ProcessWatch(claudeDir, emit, now, host);
    this.states = new SessionStates(claudeDir, emit, now, onIdle, (path, state) => this.processes.session(path, state));
  }

  setTeams(teams: readonly TranscriptTeam[]): void {
    this.states.setTeams(teams);
    this.processes.setTeams(teams.map((team) => team.name));
  }

  touch(kind: SessionsFileKind, path: string, live: boolean): void {
    if (kind === 'session-state') this.states.touch(path, live);
    else this.processes.key(path);
  }

  gone(kind: SessionsFileKind, path: string): void {
    if (kind === 'session-state') this.states.gone(path);
    else this.processes.gone(path);
  }

  /** What a listing of `sessions/` found: a state file no longer among them has gone, told or not. */
  listed(paths: ReadonlySet<string>): void {
    this.states.listed(paths);
  }

  /** Look at the processes again and again (a watch; a one-off read looks once). */
  poll(): void {
    this.processes.poll();
  }

  idle(): boolean {
    return this.states.idle();
  }

  close(): void {
    this.states.close();
    this.processes.close();
  }
}

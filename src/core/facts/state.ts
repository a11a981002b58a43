/** Everything teamtop has observed, per team. Immutable: the reducer keeps what did not change, so selectors compare by identity. */
import type { ActivityFold } from '../model/activity.js';
import type { Artifact } from '../model/agent.js';
import type { RecordedWork } from '../model/observation.js';
import type { TranscriptFile } from '../model/paths.js';
import type { SessionState } from '../model/session-state.js';
import type { ProcessSeen } from '../model/liveness.js';
import type { TranscriptIdentity, TranscriptMeta } from '../model/transcript-facts.js';
import type { UsageFold } from '../model/usage.js';
import type { AgentStatus, Member, TeamConfig } from '../model/schemas.js';
import type { RosterStay } from '../model/roster.js';
import type { TaskRecord } from '../model/task-graph.js';
import type { InboxHistory } from './inbox-versions.js';

export interface MemberRecord {
  readonly name: string;
  readonly info: Member;
  readonly inConfig: boolean;
  /** When `isActive` was seen taking its value (epoch ms); NaN when it had it when teamtop looked. */
  readonly activeSince: number;
  /** More than one: a member that left and joined again. */
  readonly stays: readonly RosterStay[];
}

export interface AgentLog {
  /** Oldest first, at most MAX_LOG_LINES. */
  readonly lines: readonly string[];
  readonly partial: string;
  /** Lines seen in all: `lines[i]` is line number `total - lines.length + i`. */
  readonly total: number;
  /** A removed log keeps its lines on screen, as `tail -F` does. */
  readonly present: boolean;
}

export interface AgentRecord {
  readonly status: AgentStatus | null;
  readonly log: AgentLog | null;
  readonly artifacts: { readonly entries: readonly Artifact[]; readonly more: number } | null;
}

/** A transcript folded: what its writer does and used, and who wrote it. No text beyond the lines the steps show. */
export interface TranscriptRecord {
  readonly file: TranscriptFile;
  readonly activity: ActivityFold;
  readonly usage: UsageFold;
  readonly identity: TranscriptIdentity | null;
  readonly meta: TranscriptMeta | null;
  /** Name → its spawn prompt's first line (the latest, a few dozen at most). */
  readonly spawned: ReadonlyMap<string, string>;
}

export interface TeamState {
  readonly name: string;
  readonly config: TeamConfig | null;
  /** Every member any config has listed, in first-seen order. */
  readonly members: ReadonlyMap<string, MemberRecord>;
  readonly inboxes: ReadonlyMap<string, InboxHistory>;
  readonly tasks: ReadonlyMap<string, TaskRecord>;
  readonly agents: ReadonlyMap<string, AgentRecord>;
  readonly transcripts: ReadonlyMap<string, TranscriptRecord>;
  /** As a journal recorded it: shown while none of the team's transcripts is read. */
  readonly recordedWork: ReadonlyMap<string, RecordedWork>;
  readonly sessions: ReadonlyMap<string, SessionState>;
  /**
   * The claude processes that may be its members' (`sessions/<pid>.<hex>.key`
   * and its lead's `sessions/<pid>.json`), by path, as last looked at: whose
   * each is, the liveness selector says (model/liveness.ts).
   */
  readonly processes: ReadonlyMap<string, ProcessSeen>;
  /** `teams/<name>/` has been seen: a task list without it is a solo session. */
  readonly isTeam: boolean;
  /** `teams/<name>/` exists now; a team that had it and lost it has ended. */
  readonly present: boolean;
  /** Latest activity seen, epoch ms (NaN when none). */
  readonly lastActivity: number;
}

export interface Problem {
  readonly path: string;
  readonly message: string;
  readonly since: number;
}

/** Everything observed, per team: the facts. What is wrong with them is diagnosed apart (src/core/judge/). */
export interface Facts {
  readonly teams: ReadonlyMap<string, TeamState>;
  readonly problems: ReadonlyMap<string, Problem>;
}

export const NO_FACTS: Facts = { teams: new Map(), problems: new Map() };

export function emptyTeam(name: string): TeamState {
  return {
    name,
    config: null,
    members: new Map(),
    inboxes: new Map(),
    tasks: new Map(),
    agents: new Map(),
    transcripts: new Map(),
    recordedWork: new Map(),
    sessions: new Map(),
    processes: new Map(),
    isTeam: false,
    present: false,
    lastActivity: Number.NaN,
  };
}

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

/** A `claude -p` run, not a team: a folder named by a session's UUID, of which no config was ever read (docs/internals/formats.md). */
export function isPrintSession(team: TeamState): boolean {
  return team.config === null && SESSION_ID.test(team.name);
}

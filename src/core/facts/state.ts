/**
 * The store's state: everything teamtop has observed, per team. Immutable: the
 * reducer returns new objects for what changed and keeps the rest, so a selector
 * can tell by identity whether its slice changed.
 */
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
import type { InboxHistory } from './inbox-history.js';

export interface MemberRecord {
  readonly name: string;
  /** The member's latest entry in `config.json`. */
  readonly info: Member;
  /** Whether the latest `config.json` still lists the member. */
  readonly inConfig: boolean;
  /**
   * When its `isActive` was seen taking its current value, as the config
   * changed (epoch ms); NaN when it had it when teamtop looked.
   */
  readonly activeSince: number;
  /** Every stay on the roster, oldest first: more than one is a member that left and joined again. */
  readonly stays: readonly RosterStay[];
}

/** The end of an agent's output log, as followed: bounded, whatever the log's size. */
export interface AgentLog {
  /** The last lines, oldest first (at most MAX_LOG_LINES). */
  readonly lines: readonly string[];
  /** The line being written, not ended yet. */
  readonly partial: string;
  /** Lines seen in all: `lines[i]` is line number `total - lines.length + i`. */
  readonly total: number;
  /** The file is there (a removed log keeps its lines on screen, as `tail -F` does). */
  readonly present: boolean;
}

/** What a team runner keeps about one agent (the API-spec layout), as far as seen. */
export interface AgentRecord {
  readonly status: AgentStatus | null;
  readonly log: AgentLog | null;
  readonly artifacts: { readonly entries: readonly Artifact[]; readonly more: number } | null;
}

/**
 * A session transcript of the team's (a member's, once the matcher says
 * whose: selectors/work.ts), folded: what it says its writer does and used,
 * and who it says wrote it. No text of it is kept beyond the lines the
 * activity's steps show.
 */
export interface TranscriptRecord {
  readonly file: TranscriptFile;
  readonly activity: ActivityFold;
  readonly usage: UsageFold;
  readonly identity: TranscriptIdentity | null;
  /** The `.meta.json` beside a subagent's transcript. */
  readonly meta: TranscriptMeta | null;
  /** The teammates a lead's transcript says it spawned: name → its prompt's first line (the latest, a few dozen at most). */
  readonly spawned: ReadonlyMap<string, string>;
}

export interface TeamState {
  readonly name: string;
  /** The last `config.json` that could be read. */
  readonly config: TeamConfig | null;
  /** Every member any config has listed, in first-seen order. */
  readonly members: ReadonlyMap<string, MemberRecord>;
  readonly inboxes: ReadonlyMap<string, InboxHistory>;
  readonly tasks: ReadonlyMap<string, TaskRecord>;
  /** Per-agent records (`tasks/<team>/<member>/`), by member. */
  readonly agents: ReadonlyMap<string, AgentRecord>;
  /** Its members' session transcripts, by path (relative to the config dir). */
  readonly transcripts: ReadonlyMap<string, TranscriptRecord>;
  /**
   * What its members were doing and had used, by member, as a journal
   * recorded it (recorded-work.ts): shown while none of its transcripts is read.
   */
  readonly recordedWork: ReadonlyMap<string, RecordedWork>;
  /** Its lead's running session (`sessions/<pid>.json`), by path, while the file is there. */
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
  /** Relative to the config dir. */
  readonly path: string;
  readonly message: string;
  readonly since: number;
}

/** Everything observed, per team: the facts. What is wrong with them is judged apart (src/core/judge/). */
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

/**
 * A `claude -p` run, not a team. Setting a task's owner writes a
 * `task_assignment` to the owner's inbox, and a one-shot session (2.1.330)
 * has no team: it writes `tasks/<session id>/` and
 * `teams/<session id>/inboxes/<owner>.json` and never a `config.json`. So: a
 * team folder named by a session's UUID, of which no config was ever read.
 * Interactive sessions name their team `session-<8 hex>` and write a config.
 */
export function isPrintSession(team: TeamState): boolean {
  return team.config === null && SESSION_ID.test(team.name);
}

/**
 * The store's state: everything teamtop has observed, per team. Immutable: the
 * reducer returns new objects for what changed and keeps the rest, so a selector
 * can tell by identity whether its slice changed.
 */
import type { Member, TeamConfig } from '../domain/schemas.js';
import type { TaskRecord } from '../domain/task-graph.js';
import type { InboxHistory } from './inbox-history.js';

export interface MemberRecord {
  readonly name: string;
  /** The member's latest entry in `config.json`. */
  readonly info: Member;
  /** Whether the latest `config.json` still lists the member. */
  readonly inConfig: boolean;
}

export interface TeamState {
  readonly name: string;
  /** The last `config.json` that could be read. */
  readonly config: TeamConfig | null;
  /** Every member any config has listed, in first-seen order. */
  readonly members: ReadonlyMap<string, MemberRecord>;
  readonly inboxes: ReadonlyMap<string, InboxHistory>;
  readonly tasks: ReadonlyMap<string, TaskRecord>;
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

export interface AppState {
  readonly teams: ReadonlyMap<string, TeamState>;
  readonly problems: ReadonlyMap<string, Problem>;
}

export const initialState: AppState = { teams: new Map(), problems: new Map() };

export function emptyTeam(name: string): TeamState {
  return {
    name,
    config: null,
    members: new Map(),
    inboxes: new Map(),
    tasks: new Map(),
    isTeam: false,
    present: false,
    lastActivity: Number.NaN,
  };
}

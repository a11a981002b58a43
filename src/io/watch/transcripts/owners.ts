/**
 * Which team a session file is of, and so whether it is read at all: nothing of a session that is not a
 * team's reaches the store or the journal. The rules per kind of file: docs/internals/watching.md.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECTS, type TranscriptFile } from '../../../core/model/paths.js';
import type { TranscriptMeta } from '../../../core/model/transcript-facts.js';
import { isOwnSubagent, worthIdentifying, type TranscriptTeam } from '../../../core/decode/transcript/member-of.js';
import { parseSubagentMeta } from '../../../core/decode/transcript/records.js';
import type { TranscriptFollower } from './follower.js';
import { readSmall } from './session-states.js';

/** The folders watched: each slug with the lead sessions whose subagents' folders are wanted. */
export type WatchSet = ReadonlyMap<string, ReadonlySet<string>>;

export interface Followed {
  readonly follower: TranscriptFollower;
  readonly file: Extract<TranscriptFile, { kind: 'session' | 'subagent' }>;
  owner: string | undefined;
  /** The teams it may be of, while it is read to find out. */
  candidates: readonly string[];
  meta: TranscriptMeta | undefined;
  /** Said to the store: the next observation is not a reset. */
  said: boolean;
  /** Said to the store that its member's inbox is followed (it was read to its end). */
  followSaid: boolean;
  /** Read from its start (a first read, or anew) and not at its end yet: a long read, whatever woke it. */
  reading?: boolean;
  metaSaid: boolean;
  /** Its last observation said more was to come: the next slice says it is done, facts or none. */
  saidMore?: boolean;
  /** What the store was told is wrong with the file (a read that failed, a record that could not be read); null: nothing. */
  problem: string | null;
}

/** `read`: it is a team's; `wait`: not known yet; `nobody`: no team's here, never read again. */
export type Decision = 'read' | 'wait' | 'nobody';

export const subagentsOf = (slug: string, lead: string) => `${PROJECTS}/${slug}/${lead}/subagents`;

/**
 * The folders of the teams' working directories, each with the sessions whose
 * subagents are read: the teams' leads', and (`members`: slug → session →
 * team) the tmux teammates' sessions found there.
 */
export function watchSetOf(
  teams: readonly TranscriptTeam[],
  members: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(),
): WatchSet {
  const set = new Map<string, Set<string>>();
  const names = new Set(teams.map((team) => team.name));
  for (const team of teams) {
    for (const slug of team.slugs) {
      const leads = set.get(slug) ?? new Set<string>();
      if (team.leadSessionId !== undefined) leads.add(team.leadSessionId);
      for (const [session, owner] of members.get(slug) ?? []) if (names.has(owner)) leads.add(session);
      set.set(slug, leads);
    }
  }
  return set;
}

export function sameSet(a: WatchSet, b: WatchSet): boolean {
  if (a.size !== b.size) return false;
  for (const [slug, leads] of a) {
    const other = b.get(slug);
    if (!other || other.size !== leads.size || [...leads].some((lead) => !other.has(lead))) return false;
  }
  return true;
}

/**
 * The teams a transcript may be of: its lead session's (or, a subagent's in a
 * tmux teammate's session folder, that teammate's team: `sessionOwner`), else
 * (a session of its own) those on its slug created before it last changed.
 */
export function candidatesFor(
  teams: readonly TranscriptTeam[],
  claudeDir: string,
  path: string,
  file: Extract<TranscriptFile, { kind: 'session' | 'subagent' }>,
  sessionOwner?: string,
): string[] {
  const onSlug = teams.filter((team) => team.slugs.includes(file.slug));
  const leading = onSlug.filter((team) => team.leadSessionId === file.sessionId);
  if (file.kind === 'subagent' && leading.length === 0 && sessionOwner !== undefined)
    return onSlug.filter((team) => team.name === sessionOwner).map((team) => team.name);
  if (file.kind === 'subagent' || leading.length > 0) return leading.map((team) => team.name);
  let changedAt: number;
  try {
    changedAt = statSync(join(claudeDir, path)).mtimeMs;
  } catch {
    return [];
  }
  return onSlug
    .filter((team) => worthIdentifying(file, { ...team, createdAt: createdOnFileClock(claudeDir, team) }, changedAt))
    .map((team) => team.name);
}

/**
 * When a team was created on the disk's clock: the config's last change when earlier than its `createdAt`
 * (the client's clock and the disk's can disagree, and a transcript's time is the disk's).
 */
function createdOnFileClock(claudeDir: string, team: TranscriptTeam): number {
  if (Number.isNaN(team.createdAt)) return team.createdAt;
  try {
    return Math.min(team.createdAt, statSync(join(claudeDir, 'teams', team.name, 'config.json')).mtimeMs);
  } catch {
    return team.createdAt;
  }
}

/**
 * A subagent's transcript is read once its meta says it is an in-process
 * teammate of one of the teams, or a member's own subagent (a meta naming the
 * call that started it, in a folder of the team's sessions: its candidate).
 */
export function decideByMeta(claudeDir: string, path: string, followed: Followed): Decision {
  if (followed.meta !== undefined && followed.owner !== undefined) return 'read';
  const text = readSmall(claudeDir, path.replace(/\.jsonl$/u, '.meta.json'));
  const meta = text === undefined ? undefined : parseSubagentMeta(text);
  if (!meta) return 'wait';
  const owner =
    meta.taskKind === 'in_process_teammate'
      ? followed.candidates.find((name) => name === meta.teamName)
      : isOwnSubagent(followed.file, meta) && meta.toolUseId !== undefined
        ? followed.candidates[0]
        : undefined;
  if (owner === undefined) return 'nobody';
  if (followed.owner !== owner || JSON.stringify(followed.meta) !== JSON.stringify(meta)) followed.metaSaid = false;
  followed.owner = owner;
  followed.meta = meta;
  return 'read';
}

/** A session file read to learn whose it is: its first record says. */
export function decideByIdentity(followed: Followed): Decision {
  const identity = followed.follower.decoder.identity;
  if (identity === undefined) return 'wait';
  const owner =
    !identity.sidechain && identity.sessionId === followed.file.sessionId
      ? followed.candidates.find((name) => name === identity.teamName)
      : undefined;
  if (owner === undefined) return 'nobody';
  followed.owner = owner;
  return 'read';
}

/** `file` is the session of `team`'s lead. */
export const isLeadOf = (teams: readonly TranscriptTeam[], team: string, file: TranscriptFile): boolean =>
  teams.some((known) => known.name === team && known.leadSessionId === file.sessionId);

/** Keeps a tmux teammate's session of `team` (its subagents' folder is read): whether it is new. */
export function addMemberSession(sessions: Map<string, Map<string, string>>, file: TranscriptFile, team: string): boolean {
  if (file.kind !== 'session' || sessions.get(file.slug)?.get(file.sessionId) === team) return false;
  sessions.set(file.slug, new Map(sessions.get(file.slug)).set(file.sessionId, team));
  return true;
}

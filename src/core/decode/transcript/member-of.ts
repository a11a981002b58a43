/**
 * Which member of a team a transcript belongs to: pure, from the file's path
 * under `<claude dir>/projects/`, the team's config, and what the transcript
 * (or the `.meta.json` beside it) says of itself.
 *
 *   projectSlug(cwd): string                        `/home/dev/app` → `-home-dev-app`
 *   projectFolders(cwds): string[]                  the folders under projects/ to watch for a team
 *   teamRefOf(name, config, lead): TeamRef          what the matcher needs of a team
 *   transcriptFileOf(path): TranscriptFile | undefined   what a path under projects/ is
 *   worthIdentifying(file, team, changedAt): boolean     a session file that may be a tmux teammate's (read its head)
 *   memberOf(team, file, evidence): string | undefined   the member's name, or undefined (not this team's, or not known yet)
 *
 * Where Claude Code writes them (2.1.330 to 2.1.332, FORMATS.md):
 * - the lead: `<slug>/<leadSessionId>.jsonl`, named by the config's `leadSessionId`;
 * - an in-process teammate: `<slug>/<leadSessionId>/subagents/agent-<id>.jsonl`, with
 *   `agent-<id>.meta.json` beside it saying `taskKind: "in_process_teammate"`, its
 *   `teamName` and `name`. The same folder holds ordinary subagents, compactions
 *   (`agent-acompact-*`) and side questions: no meta that says so, no member;
 * - a tmux teammate: a session of its own, `<slug>/<sessionId>.jsonl`, that nothing in
 *   the config names; its records carry `teamName` and `agentName`, so its first
 *   records say whose it is (the identity fact of its decoder).
 * A transcript that matches nothing is nobody's: a pane shows nothing rather than a guess.
 *
 * A member's own subagent (an `Agent` call without a name) writes
 * `<slug>/<sessionId>/subagents/agent-<id>.jsonl` in the folder of the session that
 * runs it, its meta naming the call (`toolUseId`) and no team or name
 * (subagentParent says whose it is):
 * - an in-process teammate's: in its lead's session folder, `parentAgentId` its agent id;
 * - the lead's own, or a tmux teammate's: in that session's folder, no `parentAgentId`;
 * - a subagent's own: `parentAgentId` the subagent's id.
 */
import type { TranscriptFile } from '../../model/paths.js';
import type { TeamConfig } from '../../model/schemas.js';
import type { TranscriptIdentity } from '../../model/transcript-facts.js';
import type { SubagentMeta } from './records.js';

/** A session's project folder under projects/: its working directory, every character outside [A-Za-z0-9-] as `-`. */
export const projectSlug = (cwd: string): string => cwd.replace(/[^A-Za-z0-9-]/gu, '-');

/** The project folders a team's members write to (one each cwd), without repeats. */
export function projectFolders(cwds: Iterable<string | undefined>): string[] {
  const folders = new Set<string>();
  for (const cwd of cwds) if (cwd !== undefined && cwd !== '') folders.add(projectSlug(cwd));
  return [...folders];
}

export { transcriptFileOf, type TranscriptFile } from '../../model/paths.js';

/** What the matcher needs of a team: its name (its folder's), its config's lead session and creation time, and its lead's name. */
export interface TeamRef {
  readonly name: string;
  readonly leadSessionId: string | undefined;
  /** The config's `createdAt`, epoch ms (NaN when it does not say). */
  readonly createdAt: number;
  readonly lead: string | undefined;
}

/** A team whose transcripts are read: what the matcher needs, and the project folders its members write to. */
export interface TranscriptTeam extends TeamRef {
  /** Folders under projects/, one each cwd (projectFolders). */
  readonly slugs: readonly string[];
}

/** A team as the matcher needs it, from its folder's name, its config and its lead (the store's `selectLead`). */
export function teamRefOf(name: string, config: TeamConfig | undefined, lead: string | undefined): TeamRef {
  const created = config?.createdAt;
  return {
    name,
    leadSessionId: config?.leadSessionId,
    createdAt: typeof created === 'number' ? created : created === undefined ? Number.NaN : Date.parse(created),
    lead,
  };
}

/**
 * Whether a session file is worth reading the head of, to learn whether it is
 * a tmux teammate's: not the lead's own session, and written since the team
 * was created (a user's `projects/` holds thousands of old sessions).
 */
export function worthIdentifying(file: TranscriptFile, team: TeamRef, changedAt: number): boolean {
  if (file.kind !== 'session' || file.sessionId === team.leadSessionId) return false;
  return Number.isNaN(team.createdAt) || changedAt >= team.createdAt;
}

/** What a transcript says of itself: its meta file (a subagent's) and its decoder's identity. */
export interface TranscriptEvidence {
  readonly meta?: SubagentMeta | undefined;
  readonly identity?: TranscriptIdentity | undefined;
}

/** The member whose transcript `file` is, or undefined: not this team's, or not known yet (no meta, no identity). */
export function memberOf(team: TeamRef, file: TranscriptFile, evidence: TranscriptEvidence): string | undefined {
  if (file.kind === 'subagent-meta') return undefined;
  if (file.kind === 'subagent') {
    const { meta } = evidence;
    if (file.sessionId !== team.leadSessionId || meta?.taskKind !== 'in_process_teammate' || meta.teamName !== team.name) return undefined;
    return meta.name;
  }
  if (file.sessionId === team.leadSessionId) return team.lead;
  const { identity } = evidence;
  if (identity === undefined || identity.sidechain || identity.sessionId !== file.sessionId || identity.teamName !== team.name)
    return undefined;
  return identity.agentName;
}

/** A member's own subagent's transcript (not a teammate's): its meta names the call that started it. */
export const isOwnSubagent = (file: TranscriptFile, meta: SubagentMeta | undefined): boolean =>
  file.kind === 'subagent' && meta !== undefined && meta.taskKind !== 'in_process_teammate' && meta.name === undefined;

/**
 * Whose a member's own subagent is: the agent that started it (`parentAgentId`,
 * an in-process teammate's or another subagent's id) or, when the meta names
 * none, the session whose folder holds it (the lead's or a tmux teammate's).
 */
export function subagentParent(
  file: Extract<TranscriptFile, { kind: 'subagent' }>,
  meta: SubagentMeta,
): { readonly agentId: string } | { readonly sessionId: string } {
  return meta.parentAgentId !== undefined ? { agentId: meta.parentAgentId } : { sessionId: file.sessionId };
}

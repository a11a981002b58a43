/**
 * Which member of a team a transcript belongs to, from its path, the team's config and what the transcript says of
 * itself (where each kind of member's is written: docs/internals/formats.md). One that matches nothing is nobody's:
 * a pane shows nothing rather than a guess. A member's own subagent (no name, its meta naming the call) is its
 * session's, or its `parentAgentId`'s (subagentParent).
 */
import type { TranscriptFile } from '../../model/paths.js';
import type { TeamConfig } from '../../model/schemas.js';
import type { TranscriptIdentity } from '../../model/transcript-facts.js';
import type { SubagentMeta } from './records.js';

/** Its working directory, every character outside [A-Za-z0-9-] as `-`. */
export const projectSlug = (cwd: string): string => cwd.replace(/[^A-Za-z0-9-]/gu, '-');

export function projectFolders(cwds: Iterable<string | undefined>): string[] {
  const folders = new Set<string>();
  for (const cwd of cwds) if (cwd !== undefined && cwd !== '') folders.add(projectSlug(cwd));
  return [...folders];
}

export { transcriptFileOf, type TranscriptFile } from '../../model/paths.js';

export interface TeamRef {
  readonly name: string;
  readonly leadSessionId: string | undefined;
  /** Epoch ms; NaN when the config does not say. */
  readonly createdAt: number;
  readonly lead: string | undefined;
}

export interface TranscriptTeam extends TeamRef {
  readonly slugs: readonly string[];
}

/** `lead`: the store's `selectLead`. */
export function teamRefOf(name: string, config: TeamConfig | undefined, lead: string | undefined): TeamRef {
  const created = config?.createdAt;
  return {
    name,
    leadSessionId: config?.leadSessionId,
    createdAt: typeof created === 'number' ? created : created === undefined ? Number.NaN : Date.parse(created),
    lead,
  };
}

/** Not the lead's own session, and written since the team was created: a user's `projects/` holds thousands of old sessions. */
export function worthIdentifying(file: TranscriptFile, team: TeamRef, changedAt: number): boolean {
  if (file.kind !== 'session' || file.sessionId === team.leadSessionId) return false;
  return Number.isNaN(team.createdAt) || changedAt >= team.createdAt;
}

export interface TranscriptEvidence {
  readonly meta?: SubagentMeta | undefined;
  readonly identity?: TranscriptIdentity | undefined;
}

/** Undefined: not this team's, or not known yet (no meta, no identity). */
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

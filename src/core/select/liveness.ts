/** Each member's process and whether it runs: the lead's, a tmux teammate's own, an in-process teammate's its lead's. */
import { memberOf, teamRefOf } from '../decode/transcript/member-of.js';
import type { TeamState } from '../facts/index.js';
import { livenessOf, type Liveness, type ProcessMember } from '../model/liveness.js';
import { toEpoch } from '../model/time.js';
import { selectLead } from './lead.js';
import { memoize } from './memo.js';

/** The lead's process, as its `sessions/<pid>.json` says, else the config's `leadProcess` (2.1.332). */
function leadPidOf(team: TeamState): { pid: number; procStart: string | null } | null {
  const leadSession = team.config?.leadSessionId;
  // The newest of its sessions' processes: one killed leaves its file, and the session resumed writes another.
  let newest: { pid: number; procStart: string | null; startedAt: number } | undefined;
  for (const state of team.sessions.values()) {
    if (state.sessionId !== leadSession || typeof state.pid !== 'number') continue;
    const startedAt = state.startedAt ?? Number.NEGATIVE_INFINITY;
    if (!newest || startedAt > newest.startedAt) newest = { pid: state.pid, procStart: state.procStart ?? null, startedAt };
  }
  if (newest) return { pid: newest.pid, procStart: newest.procStart };
  const claimed = (team.config as Record<string, unknown> | null)?.['leadProcess'];
  if (claimed === null || typeof claimed !== 'object') return null;
  const { pid, procStart } = claimed as Record<string, unknown>;
  return typeof pid === 'number' && Number.isSafeInteger(pid) ? { pid, procStart: typeof procStart === 'string' ? procStart : null } : null;
}

/** When a member's transcripts last moved (NaN: none read). */
function lastMoved(team: TeamState, member: string): number {
  const ref = teamRefOf(team.name, team.config ?? undefined, selectLead(team));
  let last = Number.NaN;
  for (const record of team.transcripts.values()) {
    const at = record.activity.lastAt;
    if (at === null || !(Number.isNaN(last) || at > last)) continue;
    if (memberOf(ref, record.file, { meta: record.meta ?? undefined, identity: record.identity ?? undefined }) === member) last = at;
  }
  return last;
}

export const selectLiveness = memoize((team: TeamState): ReadonlyMap<string, Liveness> => {
  const lead = selectLead(team);
  const members: ProcessMember[] = [...team.members.values()].map((record) => ({
    name: record.name,
    isLead: record.name === lead,
    backendType: record.info.backendType ?? null,
    joinedAt: toEpoch(record.info.joinedAt ?? record.info.spawnedAt),
  }));
  if (lead !== undefined && !team.members.has(lead)) members.push({ name: lead, isLead: true, backendType: null, joinedAt: Number.NaN });
  const found = livenessOf(team.name, members, [...team.processes.values()], leadPidOf(team));
  let result: Map<string, Liveness> | undefined;
  for (const [member, liveness] of found) {
    if (liveness.state !== 'dead' || Number.isFinite(liveness.since)) continue;
    (result ??= new Map(found)).set(member, { ...liveness, since: lastMoved(team, member) });
  }
  return result ?? found;
});

/** The lead's process is gone: the team has ended, whatever its folder says. */
export const selectLeadDead = (team: TeamState): boolean => {
  const lead = selectLead(team);
  return lead !== undefined && selectLiveness(team).get(lead)?.state === 'dead';
};

/** Since when a member is dead (NaN when not known since when); null when it is not known to be. */
export const deadSinceOf = (liveness: Liveness | undefined): number | null => (liveness?.state === 'dead' ? liveness.since : null);

/** The team has ended: its folder is gone, or its lead's process is. */
export const selectTeamEnded = (team: TeamState): boolean => !team.present || selectLeadDead(team);

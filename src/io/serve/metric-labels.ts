/** Which teams and members `/metrics` gives series, and their label values: bounded, one line each, kept apart. */
import type { TeamState } from '../../core/facts/index.js';
import { RECENT_MS } from '../../core/judge/index.js';
import { sanitizeLine } from '../../core/text/sanitize.js';
import type { MemberView } from '../../core/select/members.js';
import { selectTeams } from '../../core/select/teams.js';
import type { AppState } from '../../core/app-state.js';

/** Teams given series; the rest are counted in `teamtop_teams_unlisted`. */
export const MAX_TEAMS = 10;
/** Members of a team given series; the rest are counted in `teamtop_team_members_unlisted`. */
export const MAX_MEMBERS = 40;
/** The longest label value, in UTF-16 units. */
export const LABEL_CHARS = 100;

function labelText(text: string): string {
  const line = sanitizeLine(text);
  return line.length <= LABEL_CHARS ? line : `${line.slice(0, LABEL_CHARS - 1)}…`;
}

/** Label values kept apart: the same text once cut gets a `~2`, `~3`… */
export class LabelValues {
  private readonly used = new Set<string>();

  of(text: string): string {
    const base = labelText(text);
    let value = base;
    for (let i = 2; this.used.has(value); i++) value = `${base}~${i}`;
    this.used.add(value);
    return value;
  }
}

/** The teams given series, in order, and how many were left out. */
export function listedTeams(state: AppState, now: number): { readonly teams: readonly TeamState[]; readonly unlisted: number } {
  const all = selectTeams(state.teams);
  const recent = (team: TeamState) => team.present || (Number.isFinite(team.lastActivity) && now - team.lastActivity <= RECENT_MS);
  const candidates = all
    .filter(recent)
    .sort(
      (a, b) =>
        Number(b.present) - Number(a.present) ||
        (Number.isNaN(b.lastActivity) ? -Infinity : b.lastActivity) - (Number.isNaN(a.lastActivity) ? -Infinity : a.lastActivity) ||
        a.name.localeCompare(b.name),
    );
  const teams = candidates.slice(0, MAX_TEAMS);
  return { teams, unlisted: all.length - teams.length };
}

/** The members given series: the lead first, the roster's order, those still on it before those gone. */
export function listedMembers(members: readonly MemberView[]): readonly MemberView[] {
  const rank = (member: MemberView) => (member.isLead ? 0 : member.departed ? 2 : member.status === 'not on roster' ? 3 : 1);
  return members
    .map((member, index) => ({ member, index }))
    .sort((a, b) => rank(a.member) - rank(b.member) || a.index - b.index)
    .slice(0, MAX_MEMBERS)
    .map(({ member }) => member);
}

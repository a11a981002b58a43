import { type Facts, type TeamState, isPrintSession } from '../facts/index.js';
import { memoize } from './memo.js';
import { selectMembers } from './members.js';
import { selectTeamEnded } from './liveness.js';

export interface TeamSummary {
  readonly name: string;
  readonly description: string | null;
  readonly memberCount: number;
  readonly lastActivity: number;
  readonly ended: boolean;
  /** A `claude -p` session's leftovers, not a team (see isPrintSession). */
  readonly session: boolean;
}

/** Teams (not solo task lists), by name. */
export const selectTeams = memoize((teams: Facts['teams']): TeamState[] =>
  [...teams.values()].filter((team) => team.isTeam).sort((a, b) => a.name.localeCompare(b.name)),
);

export const selectTeamSummaries = memoize((teams: Facts['teams']): TeamSummary[] =>
  selectTeams(teams).map((team) => ({
    name: team.name,
    description: team.config?.description ?? null,
    memberCount: selectMembers(team).filter(
      (member) => !member.departed && member.status !== 'no agent' && member.status !== 'not on roster',
    ).length,
    lastActivity: team.lastActivity,
    ended: selectTeamEnded(team),
    session: isPrintSession(team),
  })),
);

/** The team a user most likely wants: the most recently active one, a real team before a `claude -p` session. */
export function selectMostRecentTeam(state: Facts): string | undefined {
  let best: TeamState | undefined;
  const rank = (team: TeamState) => (isPrintSession(team) ? 0 : 1);
  for (const team of selectTeams(state.teams)) {
    if (
      !best ||
      rank(team) > rank(best) ||
      (rank(team) === rank(best) &&
        (team.lastActivity > best.lastActivity || (Number.isNaN(best.lastActivity) && !Number.isNaN(team.lastActivity))))
    ) {
      best = team;
    }
  }
  return best?.name;
}

/** The team on screen: the one the user picked while it is there, else the most recently active one. */
export function selectCurrentTeam(state: Facts, picked: string | null): TeamState | undefined {
  const name = picked !== null && selectTeams(state.teams).some((team) => team.name === picked) ? picked : selectMostRecentTeam(state);
  return name === undefined ? undefined : state.teams.get(name);
}

/** A member's agent records (its runner's status, output log and artifacts), as the reducer keeps them. */
import type { Observation } from '../model/observation.js';
import { formatBytes } from '../model/agent.js';
import type { AgentLog, AgentRecord, TeamState } from './state.js';

/** Lines of an agent's output log kept: what a screen can show many times over. */
export const MAX_LOG_LINES = 1000;

const NO_AGENT: AgentRecord = { status: null, log: null, artifacts: null };

export function withAgent(team: TeamState, member: string, update: (agent: AgentRecord) => AgentRecord): TeamState {
  const before = team.agents.get(member) ?? NO_AGENT;
  const after = update(before);
  if (after === before) return team;
  const agents = new Map(team.agents);
  agents.set(member, after);
  return { ...team, agents };
}

export function followLog(log: AgentLog | null, observation: Extract<Observation, { kind: 'log' }>): AgentLog {
  const notes: string[] = [];
  if (observation.reset && log) notes.push('— output.log was truncated or replaced: showing the new one —');
  if (observation.skipped > 0) notes.push(`— ${formatBytes(observation.skipped)} not shown —`);
  const added = [...notes, ...observation.lines];
  const before = observation.reset || !log ? [] : log.lines;
  const lines = before.length + added.length > MAX_LOG_LINES ? [...before, ...added].slice(-MAX_LOG_LINES) : [...before, ...added];
  return { lines, partial: observation.partial, total: (log?.total ?? 0) + added.length, present: true };
}

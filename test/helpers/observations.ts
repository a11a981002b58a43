import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
import { decodeEntry, messageKey, type InboxMessage } from '../../src/core/model/inbox.js';
import type { Observation } from '../../src/core/model/observation.js';
import type { Member, Task, TeamConfig } from '../../src/core/model/schemas.js';
import { advance } from '../../src/core/app-state.js';
import type { RecordedIncident } from '../../src/core/model/diagnosis.js';
import { initialState, type AppState } from '../../src/core/app-state.js';

export const T0 = Date.parse('2026-03-01T10:00:00.000Z');
export const at = (seconds: number) => T0 + seconds * 1000;
export const iso = (seconds: number) => new Date(at(seconds)).toISOString();

export function message(
  to: string,
  from: string,
  text: string | Record<string, unknown>,
  seconds: number,
  extra: Record<string, unknown> = {},
): InboxMessage {
  const entry = {
    from,
    text: typeof text === 'string' ? text : JSON.stringify(text),
    timestamp: iso(seconds),
    read: false,
    ...extra,
  };
  return decodeEntry(to, messageKey(to, entry)!, entry);
}

export function member(name: string, fields: Partial<Member> = {}): Member {
  return { name, agentType: 'general-purpose', agentId: `${name}@team`, ...fields };
}

export function config(members: Member[], fields: Partial<TeamConfig> = {}): TeamConfig {
  return { name: 'team', leadAgentId: 'team-lead@team', createdAt: T0, members, ...fields };
}

export function task(id: string, fields: Partial<Task> = {}): Task {
  return { id, subject: `task ${id}`, status: 'pending', blocks: [], blockedBy: [], ...fields };
}

export const observe = (state: AppState, ...observations: Observation[]): AppState =>
  advance(state, { type: 'observed', observations }, DEFAULT_THRESHOLDS);

/** A team with a lead and one worker, seen by the start-up scan. */
export function teamState(team = 'team'): AppState {
  return observe(initialState, ...teamStateObservations(team));
}

/** What the start-up scan sees of a team with a lead and one worker. */
export function teamStateObservations(team = 'team'): Observation[] {
  return [
    { kind: 'folder', target: { kind: 'team-dir', team }, at: T0 },
    {
      kind: 'config',
      team,
      config: config([member('team-lead', { agentType: 'team-lead', agentId: 'team-lead@team' }), member('worker', { color: 'purple' })]),
      at: T0,
      live: false,
    },
  ];
}

/** As a journal's `incidents` line gives it: the lead's handshake p1 stalled, raised at 60 s and standing. */
export const stalledIncident = (): RecordedIncident => ({
  id: 'stalled:handshake:p1',
  kind: 'stalled',
  severity: 'warning',
  subject: 'handshake:p1',
  members: ['team-lead'],
  since: at(0),
  summary: 's',
  action: 'a',
  evidence: [],
  raisedAt: at(60),
  clearedAt: null,
  cleared: null,
});

import { stalling } from './thresholds.js';
import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
/**
 * A team's run for the report's tests: its state made from observations with
 * the times a watcher gives them, teamtop's clock three days ahead of the
 * files' (a re-enacted recording). bob works, idles, is woken by a message, is
 * asked to shut down and goes, and is sent one more message after; alice
 * idles from 3 s on with a task left; the lead exits at 20 s.
 */
import type { Observation } from '../../src/core/model/observation.js';
import { buildRunReport } from '../../src/core/report/build-report.js';
import type { RunReport } from '../../src/core/report/model.js';
import { selectIncidents } from '../../src/core/judge/index.js';
import { advance } from '../../src/core/app-state.js';
import type { TeamState } from '../../src/core/facts/index.js';
import { at, config, member, message, task } from './observations.js';
import { initialState, type AppState } from '../../src/core/app-state.js';

export { at };

/** How far teamtop's clock runs ahead of the files'. */
export const LAG = 3 * 24 * 3600_000;
/** When teamtop saw what was stamped `seconds`: a moment after, on its own clock. */
export const seen = (seconds: number) => at(seconds) + LAG + 20;

export const TEAM = 'team';

/** A message as the live reader gives it: seen arriving a moment after its stamp. */
export const sent = (...args: Parameters<typeof message>) => ({ ...message(...args), seenAt: seen(args[3]) });
const lead = member('team-lead', { agentType: 'team-lead', joinedAt: at(0) });
const alice = member('alice', { color: 'green', joinedAt: at(1) });

export const inbox = (owner: string, messages: readonly ReturnType<typeof message>[], seconds: number): Observation => ({
  kind: 'inbox',
  team: TEAM,
  member: owner,
  messages,
  at: seen(seconds),
  live: true,
});
const configAt = (members: ReturnType<typeof member>[], seconds: number): Observation => ({
  kind: 'config',
  team: TEAM,
  config: config(members),
  at: seen(seconds),
  live: true,
});
const taskAt = (fields: ReturnType<typeof task>, seconds: number): Observation => ({
  kind: 'task',
  team: TEAM,
  task: fields,
  at: seen(seconds),
  live: true,
});

const idle = (from: string) => ({ type: 'idle_notification', from, idleReason: 'available' });

/** The run's state; `names` renames the members (a hostile name, say). */
export function run(ended: boolean, names: { bob?: string } = {}): AppState {
  const name = names.bob ?? 'bob';
  const bob = member(name, { color: 'blue', joinedAt: at(1) });
  const request = { type: 'shutdown_request', requestId: 'shutdown-1@bob', from: 'team-lead', reason: 'done' };
  const approval = { type: 'shutdown_approved', requestId: 'shutdown-1@bob', from: name };
  const toLead = [
    sent('team-lead', name, `${name}: on it`, 2),
    sent('team-lead', 'alice', idle('alice'), 3),
    sent('team-lead', name, idle(name), 4),
    sent('team-lead', name, 'bob: done, and the extra too', 8),
    sent('team-lead', name, approval, 10),
  ];
  const wake = sent(name, 'team-lead', 'bob, please also add tests', 6);
  const asked = sent(name, 'team-lead', request, 9);
  const late = sent(name, 'team-lead', 'bob, one more thing', 12);
  const observations: Observation[] = [
    { kind: 'folder', target: { kind: 'team-dir', team: TEAM }, at: seen(0) },
    configAt([lead, bob, alice], 1),
    inbox('team-lead', toLead.slice(0, 1), 2),
    inbox('team-lead', toLead.slice(0, 2), 3),
    inbox('team-lead', toLead.slice(0, 3), 4),
    inbox(name, [wake], 6),
    inbox(name, [], 7),
    inbox('team-lead', toLead.slice(0, 4), 8),
    inbox(name, [asked], 9),
    inbox(name, [], 9.5),
    inbox('team-lead', toLead, 10),
    configAt([lead, alice], 11),
    inbox(name, [late], 12),
    inbox('alice', [sent('alice', 'team-lead', 'alice, status?', 13)], 13),
    taskAt(task('1', { subject: 'Parser', owner: name, status: 'completed' }), 8),
    taskAt(task('2', { subject: 'Docs', owner: 'alice', status: 'pending' }), 2),
    taskAt(task('3', { subject: 'Dropped', owner: name, status: 'pending' }), 2),
    { kind: 'file-gone', target: { kind: 'task', team: TEAM, id: '3' }, at: seen(5), live: true },
  ];
  if (ended) observations.push({ kind: 'folder-gone', target: { kind: 'team-dir', team: TEAM }, at: seen(20) });
  return advance(initialState, { type: 'observed', observations }, INCIDENT_THRESHOLDS);
}

/** The stall threshold the incidents are judged with: past the stamps' lag, so that nothing stalls by the lag alone. */
export const INCIDENT_STALL = LAG + 60_000;
const INCIDENT_THRESHOLDS = stalling(INCIDENT_STALL);

export const teamOf = (state: AppState): TeamState => state.teams.get(TEAM)!;

/** Its report as of `instant` (30 s in). */
export const report = (ended: boolean, instant = seen(30), names: { bob?: string } = {}): RunReport => {
  const state = run(ended, names);
  const team = teamOf(state);
  return buildRunReport(team, {
    at: instant,
    thresholds: DEFAULT_THRESHOLDS,
    incidents: selectIncidents(state, team, instant, INCIDENT_THRESHOLDS),
    folderGoneAt: ended ? seen(20) : Number.NaN,
  });
};

/**
 * The run report's model, built from a team's state as the store keeps it:
 * when it ran, who took part and when each worked, the mail by pair, the
 * handshakes, the tasks, the incidents. The state is made from observations
 * with the times a watcher gives them, teamtop's clock three days ahead of the
 * files' (a re-enacted recording): the report draws on the files' clock.
 */
import { describe, expect, it } from 'vitest';
import type { Observation } from '../../src/domain/observation.js';
import { buildRunReport } from '../../src/report/build-report.js';
import { currentDiagnosesAsIncidents } from '../../src/store/selectors/incidents.js';
import { initialState, type AppState, type TeamState } from '../../src/store/state.js';
import { at, config, member, message, observe, task } from '../helpers/observations.js';

/** How far teamtop's clock runs ahead of the files'. */
const LAG = 3 * 24 * 3600_000;
/** When teamtop saw what was stamped `seconds`: a moment after, on its own clock. */
const seen = (seconds: number) => at(seconds) + LAG + 20;

const TEAM = 'team';

/** A message as the live reader gives it: seen arriving a moment after its stamp. */
const sent = (...args: Parameters<typeof message>) => ({ ...message(...args), seenAt: seen(args[3]) });
const lead = member('team-lead', { agentType: 'team-lead', joinedAt: at(0) });
const bob = member('bob', { color: 'blue', joinedAt: at(1) });
const alice = member('alice', { color: 'green', joinedAt: at(1) });

const inbox = (owner: string, messages: readonly ReturnType<typeof message>[], seconds: number): Observation => ({
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

const request = { type: 'shutdown_request', requestId: 'shutdown-1@bob', from: 'team-lead', reason: 'done' };
const approval = { type: 'shutdown_approved', requestId: 'shutdown-1@bob', from: 'bob' };
const idle = (from: string) => ({ type: 'idle_notification', from, idleReason: 'available' });

/** bob works, idles, is woken by a message, is asked to shut down and goes; alice idles from 3 s on; the lead exits at 20 s. */
function run(ended: boolean): AppState {
  const toLead = [
    sent('team-lead', 'bob', 'bob: on it', 2),
    sent('team-lead', 'alice', idle('alice'), 3),
    sent('team-lead', 'bob', idle('bob'), 4),
    sent('team-lead', 'bob', 'bob: done, and the extra too', 8),
    sent('team-lead', 'bob', approval, 10),
  ];
  const wake = sent('bob', 'team-lead', 'bob, please also add tests', 6);
  const asked = sent('bob', 'team-lead', request, 9);
  const late = sent('bob', 'team-lead', 'bob, one more thing', 12);
  const observations: Observation[] = [
    { kind: 'folder', target: { kind: 'team-dir', team: TEAM }, at: seen(0) },
    configAt([lead, bob, alice], 1),
    inbox('team-lead', toLead.slice(0, 1), 2),
    inbox('team-lead', toLead.slice(0, 2), 3),
    inbox('team-lead', toLead.slice(0, 3), 4),
    inbox('bob', [wake], 6),
    inbox('bob', [], 7),
    inbox('team-lead', toLead.slice(0, 4), 8),
    inbox('bob', [asked], 9),
    inbox('bob', [], 9.5),
    inbox('team-lead', toLead, 10),
    configAt([lead, alice], 11),
    inbox('bob', [late], 12),
    inbox('alice', [sent('alice', 'team-lead', 'alice, status?', 13)], 13),
    taskAt(task('1', { subject: 'Parser', owner: 'bob', status: 'completed' }), 8),
    taskAt(task('2', { subject: 'Docs', owner: 'alice', status: 'pending' }), 2),
    taskAt(task('3', { subject: 'Dropped', owner: 'bob', status: 'pending' }), 2),
    { kind: 'file-gone', target: { kind: 'task', team: TEAM, id: '3' }, at: seen(5), live: true },
  ];
  if (ended) observations.push({ kind: 'folder-gone', target: { kind: 'team-dir', team: TEAM }, at: seen(20) });
  return observe(initialState, ...observations);
}

const teamOf = (state: AppState): TeamState => state.teams.get(TEAM)!;

const report = (ended: boolean, instant = seen(30)) => {
  const team = teamOf(run(ended));
  return buildRunReport(team, {
    at: instant,
    stallAfterMs: 60_000,
    quietAfterMs: 600_000,
    incidents: currentDiagnosesAsIncidents(team, instant, 60_000),
    folderGoneAt: ended ? seen(20) : Number.NaN,
  });
};

describe('the run report', () => {
  it('says when the team ran, from its config to its folder going, on the files’ clock', () => {
    const ended = report(true);
    expect(ended).toMatchObject({ team: TEAM, startedAt: at(0), endedAt: at(20), until: at(20), at: seen(30) });
    // Still running: up to the instant judged at.
    expect(report(false)).toMatchObject({ startedAt: at(0), endedAt: null, until: at(30) });
  });

  it('lists who took part, lead first, with their stays, and when each worked and idled', () => {
    const { members } = report(true);
    expect(members.map((one) => [one.name, one.isLead, one.status, one.sent, one.received, one.usage])).toEqual([
      ['team-lead', true, 'lead', 4, 5, null],
      ['bob', false, 'shut down', 4, 3, null],
      ['alice', false, 'idle', 1, 1, null],
    ]);
    const [teamLead, bobs, alices] = members;
    expect(bobs!.stays).toEqual([{ joinedAt: at(1), leftAt: at(11) }]);
    expect(bobs!.activity).toEqual([
      { state: 'working', from: at(1), to: at(4) },
      // Woken when it took the lead's message, not when the message was written.
      { state: 'idle', from: at(4), to: at(7) },
      { state: 'working', from: at(7), to: at(11) },
    ]);
    // Still on the roster when the team ended: idle to the end.
    expect(alices!.activity).toEqual([
      { state: 'working', from: at(1), to: at(3) },
      { state: 'idle', from: at(3), to: at(20) },
    ]);
    // The lead writes no idle notices: what it did when is not known.
    expect(teamLead!.activity).toEqual([]);
  });

  it('counts the mail by pair, plain apart from protocol, and keeps each message with when it was taken', () => {
    const { pairs, messages } = report(true);
    expect(pairs).toEqual([
      {
        from: 'bob',
        to: 'team-lead',
        count: 4,
        plain: 2,
        protocol: 2,
        kinds: [
          { kind: 'idle_notification', count: 1 },
          { kind: 'shutdown_approved', count: 1 },
        ],
      },
      { from: 'team-lead', to: 'bob', count: 3, plain: 2, protocol: 1, kinds: [{ kind: 'shutdown_request', count: 1 }] },
      { from: 'alice', to: 'team-lead', count: 1, plain: 0, protocol: 1, kinds: [{ kind: 'idle_notification', count: 1 }] },
      { from: 'team-lead', to: 'alice', count: 1, plain: 1, protocol: 0, kinds: [] },
    ]);
    expect(messages.map((one) => [one.from, one.to, one.at, one.takenAt])).toContainEqual(['team-lead', 'bob', at(6), at(7)]);
    expect(messages.find((one) => one.at === at(12))).toMatchObject({ from: 'team-lead', to: 'bob', takenAt: Number.NaN });
  });

  it('gives each handshake with how long it waited, and the tasks done, left and dropped', () => {
    const { handshakes, tasks } = report(true);
    expect(handshakes).toEqual([
      {
        kind: 'shutdown',
        requestId: 'shutdown-1@bob',
        from: 'team-lead',
        to: 'bob',
        requestedAt: at(9),
        answers: [{ state: 'approved', at: at(10), from: 'bob' }],
        waitedMs: 1000,
        state: 'approved',
        fact: 'done',
      },
    ]);
    expect(tasks.done.map((one) => one.id)).toEqual(['1']);
    expect(tasks.left.map((one) => [one.id, one.owner, one.status])).toEqual([['2', 'alice', 'pending']]);
    expect(tasks.dropped.map((one) => one.id)).toEqual(['3']);
  });

  it('takes the incidents it is given, oldest first; until the tracker, the diagnoses standing at its instant', () => {
    const { incidents } = report(true);
    expect(incidents.map((one) => [one.kind, one.raisedAt, one.clearedAt, one.cleared])).toEqual([
      ['to-departed', at(12), null, null],
      // It has no time: last.
      ['orphaned-task', Number.NaN, null, null],
    ]);
  });

  it('is not stretched by a stamp after the instant judged at (a clock gone wrong, or a hostile file)', () => {
    let state = run(false);
    state = observe(state, inbox('alice', [message('alice', 'team-lead', 'from the future', 1e6)], 14));
    const team = teamOf(state);
    const built = buildRunReport(team, {
      at: seen(30),
      stallAfterMs: 60_000,
      quietAfterMs: 600_000,
      incidents: [],
      folderGoneAt: Number.NaN,
    });
    expect(built.until).toBe(at(30));
  });
});

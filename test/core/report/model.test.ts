/**
 * The run report's model, built from a team's state as the store keeps it:
 * when it ran, who took part and when each worked, the mail by pair, the
 * handshakes, the tasks, the incidents, from a run whose files were stamped
 * three days before teamtop saw them: the report draws on the files' clock.
 */
import { stalling } from '../../helpers/thresholds.js';
import { DEFAULT_THRESHOLDS } from '../../../src/core/model/settings.js';
import { describe, expect, it } from 'vitest';
import { buildRunReport } from '../../../src/core/report/build-report.js';
import { message, observe } from '../../helpers/observations.js';
import { at, inbox, LAG, report, run, seen, sent, TEAM, teamOf } from '../../helpers/report-run.js';

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

  it('judges a request nobody answered abandoned once the team has ended, as the diagnoses do, and pending while it runs', () => {
    const asked = { type: 'shutdown_request', requestId: 'shutdown-2@alice', from: 'team-lead', reason: 'done' };
    const judged = (ended: boolean) => {
      let state = observe(run(false), inbox('alice', [sent('alice', 'team-lead', asked, 14)], 14));
      if (ended) state = observe(state, { kind: 'folder-gone', target: { kind: 'team-dir', team: TEAM }, at: seen(20) });
      // Stamps three days behind the instant judged at: a threshold past that, so that nothing stalls by the lag alone.
      const options = { at: seen(30), thresholds: stalling(LAG + 60_000), incidents: [], folderGoneAt: Number.NaN };
      return buildRunReport(teamOf(state), options).handshakes.find((handshake) => handshake.to === 'alice');
    };
    expect(judged(true)).toMatchObject({ state: 'abandoned', waitedMs: null, answers: [] });
    expect(judged(false)).toMatchObject({ state: 'pending', waitedMs: null });
  });

  it('takes the incidents of the run, oldest first, on the files’ clock', () => {
    const { incidents } = report(true);
    expect(incidents.map((one) => [one.kind, one.raisedAt, one.clearedAt, one.cleared])).toEqual([
      // The mail that came at 12 s, once it had waited for the client to settle (5 s).
      ['to-departed', at(17), null, null],
      // alice's task, left to nobody when the team ended.
      ['orphaned-task', at(20), null, null],
    ]);
  });

  it('is not stretched by a stamp after the instant judged at (a clock gone wrong, or a hostile file)', () => {
    const state = observe(run(false), inbox('alice', [message('alice', 'team-lead', 'from the future', 1e6)], 14));
    const team = teamOf(state);
    const built = buildRunReport(team, {
      at: seen(30),
      thresholds: DEFAULT_THRESHOLDS,
      incidents: [],
      folderGoneAt: Number.NaN,
    });
    expect(built.until).toBe(at(30));
  });
});

import { stalling } from '../../helpers/thresholds.js';
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../../src/cli/session.js';
import { ageSecondsAt, isStalled, judgeHandshake, orderHandshakes, type Handshake } from '../../../src/core/model/handshakes.js';
import { pairHandshakes } from '../../../src/core/model/pairing.js';
import { selectHandshakes } from '../../../src/core/select/handshakes.js';
import { selectTeamMessages } from '../../../src/core/select/messages.js';
import { CAPTURES, FIXTURES } from '../../helpers/fixtures.js';
import { at, message } from '../../helpers/observations.js';

const NOW = Date.parse('2026-03-01T10:05:00Z');

async function handshakesOf(dir: string, team: string, now: number, stallAfterMs = 60_000): Promise<Handshake[]> {
  const { store } = await settledSession(dir);
  return selectHandshakes(store.getState().teams.get(team)!, now, stalling(stallAfterMs));
}

const summary = (handshakes: Handshake[], now = NOW) =>
  Object.fromEntries(
    handshakes.map((h) => [h.requestId, [h.kind, h.from, h.to, h.state, h.response ? h.answerSeconds : ageSecondsAt(h, now)]]),
  );

describe('pairing requests and responses', () => {
  it('judges every handshake of the fixture team by id alone', async () => {
    const handshakes = await handshakesOf(`${FIXTURES}/handshakes`, 'stuck', NOW);
    expect(summary(handshakes)).toEqual({
      'shutdown-120@bob': ['shutdown', 'team-lead', 'bob', 'stalled', 280],
      'perm-240': ['permission', 'carol', 'team-lead', 'stalled', 60],
      'sandbox-280': ['sandbox_permission', 'frank', 'team-lead', 'pending', 20],
      'shutdown-100@alice': ['shutdown', 'team-lead', 'alice', 'approved', 10],
      'plan-30': ['plan_approval', 'dave', 'team-lead', 'rejected', 10],
      'plan-50': ['plan_approval', 'dave', 'team-lead', 'approved', 10],
      'perm-70': ['permission', 'dave', 'team-lead', 'rejected', 5],
      'shutdown-90@erin': ['shutdown', 'team-lead', 'erin', 'approved', 5],
      'shutdown-160@gina': ['shutdown', 'team-lead', 'gina', 'rejected', 10],
      'shutdown-130@hank': ['shutdown', 'team-lead', 'hank', 'rejected', 5],
      'perm-999': ['permission', 'hank', 'team-lead', 'rejected', null],
    });
  });

  it('lists open handshakes first, the longest wait on top, then closed ones newest first', async () => {
    const handshakes = await handshakesOf(`${FIXTURES}/handshakes`, 'stuck', NOW);
    expect(handshakes.slice(0, 3).map((h) => h.requestId)).toEqual(['shutdown-120@bob', 'perm-240', 'sandbox-280']);
    expect(handshakes[3]!.requestId).toBe('shutdown-160@gina');
  });

  it('keeps a response whose request was never seen as an orphan', async () => {
    const orphan = (await handshakesOf(`${FIXTURES}/handshakes`, 'stuck', NOW)).find((h) => h.requestId === 'perm-999')!;
    expect(orphan).toMatchObject({ orphan: true, requestedAt: null, respondedAt: at(150), state: 'rejected', answerSeconds: null });
  });

  it('gives the request key fact: tool and description, reason, plan first line, host', async () => {
    const facts = Object.fromEntries((await handshakesOf(`${FIXTURES}/handshakes`, 'stuck', NOW)).map((h) => [h.requestId, h.fact]));
    expect(facts).toMatchObject({
      'perm-240': 'Bash: Run the migrations',
      'shutdown-120@bob': 'wrap up',
      'plan-30': '# Split the parser',
      'plan-50': 'Second try: one module',
      'sandbox-280': 'api.github.com',
    });
  });

  describe('the stall threshold', () => {
    const request = message('team-lead', 'worker', { type: 'permission_request', request_id: 'p1', tool_name: 'Bash' }, 0);
    const [pairing] = pairHandshakes([request]);
    const stateAt = (seconds: number, stallAfter = 60) => judgeHandshake(pairing!, at(seconds), stalling(stallAfter * 1000)).state;

    it('is pending one second before, stalled exactly at it and one second after', () => {
      expect(stateAt(59)).toBe('pending');
      expect(stateAt(60)).toBe('stalled');
      expect(stateAt(61)).toBe('stalled');
    });

    it('moves with --stall-after', () => {
      expect(stateAt(119, 120)).toBe('pending');
      expect(stateAt(120, 120)).toBe('stalled');
      expect(stateAt(121, 120)).toBe('stalled');
    });

    it('reports the age in whole seconds as of now', () => {
      expect(ageSecondsAt(judgeHandshake(pairing!, at(210.9), stalling(60_000)), at(210.9))).toBe(210);
    });
  });

  describe('abandoned requests', () => {
    const shutdown = message('bob', 'team-lead', { type: 'shutdown_request', requestId: 's1' }, 0);
    const permission = message('team-lead', 'bob', { type: 'permission_request', request_id: 'p1', tool_name: 'Bash' }, 0);
    const [toBob, fromBob] = pairHandshakes([shutdown, permission]);
    const gone = new Set(['bob']);

    it('abandons an open request to, or from, a member who has shut down or left, however old', () => {
      expect(judgeHandshake(toBob!, at(3600), stalling(60_000), gone).state).toBe('abandoned');
      expect(judgeHandshake(fromBob!, at(3600), stalling(60_000), gone).state).toBe('abandoned');
      expect(judgeHandshake(toBob!, at(3600), stalling(60_000), new Set(['carol'])).state).toBe('stalled');
    });

    it('never counts one as stalled', () => {
      expect(isStalled(toBob!, at(3600), stalling(60_000), gone)).toBe(false);
      expect(isStalled(toBob!, at(3600), stalling(60_000))).toBe(true);
    });

    it('leaves an answered request answered', () => {
      const [answered] = pairHandshakes([shutdown, message('team-lead', 'bob', { type: 'shutdown_approved', requestId: 's1' }, 5)]);
      expect(judgeHandshake(answered!, at(3600), stalling(60_000), gone).state).toBe('approved');
    });

    it('lists abandoned ones after the open and the answered ones', () => {
      const closed = judgeHandshake(
        pairHandshakes([
          message('team-lead', 'carol', { type: 'permission_request', request_id: 'p2' }, 1),
          message('carol', 'team-lead', { type: 'permission_response', request_id: 'p2', approve: true }, 2),
        ])[0]!,
        at(10),
        stalling(60_000),
      );
      const open = judgeHandshake(
        pairHandshakes([message('team-lead', 'dave', { type: 'permission_request', request_id: 'p3' }, 3)])[0]!,
        at(10),
        stalling(60_000),
      );
      const abandoned = judgeHandshake(toBob!, at(10), stalling(60_000), gone);
      expect(orderHandshakes([abandoned, closed, open]).map((h) => h.state)).toEqual(['pending', 'approved', 'abandoned']);
    });
  });

  it('reads both casings and every response form', () => {
    const messages = [
      message('worker', 'team-lead', { type: 'shutdown_request', requestId: 's1' }, 0),
      message('team-lead', 'worker', { type: 'shutdown_response', request_id: 's1', approve: true }, 1),
      message('team-lead', 'worker', { type: 'plan_approval_request', requestId: 'pl' }, 2),
      message('worker', 'team-lead', { type: 'plan_approval_response', requestId: 'pl', approved: false }, 3),
      message('team-lead', 'worker', { type: 'permission_request', request_id: 'pe' }, 4),
      message(
        'worker',
        'team-lead',
        { type: 'permission_response', request_id: 'pe', subtype: 'success', response: { behavior: 'allow' } },
        5,
      ),
      message('team-lead', 'worker', { type: 'sandbox_permission_request', requestId: 'sb', host: 'x.org' }, 6),
      message('worker', 'team-lead', { type: 'sandbox_permission_response', requestId: 'sb', host: 'x.org', allow: false }, 7),
    ];
    const states = orderHandshakes(pairHandshakes(messages).map((p) => judgeHandshake(p, at(10), stalling(60_000))));
    expect(Object.fromEntries(states.map((h) => [h.requestId, [h.kind, h.state]]))).toEqual({
      s1: ['shutdown', 'approved'],
      pl: ['plan_approval', 'rejected'],
      pe: ['permission', 'approved'],
      sb: ['sandbox_permission', 'rejected'],
    });
  });

  it('keeps every answer to a request, oldest first: its state is the first one, and a yes and a no contradict', () => {
    const request = message('team-lead', 'carol', { type: 'plan_approval_request', requestId: 'pl' }, 0);
    const approved = message('carol', 'team-lead', { type: 'plan_approval_response', requestId: 'pl', approved: true }, 1);
    const rejected = message(
      'carol',
      'team-lead',
      { type: 'plan_approval_response', requestId: 'pl', approved: false, feedback: 'verify' },
      2,
    );
    // Read in any order: answers are ordered by time.
    const [pairing] = pairHandshakes([rejected, request, approved]);
    expect(pairing!.response).toBe(approved);
    expect(pairing!.responses).toEqual([approved, rejected]);
    const handshake = judgeHandshake(pairing!, at(10), stalling(60_000));
    expect(handshake).toMatchObject({ state: 'approved', contradicting: true, respondedAt: at(1), answerSeconds: 1 });
    expect(handshake.answers.map(({ state, at: when, from }) => [state, when, from])).toEqual([
      ['approved', at(1), 'team-lead'],
      ['rejected', at(2), 'team-lead'],
    ]);
    // The same answer twice is not a contradiction.
    const again = message('carol', 'team-lead', { type: 'plan_approval_response', requestId: 'pl', approve: true }, 3);
    expect(judgeHandshake(pairHandshakes([request, approved, again])[0]!, at(10), stalling(60_000))).toMatchObject({
      contradicting: false,
      state: 'approved',
    });
    // An orphan keeps all its answers too.
    const orphan = pairHandshakes([approved, rejected]);
    expect(orphan.map((p) => [p.request, p.responses.length])).toEqual([[null, 2]]);
  });

  it('closes a shutdown answered with a permission_response carrying its id (real capture)', async () => {
    const { store } = await settledSession(`${CAPTURES}/cc-2.1.34-js-testing-research`);
    const team = store.getState().teams.get('js-testing-research')!;
    const handshakes = selectHandshakes(team, Date.parse('2026-02-07T23:00:00Z'), stalling(60_000));
    expect(summary(handshakes)).toEqual({
      'shutdown-1770504317407@integration-testing-researcher': ['shutdown', 'team-lead', 'integration-testing-researcher', 'approved', 2],
      'shutdown-1770504316743@unit-testing-researcher': ['shutdown', 'team-lead', 'unit-testing-researcher', 'approved', 3],
      'perm-1770504247092-piasa4m': ['permission', 'unit-testing-researcher', 'team-lead', 'approved', 9],
      // The researcher's own request never reached the files teamtop reads: the answer stands alone.
      'perm-1770504248712-19jl7ge': ['permission', 'integration-testing-researcher', 'team-lead', 'approved', null],
    });
    expect(selectTeamMessages(team.inboxes)).toHaveLength(14);
  });

  it('leaves every shutdown of the hive capture answered, and the other teams with none open', async () => {
    const { store } = await settledSession(`${CAPTURES}/cc-2026-02-hive-analysis/snapshots/3-final`);
    const handshakes = selectHandshakes(store.getState().teams.get('analysis-team')!, Date.parse('2026-02-09T16:00:00Z'), stalling(60_000));
    expect(handshakes.map((h) => [h.to, h.state])).toEqual([
      ['lifecycle-analyst', 'approved'],
      ['config-analyst', 'approved'],
      ['message-analyst', 'approved'],
      ['task-analyst', 'approved'],
    ]);
  });
});

/**
 * selectUnanswered judges again, as the clock moves on, only the pending handshakes due to stall (handshakes.ts):
 * at every instant, moved to in any order, it says what a list worked out from nothing says, and counts as many stalled.
 */
import { describe, expect, it } from 'vitest';
import { selectStalledCount, selectUnanswered } from '../../../src/core/select/handshakes.js';
import { stalling } from '../../helpers/thresholds.js';
import { at, message, observe, teamState } from '../../helpers/observations.js';

const THRESHOLDS = stalling(60_000);

/** The worker asks the lead for plans p0…p4, 10 s apart; `gone`: the lead's inbox holds them from 40 s. */
function asked() {
  const plans = [0, 1, 2, 3, 4].map((n) =>
    message('team-lead', 'worker', { type: 'plan_approval_request', requestId: `p${n}`, plan: 'x' }, n * 10),
  );
  const state = observe(teamState(), { kind: 'inbox', team: 'team', member: 'team-lead', messages: plans, at: at(40), live: true });
  return state.teams.get('team')!;
}

const states = (list: ReturnType<typeof selectUnanswered>) => list.map((handshake) => `${handshake.requestId} ${handshake.state}`);

describe('the unanswered handshakes as the clock moves', () => {
  it('are at each instant what they are worked out from nothing', () => {
    const team = asked();
    for (const seconds of [41, 59, 60, 61, 75, 70, 90, 100, 130, 95, 200]) {
      const kept = selectUnanswered(team, at(seconds), THRESHOLDS);
      const fresh = asked();
      expect(states(kept), `at ${seconds} s`).toEqual(states(selectUnanswered(fresh, at(seconds), THRESHOLDS)));
      expect(selectStalledCount(team, at(seconds), THRESHOLDS), `at ${seconds} s`).toBe(selectStalledCount(fresh, at(seconds), THRESHOLDS));
    }
  });

  it('stay the same list while none stalls, and a new one when one does', () => {
    const team = asked();
    const first = selectUnanswered(team, at(61), THRESHOLDS);
    expect(selectUnanswered(team, at(69), THRESHOLDS)).toBe(first);
    const next = selectUnanswered(team, at(70), THRESHOLDS);
    expect(next).not.toBe(first);
    expect(states(next)).toEqual(['p0 stalled', 'p1 stalled', 'p2 pending', 'p3 pending', 'p4 pending']);
    // The ones that did not change are the same handshakes.
    expect(next[0]).toBe(first[0]);
    expect(next.slice(2)).toEqual(first.slice(2));
  });
});

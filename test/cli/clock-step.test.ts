/**
 * After the wall clock steps back, `--follow` says at once that a request is
 * no longer stalled (issue 26 §4.6), not when its next timer fires.
 */
import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followTeams, type TeamEvent } from '../../src/cli/team-events.js';
import { createStore } from '../../src/core/store.js';
import { STEP_CHECK_MS } from '../../src/core/clock-steps.js';
import { at, message, observe, teamState } from '../helpers/observations.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('following a team while the wall clock steps back', () => {
  it('takes a stalled request back to pending within a second', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
    vi.setSystemTime(at(3 * 3600));
    const plan = message('team-lead', 'worker', { type: 'plan_approval_request', requestId: 'p1', plan: 'x' }, 3600);
    const initial = observe(teamState(), { kind: 'inbox', team: 'team', member: 'team-lead', messages: [plan], at: at(3600), live: true });
    const events: TeamEvent[] = [];
    const stop = followTeams(createStore({ initial }), { thresholds: DEFAULT_THRESHOLDS, now: Date.now, ticking: true }, (said) =>
      events.push(...said),
    );
    const states = () => events.flatMap((event) => (event.kind === 'handshake' ? [event.handshake.state] : []));
    expect(states()).toEqual(['stalled']);
    // The clock was two hours ahead: it steps back to thirty seconds after the request was made.
    vi.setSystemTime(at(3600 + 30));
    vi.advanceTimersByTime(STEP_CHECK_MS);
    expect(states()).toEqual(['stalled', 'pending']);
    stop();
  });
});

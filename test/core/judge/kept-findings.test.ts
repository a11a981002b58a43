/**
 * stalled and ignored-shutdown keep each open handshake's finding from one tick to the next (each-handshake.ts):
 * what they keep goes when the request is answered, its recipient leaves, the thresholds change or the clock goes back.
 */
import { describe, expect, it } from 'vitest';
import { selectDiagnoses } from '../../../src/core/judge/index.js';
import type { Observation } from '../../../src/core/model/observation.js';
import { stalling } from '../../helpers/thresholds.js';
import { at, config, member, message, observe, teamState } from '../../helpers/observations.js';

const STALL_MS = 60_000;

/** The worker asks the lead to approve plans p1 at 0 s and p2 at 10 s; `answered` replies to p1 at 80 s. */
function plans(answered = false) {
  const lead = [
    message('team-lead', 'worker', { type: 'plan_approval_request', requestId: 'p1', plan: 'x' }, 0),
    message('team-lead', 'worker', { type: 'plan_approval_request', requestId: 'p2', plan: 'y' }, 10),
  ];
  const reply = message('worker', 'team-lead', { type: 'plan_approval_response', requestId: 'p1', approved: true }, 80);
  const observations: Observation[] = [{ kind: 'inbox', team: 'team', member: 'team-lead', messages: lead, at: at(10), live: true }];
  if (answered) observations.push({ kind: 'inbox', team: 'team', member: 'worker', messages: [reply], at: at(80), live: true });
  return observe(teamState(), ...observations);
}

const stalledOf = (state: ReturnType<typeof plans>, seconds: number, stallMs = STALL_MS) =>
  selectDiagnoses(state.teams.get('team')!, at(seconds), stalling(stallMs))
    .diagnoses.filter((diagnosis) => diagnosis.kind === 'stalled')
    .map((diagnosis) => diagnosis.subject);

describe('findings kept from tick to tick', () => {
  it('says each request stalled as the clock reaches it, and none once the clock goes back', () => {
    const state = plans();
    expect(stalledOf(state, 30)).toEqual([]);
    expect(stalledOf(state, 60)).toEqual(['handshake:p1']);
    expect(stalledOf(state, 70).sort()).toEqual(['handshake:p1', 'handshake:p2']);
    expect(stalledOf(state, 65)).toEqual(['handshake:p1']);
    expect(stalledOf(state, 30)).toEqual([]);
  });

  it('drops a request answered after it stalled', () => {
    const before = plans();
    expect(stalledOf(before, 75).sort()).toEqual(['handshake:p1', 'handshake:p2']);
    expect(stalledOf(plans(true), 85)).toEqual(['handshake:p2']);
  });

  it('drops the requests of a member who left the roster after they stalled', () => {
    const state = plans();
    expect(stalledOf(state, 75).sort()).toEqual(['handshake:p1', 'handshake:p2']);
    const left = observe(state, {
      kind: 'config',
      team: 'team',
      config: config([member('team-lead', { agentType: 'team-lead', agentId: 'team-lead@team' })]),
      at: at(80),
      live: true,
    });
    expect(stalledOf(left, 85)).toEqual([]);
  });

  it('judges again under other thresholds', () => {
    const state = plans();
    expect(stalledOf(state, 50).sort()).toEqual([]);
    expect(stalledOf(state, 50, 45_000)).toEqual(['handshake:p1']);
    expect(stalledOf(state, 50).sort()).toEqual([]);
  });

  it('says a taken shutdown request ignored once its recipient, idle once since, has let it stall', () => {
    const request = message('worker', 'team-lead', { type: 'shutdown_request', requestId: 's1', reason: 'done' }, 0, { read: true });
    const idle = message('team-lead', 'worker', { type: 'idle_notification', from: 'worker', idleReason: 'available' }, 5);
    const state = observe(
      teamState(),
      { kind: 'inbox', team: 'team', member: 'worker', messages: [request], at: at(0), live: true },
      { kind: 'inbox', team: 'team', member: 'team-lead', messages: [idle], at: at(5), live: true },
    );
    const said = (seconds: number) =>
      selectDiagnoses(state.teams.get('team')!, at(seconds), stalling(STALL_MS)).diagnoses.find(
        (diagnosis) => diagnosis.subject === 'handshake:s1',
      )?.kind;
    expect(said(30)).toBeUndefined();
    expect(said(61)).toBe('ignored-shutdown');
  });
});

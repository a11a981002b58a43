/**
 * What the files say is worked out once per change, not on every frame or
 * tick (issue 26 §3.1): the detectors run again only when a file changed, the
 * clock reached the moment their judgement said it would change, or the clock
 * went back.
 */
import { stalling } from '../../helpers/thresholds.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Leven from 'leven';
import { closestMatch } from 'leven';
import { misaddressed, selectDiagnoses } from '../../../src/core/judge/index.js';
import { at, message, observe, teamState } from '../../helpers/observations.js';

const STALL_MS = 60_000;

/** A team with a misaddressed inbox and a plan approval asked at 0 s, stalled at 60 s. */
function team(owner = 'wroker') {
  const plan = message('team-lead', 'worker', { type: 'plan_approval_request', requestId: 'p1', plan: 'x' }, 0);
  const state = observe(
    teamState(),
    { kind: 'inbox', team: 'team', member: 'team-lead', messages: [plan], at: at(0), live: true },
    { kind: 'inbox', team: 'team', member: owner, messages: [message(owner, 'team-lead', 'hello', 0)], at: at(0), live: true },
  );
  return { state, plan, team: state.teams.get('team')! };
}

vi.mock('leven', async (original) => {
  const real = await original<typeof Leven>();
  return { ...real, closestMatch: vi.fn(real.closestMatch) };
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('diagnoses judged once per change', () => {
  it('runs the detectors again only when their judgement can have changed', () => {
    const detect = vi.spyOn(misaddressed, 'detect');
    const subject = team().team;
    // The store judged each change as it came, for the incidents: that judgement is the one drawn.
    expect(detect).toHaveBeenCalled();
    detect.mockClear();
    const first = selectDiagnoses(subject, at(10), stalling(STALL_MS));
    expect(first.diagnoses.map((diagnosis) => diagnosis.kind)).toEqual(['misaddressed']);
    expect(first.nextChangeAt).toBe(at(60));
    expect(detect).toHaveBeenCalledTimes(0);
    // The ticks before the stall: the same judgement, and nobody looked again.
    for (let second = 11; second < 60; second++) expect(selectDiagnoses(subject, at(second), stalling(STALL_MS))).toBe(first);
    expect(detect).toHaveBeenCalledTimes(0);
    // The stall is due: judged again.
    const stalled = selectDiagnoses(subject, at(60), stalling(STALL_MS));
    expect(stalled.diagnoses.map((diagnosis) => diagnosis.kind).sort()).toEqual(['misaddressed', 'stalled']);
    expect(detect).toHaveBeenCalledTimes(1);
    // The clock stepped back before the stall: judged again at once, not left stalled.
    const back = selectDiagnoses(subject, at(30), stalling(STALL_MS));
    expect(back.diagnoses.map((diagnosis) => diagnosis.kind)).toEqual(['misaddressed']);
    expect(detect).toHaveBeenCalledTimes(2);
  });

  it('looks through the roster for a misaddressed inbox once while the roster is the same', () => {
    // A name no other test judged: the hints are kept across teams with the same roster.
    const subject = team('workr');
    expect(selectDiagnoses(subject.team, at(10), stalling(STALL_MS)).diagnoses[0]!.summary).toContain('did you mean worker?');
    expect(closestMatch).toHaveBeenCalledTimes(1);
    // The files changed (one more message to the lead), the roster did not: judged again, without looking through it.
    const later = observe(subject.state, {
      kind: 'inbox',
      team: 'team',
      member: 'team-lead',
      messages: [subject.plan, message('team-lead', 'worker', 'hi', 5)],
      at: at(5),
      live: true,
    }).teams.get('team')!;
    expect(later).not.toBe(subject.team);
    expect(selectDiagnoses(later, at(10), stalling(STALL_MS)).diagnoses[0]!.summary).toContain('did you mean worker?');
    expect(closestMatch).toHaveBeenCalledTimes(1);
  });
});

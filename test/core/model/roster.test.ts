import { describe, expect, it } from 'vitest';
import { listed, unlisted, type RosterStay } from '../../../src/core/model/roster.js';
import { reducer } from '../../../src/core/facts/index.js';
import { at, config, member, observe, teamState } from '../../helpers/observations.js';

const stay = (joinedAt: number, leftAt = Number.NaN): RosterStay => ({ joinedAt, leftAt });

describe('roster stays', () => {
  it('a member listed again with the same joinedAt is one stay; seen leaving, it is closed when it was seen', () => {
    const first = listed([], at(1), false);
    expect(first).toEqual([stay(at(1))]);
    expect(listed(first, at(1), true)).toBe(first);
    // A config that does not say when it joined says nothing new.
    expect(listed(first, Number.NaN, true)).toBe(first);
    const left = unlisted(first, at(9));
    expect(left).toEqual([stay(at(1), at(9))]);
    expect(unlisted(left, at(12))).toBe(left);
    // Briefly left out: the same stay, open again.
    expect(listed(left, at(1), false)).toEqual([stay(at(1))]);
  });

  it('a member back with a new joinedAt, after leaving or between two reads, has a second stay', () => {
    const left = [stay(at(1), at(9))];
    expect(listed(left, at(10), false)).toEqual([stay(at(1), at(9)), stay(at(10))]);
    expect(listed([stay(at(1))], at(10), true)).toEqual([stay(at(1)), stay(at(10))]);
    // The first joinedAt a config gives is the stay's, not a new one.
    expect(listed([stay(Number.NaN)], at(3), true)).toEqual([stay(at(3))]);
  });

  it('the reducer keeps every stay, closed when a live config left it out, open while listed', () => {
    const lead = member('team-lead', { agentType: 'team-lead' });
    let state = teamState();
    const seen = (members: ReturnType<typeof member>[], seconds: number) =>
      observe(state, { kind: 'config', team: 'team', config: config(members), at: at(seconds), live: true });
    state = seen([lead, member('worker', { joinedAt: at(1) })], 1);
    state = seen([lead], 9);
    state = seen([lead, member('worker', { joinedAt: at(10) })], 10);
    expect(state.teams.get('team')!.members.get('worker')!.stays).toEqual([stay(at(1), at(9)), stay(at(10))]);
    expect(reducer(state, { type: 'observed', observations: [] })).toBe(state);
  });
});

import { describe, expect, it } from 'vitest';
import {
  livenessOf,
  NO_PROCESS,
  parseProcessKey,
  processStartedAt,
  type ProcessMember,
  type ProcessSeen,
} from '../../../src/core/model/liveness.js';

const T = Date.parse('2026-11-28T16:19:05.775Z');

const process = (pid: number, fields: Partial<ProcessSeen> = {}): ProcessSeen => ({
  pid,
  procStart: String(pid * 10),
  agent: null,
  startedAt: Number.NaN,
  state: 'alive',
  why: null,
  since: T,
  checkedAt: T,
  ...fields,
});

const LEAD: ProcessMember = { name: 'team-lead', isLead: true, backendType: 'in-process', joinedAt: T };
const ALICE: ProcessMember = { name: 'alice', isLead: false, backendType: 'in-process', joinedAt: T + 1000 };
const BOB: ProcessMember = { name: 'bob', isLead: false, backendType: 'tmux', joinedAt: T + 2273 };

describe('whose a claude process is, and whether it runs', () => {
  it('reads a key file: its start in clock ticks and its domain', () => {
    expect(parseProcessKey('{"peerToken":"c3db","procStart":"143889","pidDomain":"linux:3d12:pid:[4026531836]"}')).toEqual({
      procStart: '143889',
      pidDomain: 'linux:3d12:pid:[4026531836]',
    });
    expect(parseProcessKey('{"peerToken":"c3db"}')).toEqual({ procStart: null, pidDomain: null });
    expect(parseProcessKey('{"procStart":')).toBeUndefined();
  });

  it("works out when a process started from its ticks, against the lead's session (the same boot)", () => {
    // member-killed: the lead started at T with 143,889 ticks; bob's key says 144,192.
    expect(processStartedAt('144192', { startedAt: T, procStart: '143889' })).toBe(T + 3030);
    expect(processStartedAt(null, { startedAt: T, procStart: '143889' })).toBeNaN();
    expect(processStartedAt('144192', null)).toBeNaN();
  });

  it("gives the lead its session's pid, in-process teammates the lead's, a tmux teammate its own", () => {
    const lead = process(22982, { procStart: '143889', startedAt: T });
    const bob = process(23229, { procStart: '144192', startedAt: T + 3030, agent: { name: 'bob', team: 'alpha' } });
    const other = process(999, { agent: { name: 'bob', team: 'beta' }, startedAt: T + 3000 });
    const found = livenessOf('alpha', [LEAD, ALICE, BOB], [lead, other, bob], { pid: 22982, procStart: '143889' });
    expect(found.get('team-lead')).toMatchObject({ state: 'alive', pid: 22982 });
    expect(found.get('alice')).toMatchObject({ state: 'alive', pid: 22982 });
    expect(found.get('bob')).toMatchObject({ state: 'alive', pid: 23229 });
  });

  it('takes a dead process nobody claimed for the tmux teammate that joined just before it started', () => {
    // Dead before teamtop looked: its command line could not be read.
    const lead = process(22982, { procStart: '143889', startedAt: T, state: 'dead', since: Number.NaN });
    const bob = process(23229, { startedAt: BOB.joinedAt + 757, state: 'dead', since: Number.NaN });
    // Another session's, started long before: nobody's here.
    const stale = process(100, { startedAt: T - 3_600_000, state: 'dead', since: Number.NaN });
    const found = livenessOf('alpha', [LEAD, BOB], [stale, lead, bob], { pid: 22982, procStart: '143889' });
    expect(found.get('team-lead')).toMatchObject({ state: 'dead', pid: 22982 });
    expect(found.get('bob')).toMatchObject({ state: 'dead', pid: 23229 });
    // Started too long after bob joined: not his.
    const late = process(23229, { startedAt: BOB.joinedAt + 45_000, state: 'dead' });
    expect(livenessOf('alpha', [BOB], [late], null).get('bob')).toEqual(NO_PROCESS);
  });

  it('says unknown where no process is found, and why, where it runs elsewhere', () => {
    const found = livenessOf('alpha', [LEAD, BOB], [], null);
    expect(found.get('team-lead')).toEqual(NO_PROCESS);
    expect(found.get('bob')).toEqual(NO_PROCESS);
    const elsewhere = process(22982, { procStart: '143889', state: 'unknown', why: 'it runs on another machine or in another container' });
    expect(livenessOf('alpha', [LEAD], [elsewhere], { pid: 22982, procStart: '143889' }).get('team-lead')).toMatchObject({
      state: 'unknown',
      why: 'it runs on another machine or in another container',
    });
    // The pid taken by a process with another start is not the lead's.
    const reused = process(22982, { procStart: '1', state: 'alive' });
    expect(livenessOf('alpha', [LEAD], [reused], { pid: 22982, procStart: '143889' }).get('team-lead')).toEqual(NO_PROCESS);
  });
});

import { quieting } from '../../helpers/thresholds.js';
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../../src/cli/session.js';
import { pairHandshakes } from '../../../src/core/model/pairing.js';
import { judgeQuiet, lastSignOfLife, memberStatus, type MemberStatus, type StatusEvidence } from '../../../src/core/model/member-status.js';
import { selectMembers } from '../../../src/core/select/members.js';
import { FIXTURES } from '../../helpers/fixtures.js';
import { at, message } from '../../helpers/observations.js';

const evidence = (overrides: Partial<StatusEvidence>): StatusEvidence => ({
  name: 'worker',
  isLead: false,
  departed: false,
  lastSent: undefined,
  joinedAt: at(0),
  pairings: [],
  ...overrides,
});

const shutdownRequest = message('worker', 'team-lead', { type: 'shutdown_request', requestId: 's1' }, 10);
const approval = message('team-lead', 'worker', { type: 'shutdown_approved', requestId: 's1' }, 20);
const rejection = message('team-lead', 'worker', { type: 'shutdown_rejected', requestId: 's1', reason: 'busy' }, 20);
const permission = message('team-lead', 'worker', { type: 'permission_request', request_id: 'p1' }, 30);
const idle = (reason: string, seconds: number) =>
  message('team-lead', 'worker', { type: 'idle_notification', idleReason: reason }, seconds);

describe('memberStatus', () => {
  it('is lead for the lead', () => {
    expect(memberStatus(evidence({ isLead: true })).status).toBe('lead');
  });

  it('is shut down once it approved its newest shutdown request, since the approval', () => {
    expect(memberStatus(evidence({ pairings: pairHandshakes([shutdownRequest, approval]) }))).toEqual({
      status: 'shut down',
      since: at(20),
    });
  });

  it('is not shut down by an approval from before it joined again (2.1.330 brings an in-process teammate back when messaged)', () => {
    const pairings = pairHandshakes([shutdownRequest, approval]);
    expect(memberStatus(evidence({ pairings, joinedAt: at(25), lastSent: approval })).status).toBe('working');
    // Its newest request, answered since it joined again, still counts.
    const again = message('worker', 'team-lead', { type: 'shutdown_request', requestId: 's2' }, 30);
    const approvedAgain = message('team-lead', 'worker', { type: 'shutdown_approved', requestId: 's2' }, 31);
    expect(
      memberStatus(evidence({ pairings: pairHandshakes([shutdownRequest, approval, again, approvedAgain]), joinedAt: at(25) })),
    ).toEqual({
      status: 'shut down',
      since: at(31),
    });
  });

  it('is shut down when gone from the roster', () => {
    expect(memberStatus(evidence({ departed: true })).status).toBe('shut down');
  });

  it('takes isActive (tmux teammates, 2.1.330) for idle or working between turns, never for shut down', () => {
    expect(memberStatus(evidence({ active: false, activeSince: at(45) }))).toEqual({ status: 'idle', since: at(45) });
    // Its idle notification says more: why, and since when.
    expect(memberStatus(evidence({ active: false, activeSince: at(45), lastSent: idle('interrupted', 40) }))).toEqual({
      status: 'interrupted',
      since: at(40),
    });
    // Busy again after it said it was idle: the flag is the newer word.
    expect(memberStatus(evidence({ active: true, activeSince: at(60), lastSent: idle('available', 40) }))).toEqual({
      status: 'working',
      since: at(60),
    });
    // What a roster or a handshake says still comes first.
    expect(memberStatus(evidence({ active: false, departed: true })).status).toBe('shut down');
    expect(memberStatus(evidence({ active: true, pairings: pairHandshakes([shutdownRequest]) })).status).toBe('stopping');
  });

  it('is stopping while a shutdown request is open, and back to its work when it was rejected', () => {
    expect(memberStatus(evidence({ pairings: pairHandshakes([shutdownRequest]) }))).toEqual({ status: 'stopping', since: at(10) });
    expect(memberStatus(evidence({ pairings: pairHandshakes([shutdownRequest, rejection]), lastSent: rejection })).status).toBe('working');
  });

  it('is waiting while its own permission or plan request is open', () => {
    expect(memberStatus(evidence({ pairings: pairHandshakes([permission]), lastSent: permission }))).toEqual({
      status: 'waiting',
      since: at(30),
    });
  });

  it('is idle, interrupted or failed by the reason of its newest idle notification, else working', () => {
    expect(memberStatus(evidence({ lastSent: idle('available', 40) }))).toEqual({ status: 'idle', since: at(40) });
    expect(memberStatus(evidence({ lastSent: idle('interrupted', 40) })).status).toBe('interrupted');
    expect(memberStatus(evidence({ lastSent: idle('failed', 40) })).status).toBe('failed');
    const plain = message('team-lead', 'worker', 'progress report', 50);
    expect(memberStatus(evidence({ lastSent: plain }))).toEqual({ status: 'working', since: at(50) });
    expect(memberStatus(evidence({}))).toEqual({ status: 'working', since: at(0) });
  });

  it('takes an idle reason by its own name: one named like an Object method is plain idle', () => {
    for (const reason of ['constructor', 'toString', '__proto__', 'valueOf', 'hasOwnProperty'])
      expect(memberStatus(evidence({ lastSent: idle(reason, 40) })).status, reason).toBe('idle');
  });

  it('derives every status of the fixture team', async () => {
    const { store } = await settledSession(`${FIXTURES}/handshakes`);
    const members = selectMembers(store.getState().teams.get('stuck')!);
    expect(Object.fromEntries(members.map((member) => [member.name, [member.status, member.departed]]))).toEqual({
      'team-lead': ['lead', false],
      bob: ['stopping', false],
      carol: ['waiting', false],
      dave: ['idle', false],
      erin: ['shut down', false],
      frank: ['waiting', false],
      gina: ['interrupted', false],
      hank: ['failed', false],
      alice: ['shut down', true],
    });
  });
});

describe('judgeQuiet', () => {
  const TEN_MINUTES = 600_000;

  it('makes working quiet once the newest sign of life is the threshold old, since that sign', () => {
    const working = memberStatus(evidence({ lastSent: message('team-lead', 'worker', 'on it', 30) }));
    const sign = lastSignOfLife(evidence({ lastSent: message('team-lead', 'worker', 'on it', 30) }));
    expect(sign).toBe(at(30));
    expect(judgeQuiet(working, sign, at(30) + TEN_MINUTES - 1, quieting(TEN_MINUTES))).toEqual({ status: 'working', since: at(30) });
    expect(judgeQuiet(working, sign, at(30) + TEN_MINUTES, quieting(TEN_MINUTES))).toEqual({ status: 'quiet', since: at(30) });
  });

  it('leaves every other status alone, however old: the files say what the member does', () => {
    const statuses: MemberStatus[] = [
      'lead',
      'joining',
      'refused',
      'shut down',
      'stopping',
      'waiting',
      'idle',
      'interrupted',
      'failed',
      'done',
    ];
    for (const status of statuses)
      expect(judgeQuiet({ status, since: at(0) }, at(0), at(86_400), quieting(TEN_MINUTES)).status).toBe(status);
  });

  it('cannot judge a member with no known sign of life', () => {
    expect(judgeQuiet({ status: 'working', since: Number.NaN }, Number.NaN, at(86_400), quieting(TEN_MINUTES)).status).toBe('working');
  });

  it("takes the newest of its last message, its joining and its runner's last activity", () => {
    const agentStatus = { status: 'running', lastActiveAt: new Date(at(50)).toISOString() };
    expect(lastSignOfLife({ lastSent: message('team-lead', 'worker', 'hi', 40), joinedAt: at(0), agentStatus })).toBe(at(50));
    expect(lastSignOfLife({ lastSent: undefined, joinedAt: at(0), agentStatus: undefined })).toBe(at(0));
  });
});

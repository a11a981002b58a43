/**
 * A change costs what the file holds and what changed, never the whole history
 * (issue 26 §1): counted in elements looked at and lists shared, not timed.
 */
import { stalling } from '../../helpers/thresholds.js';
import { describe, expect, it } from 'vitest';
import type { InboxMessage } from '../../../src/core/model/inbox.js';
import { applyInboxFile, emptyInbox, removeInboxFile, type InboxHistory, type TeamState } from '../../../src/core/facts/index.js';
import { detected } from '../../../src/core/judge/index.js';
import { handshakeTally, selectHandshakes, selectUnanswered } from '../../../src/core/select/handshakes.js';
import { selectWaits, selectUnread, selectWaitingSince } from '../../../src/core/select/mail.js';
import { memoizeGrowing } from '../../../src/core/select/memo.js';
import { selectPairingIndex, selectPairings } from '../../../src/core/select/pairings.js';
import { selectWorkFacts } from '../../../src/core/select/work.js';
import { at, message, observe, teamState } from '../../helpers/observations.js';

const HISTORY = 10_000;

/** A long run's inbox as 2.1.330 leaves it: every message delivered a moment after it came. */
function longHistory(): InboxHistory {
  let inbox = emptyInbox('lead');
  const fresh = new WeakSet<object>();
  for (let i = 0; i < HISTORY; i++) {
    const sent = { ...message('lead', 'worker', `note ${i}`, i), seenAt: at(i) };
    inbox = applyInboxFile(inbox, [sent], 0, Number.NaN, fresh);
    inbox = applyInboxFile(inbox, [], 0, at(i) + 100, fresh);
  }
  return inbox;
}

/** The history's messages behind a proxy that counts the elements read. */
function counted(inbox: InboxHistory): { inbox: InboxHistory; reads: () => number } {
  let reads = 0;
  const messages = new Proxy(inbox.messages as InboxMessage[], {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/u.test(key)) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { inbox: { ...inbox, messages }, reads: () => reads };
}

describe('the cost of a change with a long history', () => {
  it('writes a batch of changes into one list: a restored journal does not copy the history per change', () => {
    const fresh = new WeakSet<object>();
    let inbox = applyInboxFile(emptyInbox('lead'), [message('lead', 'worker', 'first', 0)], 0, Number.NaN, fresh);
    const list = inbox.messages;
    for (let i = 1; i < 100; i++) {
      inbox = applyInboxFile(inbox, [message('lead', 'worker', `note ${i}`, i)], 0, at(i), fresh);
      expect(inbox.messages).toBe(list);
    }
    // Outside the batch, a version others saw is never written into.
    expect(applyInboxFile(inbox, [], 0, at(200)).messages).not.toBe(list);
  });

  it('looks only at what the file held for what was delivered, and the history keeps its length', () => {
    const inbox = longHistory();
    expect(inbox.messages).toHaveLength(HISTORY);
    expect(inbox.messages.every((m) => m.delivered)).toBe(true);
    const waiting = applyInboxFile(inbox, [message('lead', 'worker', 'one more', HISTORY)], 0, at(HISTORY));
    // In a batch (a restore), the list the batch made is written into: nothing is copied or walked.
    const fresh = new WeakSet<object>();
    const { inbox: watched, reads } = counted(waiting);
    fresh.add(watched.messages);
    const delivered = applyInboxFile(watched, [], 0, at(HISTORY) + 100, fresh);
    expect(delivered.messages[HISTORY]!.delivered).toBe(true);
    expect(reads()).toBeLessThan(10);
    const removed = counted(waiting);
    fresh.add(removed.inbox.messages);
    removeInboxFile(removed.inbox, at(HISTORY) + 100, fresh);
    expect(removed.reads()).toBeLessThan(10);
  });

  it('extends what the selectors worked out across a delivery instead of folding the history again', () => {
    const inbox = longHistory();
    let visited = 0;
    const count = memoizeGrowing(
      (messages, start, base: number | undefined) => {
        visited += messages.length - start;
        return (base ?? 0) + messages.length - start;
      },
      (base) => base,
    );
    expect(count(inbox)).toBe(HISTORY);
    const waits = selectWaits(inbox);
    expect(waits).toMatchObject({ typicalMs: 100, maxMs: 100, count: HISTORY });
    const grown = applyInboxFile(inbox, [message('lead', 'worker', 'one more', HISTORY)], 0, at(HISTORY));
    const delivered = applyInboxFile(grown, [], 0, at(HISTORY) + 300);
    expect(delivered.grewFrom).toBe(grown.messages);
    expect(delivered.replaced).toEqual(new Set([HISTORY]));
    visited = 0;
    expect(count(grown)).toBe(HISTORY + 1);
    expect(count(delivered)).toBe(HISTORY + 1);
    expect(visited).toBe(1);
    expect(selectWaits(grown)).toBe(waits);
    expect(selectWaits(delivered)).toEqual({ typicalMs: 100, maxMs: 300, count: HISTORY + 1 });
    // What waits is among what the file holds.
    const { inbox: watched, reads } = counted(grown);
    expect(selectUnread(watched)).toBe(1);
    expect(selectWaitingSince(watched)).toBe(at(HISTORY));
    expect(reads()).toBeLessThan(10);
  });

  it('pairs handshakes again only when a message taking part in one changed, and judges an answered one once', () => {
    const plan = message('team-lead', 'worker', { type: 'plan_approval_request', requestId: 'p1', plan: 'x' }, 1);
    const yes = message('worker', 'team-lead', { type: 'plan_approval_response', requestId: 'p1', approve: true }, 2);
    let state = observe(
      teamState(),
      { kind: 'inbox', team: 'team', member: 'team-lead', messages: [plan], at: at(1), live: true },
      { kind: 'inbox', team: 'team', member: 'worker', messages: [yes], at: at(2), live: true },
    );
    const team = (): TeamState => state.teams.get('team')!;
    const pairings = selectPairings(team().inboxes);
    const idle = message('team-lead', 'worker', { type: 'idle_notification', idleReason: 'available' }, 3);
    state = observe(state, { kind: 'inbox', team: 'team', member: 'team-lead', messages: [plan, idle], at: at(3), live: true });
    expect(selectPairings(team().inboxes)).toBe(pairings);
    const [first] = selectHandshakes(team(), at(10), stalling(60_000));
    const [later] = selectHandshakes(team(), at(5000), stalling(60_000));
    expect(first!.state).toBe('approved');
    expect(later).toBe(first);
  });

  it('gives back the same handshakes while no open one changes, and counts them without walking the answered ones', () => {
    const requests: InboxMessage[] = [];
    const answers: InboxMessage[] = [];
    for (let i = 0; i < 1000; i++) {
      requests.push(message('team-lead', 'worker', { type: 'plan_approval_request', requestId: `p${i}`, plan: 'x' }, i));
      answers.push(message('worker', 'team-lead', { type: 'plan_approval_response', requestId: `p${i}`, approve: true }, i));
    }
    requests.push(message('team-lead', 'worker', { type: 'plan_approval_request', requestId: 'open', plan: 'x' }, 1000));
    const state = observe(
      teamState(),
      { kind: 'inbox', team: 'team', member: 'team-lead', messages: requests, at: at(1000), live: true },
      { kind: 'inbox', team: 'team', member: 'worker', messages: answers, at: at(1000), live: true },
    );
    const team = state.teams.get('team')!;
    const list = selectHandshakes(team, at(1010), stalling(60_000));
    expect(list).toHaveLength(1001);
    // Within the same second of age, nothing on screen changed: the same list, so nothing is drawn again.
    expect(selectHandshakes(team, at(1010) + 400, stalling(60_000))).toBe(list);
    const later = selectHandshakes(team, at(1100), stalling(60_000));
    expect(later).not.toBe(list);
    expect(later[0]).toMatchObject({ requestId: 'open', state: 'stalled' });
    const tally = handshakeTally(later);
    expect(tally).toMatchObject({ open: 1, stalled: 1, abandoned: 0, contradicting: 0 });
    expect(tally.clocked.map((handshake) => handshake.requestId)).toEqual(['open']);
  });

  it('judges an open request again only when it stalls, and a stall words nothing else again', () => {
    // A thousand shutdown requests a second apart, none answered: one more stalls every second.
    const requests = Array.from({ length: 1000 }, (_, i) =>
      message('team-lead', 'worker', { type: 'shutdown_request', requestId: `s${i}`, reason: 'done' }, i),
    );
    const state = observe(teamState(), { kind: 'inbox', team: 'team', member: 'worker', messages: requests, at: at(1000), live: true });
    const team = state.teams.get('team')!;
    const first = selectUnanswered(team, at(1000.1), stalling(60_000));
    expect(first.filter((handshake) => handshake.state === 'pending')).toHaveLength(59);
    // Before the next stall, the same list, however far the ages moved.
    expect(selectUnanswered(team, at(1000.9), stalling(60_000))).toBe(first);
    const diagnosed = detected(team, at(1000.9), stalling(60_000)).diagnoses;
    const next = selectUnanswered(team, at(1001.1), stalling(60_000));
    expect(next).not.toBe(first);
    const changed = next.filter((handshake, i) => handshake !== first[i]);
    expect(changed.map((handshake) => [handshake.requestId, handshake.state])).toEqual([['s941', 'stalled']]);
    const again = detected(team, at(1001.1), stalling(60_000)).diagnoses;
    expect(again).toHaveLength(diagnosed.length + 1);
    const before = new Set(diagnosed);
    expect(again.filter((diagnosis) => !before.has(diagnosis)).map((diagnosis) => diagnosis.subject)).toEqual(['handshake:s941']);
    // The list in order and its tally follow, without sorting the thousand again.
    const list = selectHandshakes(team, at(1001.1), stalling(60_000));
    expect(list.map((handshake) => handshake.requestId)).toEqual(requests.map((_, i) => `s${i}`));
    expect(handshakeTally(list)).toMatchObject({ open: 1000, stalled: 942 });
    // A clock stepped back judges them all again: what stalled is pending once more.
    const back = selectUnanswered(team, at(990.1), stalling(60_000));
    expect(back.filter((handshake) => handshake.state === 'pending').map((handshake) => handshake.requestId)).toEqual(
      Array.from({ length: 69 }, (_, i) => `s${931 + i}`),
    );
  });

  it('finds who waits for a permission prompt without walking the answered requests, on every frame', () => {
    const requests: InboxMessage[] = [];
    const answers: InboxMessage[] = [];
    const permission = (i: number, id: string) =>
      message(
        'worker',
        'team-lead',
        { type: 'permission_request', request_id: id, agent_id: 'worker', tool_name: 'Bash', description: 'npm test' },
        i,
      );
    for (let i = 0; i < 1000; i++) {
      requests.push(permission(i, `r${i}`));
      answers.push(message('team-lead', 'worker', { type: 'permission_response', request_id: `r${i}`, subtype: 'success' }, i));
    }
    requests.push(permission(1000, 'open'));
    const state = observe(
      teamState(),
      { kind: 'inbox', team: 'team', member: 'team-lead', messages: requests, at: at(1000), live: true },
      { kind: 'inbox', team: 'team', member: 'worker', messages: answers, at: at(1000), live: true },
    );
    const team = state.teams.get('team')!;
    const pairings = selectPairings(team.inboxes);
    expect(selectPairingIndex(pairings).openPermissions.map((pairing) => pairing.requestId)).toEqual(['open']);
    let reads = 0;
    for (const pairing of pairings) {
      const { kind } = pairing;
      Object.defineProperty(pairing, 'kind', { get: () => (reads++, kind) });
    }
    for (let frame = 0; frame < 10; frame++) selectWorkFacts(team, at(1001 + frame));
    expect(reads).toBe(0);
  });

  it("hands a member's status only the pairings about it", () => {
    let state = teamState();
    for (let i = 0; i < 50; i++) {
      const ask = message('worker', 'team-lead', { type: 'shutdown_request', requestId: `s${i}`, reason: 'done' }, i);
      state = observe(state, { kind: 'inbox', team: 'team', member: 'worker', messages: [ask], at: at(i), live: true });
    }
    const index = selectPairingIndex(selectPairings(state.teams.get('team')!.inboxes));
    expect(index.about('worker')).toHaveLength(50);
    expect(index.about('team-lead')).toHaveLength(0);
    expect(index.joins).toHaveLength(0);
  });
});

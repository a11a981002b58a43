import { stalling } from '../../helpers/thresholds.js';
import { describe, expect, it } from 'vitest';
import { applyInboxFile, emptyInbox } from '../../../src/core/facts/index.js';
import { selectPairings } from '../../../src/core/select/pairings.js';
import { selectUnread, selectWaitingSince, selectWaits } from '../../../src/core/select/mail.js';
import { NO_FILTERS } from '../../../src/core/model/message-filter.js';
import { selectStalledCounts } from '../../../src/core/select/handshakes.js';
import { selectInboxMessages, selectTimelineEntries } from '../../../src/core/select/messages.js';
import { selectCurrentTeam } from '../../../src/core/select/teams.js';
import { at, message, observe, teamState, teamStateObservations } from '../../helpers/observations.js';
import type { AppState } from '../../../src/core/app-state.js';

const chat = (i: number, read = false) => message('lead', 'worker', `note ${i}`, i, { read });
const request = (i: number) => message('lead', 'worker', { type: 'shutdown_request', requestId: `r${i}`, reason: 'done' }, i);

describe('selectors over an inbox that grows', () => {
  it('count unread messages among those the file holds', () => {
    const [one, two, three, four] = [chat(1, true), chat(2), chat(3), chat(4, true)] as const;
    const older = applyInboxFile(emptyInbox('lead'), [one, two]);
    expect(selectUnread(older)).toBe(1);
    const newer = applyInboxFile(older, [one, two, three, four]);
    expect(newer.grewFrom).toBe(older.messages);
    expect(selectUnread(newer)).toBe(2);
    // A message marked read in place.
    const flipped = applyInboxFile(newer, [one, chat(2, true), three, four]);
    expect(flipped.replaced).toEqual(new Set([1]));
    expect(selectUnread(flipped)).toBe(1);
  });

  it('measure how long delivered mail waited: from when it was seen coming (else its timestamp) to when it was seen going', () => {
    // Seen arriving live 1 s after its timestamp; one that was there at start counts from its timestamp.
    const live = (i: number) => ({ ...chat(i), seenAt: at(i + 1) });
    const [one, two, three] = [live(1), chat(2), live(3)] as const;
    let inbox = applyInboxFile(emptyInbox('lead'), [one, two, three]);
    expect(selectWaits(inbox)).toBeNull();
    inbox = applyInboxFile(inbox, [three], 0, at(4));
    // one: 4 - 2 = 2 s; two: 4 - 2 = 2 s.
    expect(selectWaits(inbox)).toEqual({ typicalMs: 2000, maxMs: 2000, count: 2 });
    // Growing adds mail still waiting: the figures stay, without a new fold.
    const waits = selectWaits(inbox);
    const grown = applyInboxFile(inbox, [three, chat(9)]);
    expect(grown.grewFrom).toBe(inbox.messages);
    expect(selectWaits(grown)).toBe(waits);
    inbox = applyInboxFile(grown, [], 0, at(34));
    expect(selectWaits(inbox)).toEqual({ typicalMs: 2000 / 2 + 25_000 / 2, maxMs: 30_000, count: 4 });
    // Gone unseen (while teamtop was not running): not measured.
    expect(selectWaits(applyInboxFile(applyInboxFile(emptyInbox('lead'), [one]), [], 0, Number.NaN))).toBeNull();
  });

  it('know since when the oldest unread message waits, as the inbox grows and as mail is delivered', () => {
    const [read, one, two] = [chat(0, true), { ...chat(1), seenAt: at(3) }, chat(2)] as const;
    const older = applyInboxFile(emptyInbox('lead'), [read]);
    expect(selectWaitingSince(older)).toBeNaN();
    const grown = applyInboxFile(older, [read, one, two]);
    expect(grown.grewFrom).toBe(older.messages);
    // Seen arriving at 3 s: that is when it came, whatever its timestamp says.
    expect(selectWaitingSince(grown)).toBe(at(3));
    expect(selectWaitingSince(applyInboxFile(grown, [read, two], 0, at(5)))).toBe(at(2));
    expect(selectWaitingSince(applyInboxFile(grown, [], 0, at(5)))).toBeNaN();
  });

  it('find a request that arrived in the added messages', () => {
    const first = chat(1);
    const older = applyInboxFile(emptyInbox('lead'), [first]);
    expect(selectPairings(new Map([['lead', older]]))).toEqual([]);
    const newer = applyInboxFile(older, [first, request(2)]);
    expect(newer.grewFrom).toBe(older.messages);
    expect(selectPairings(new Map([['lead', newer]])).map((pairing) => [pairing.kind, pairing.requestId])).toEqual([['shutdown', 'r2']]);
  });
});

describe('selectors the dashboard, --once and --json share', () => {
  const asked = (state: AppState, team: string, seconds: number) =>
    observe(state, {
      kind: 'inbox',
      team,
      member: 'worker',
      messages: [message('team-lead', 'worker', { type: 'shutdown_request', requestId: `r-${team}`, reason: 'done' }, seconds)],
      at: at(seconds),
      live: false,
    });

  it('count stalled handshakes per team and in all, as of a moment', () => {
    let state = teamState('alpha');
    state = observe(state, ...teamStateObservations('beta'));
    state = asked(asked(state, 'alpha', 0), 'beta', 50);
    expect(selectStalledCounts(state, at(70), stalling(60_000))).toEqual({
      byTeam: new Map([
        ['alpha', 1],
        ['beta', 0],
      ]),
      total: 1,
    });
    expect(selectStalledCounts(state, at(111), stalling(60_000))).toEqual({
      byTeam: new Map([
        ['alpha', 1],
        ['beta', 1],
      ]),
      total: 2,
    });
  });

  it('show the team picked while it is there, else the most recently active one', () => {
    let state = teamState('alpha');
    state = observe(state, ...teamStateObservations('beta'));
    state = asked(state, 'beta', 5);
    expect(selectCurrentTeam(state, null)?.name).toBe('beta');
    expect(selectCurrentTeam(state, 'alpha')?.name).toBe('alpha');
    expect(selectCurrentTeam(state, 'gone')?.name).toBe('beta');
  });

  it('filter an inbox and the timeline, keeping the same list while nothing is hidden or changed', () => {
    const state = observe(teamState('alpha'), {
      kind: 'inbox',
      team: 'alpha',
      member: 'team-lead',
      messages: [message('worker', 'team-lead', 'hello', 1), message('worker', 'team-lead', { type: 'idle_notification' }, 2)],
      at: at(2),
      live: false,
    });
    const inboxes = state.teams.get('alpha')!.inboxes;
    const inbox = inboxes.get('team-lead')!;
    expect(selectInboxMessages(inbox, NO_FILTERS)).toBe(inbox.messages);
    const noIdle = { ...NO_FILTERS, showIdle: false };
    expect(selectInboxMessages(inbox, noIdle).map((shown) => shown.text)).toEqual(['hello']);
    expect(selectInboxMessages(inbox, { ...noIdle })).toBe(selectInboxMessages(inbox, noIdle));
    expect(selectTimelineEntries(inboxes, noIdle).map((entry) => entry.message.text)).toEqual(['hello']);
  });
});

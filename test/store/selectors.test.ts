import { describe, expect, it } from 'vitest';
import { applyInboxFile, emptyInbox } from '../../src/store/inbox-history.js';
import { selectPairings, selectUnread } from '../../src/store/selectors.js';
import { message } from '../helpers/observations.js';

const chat = (i: number, read = false) => message('lead', 'worker', `note ${i}`, i, { read });
const request = (i: number) => message('lead', 'worker', { type: 'shutdown_request', requestId: `r${i}`, reason: 'done' }, i);

describe('selectors over an inbox that grows', () => {
  it('count unread messages by extending the count of the version grown from', () => {
    const [one, two, three, four] = [chat(1, true), chat(2), chat(3), chat(4, true)] as const;
    const older = applyInboxFile(emptyInbox('lead'), [one, two]);
    expect(selectUnread(older)).toBe(1);
    const newer = applyInboxFile(older, [one, two, three, four]);
    expect(newer.grewFrom).toBe(older.messages);
    expect(selectUnread(newer)).toBe(2);
    // A version that changed rather than grew is counted from scratch.
    const flipped = applyInboxFile(newer, [one, chat(2, true), three, four]);
    expect(flipped.grewFrom).toBeUndefined();
    expect(selectUnread(flipped)).toBe(1);
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

/**
 * `S`'s orders and the search's narrowing, on the lists themselves: ties keep
 * the order the list came in, and the same list asked for again is the same
 * array (the keys and the memoised rows built on it stay).
 */
import { describe, expect, it } from 'vitest';
import type { Handshake } from '../../src/core/model/handshakes.js';
import { shownHandshakes } from '../../src/ui/panes/handshakes/model.js';
import { initialViewState, type SortOrder } from '../../src/ui/keys/view-state.js';
import type { Frame } from '../../src/ui/views/view.js';

const handshake = (requestId: string, state: Handshake['state'], requestedAt: number | null, to: string): Handshake =>
  ({ requestId, state, requestedAt, to, from: 'x', kind: 'permission', fact: `fact ${requestId}` }) as unknown as Handshake;

const LIST = [
  handshake('a', 'pending', 30, 'carol'),
  handshake('b', 'approved', 10, 'alice'),
  handshake('c', 'stalled', 20, 'bob'),
  handshake('d', 'rejected', null, 'alice'),
  handshake('e', 'abandoned', 5, 'bob'),
];

const frame = (order: SortOrder, search = ''): Frame =>
  ({
    handshakes: LIST,
    view: { ...initialViewState, sort: { ...initialViewState.sort, handshakes: order }, filters: { ...initialViewState.filters, search } },
  }) as unknown as Frame;

const ids = (order: SortOrder, search?: string) => shownHandshakes(frame(order, search)).map((one) => one.requestId);

describe('the handshakes, sorted and searched', () => {
  it('come as they are by default, by age oldest first (one never seen asked last), by state, by who has to answer', () => {
    expect(ids('default')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids('age')).toEqual(['e', 'b', 'c', 'a', 'd']);
    expect(ids('state')).toEqual(['c', 'a', 'd', 'b', 'e']);
    expect(ids('owner')).toEqual(['b', 'd', 'c', 'e', 'a']);
  });

  it('are narrowed to what matches, and are the same array when asked again', () => {
    expect(ids('default', 'alice')).toEqual(['b', 'd']);
    expect(ids('state', 'fact c')).toEqual(['c']);
    expect(shownHandshakes(frame('age'))).toBe(shownHandshakes(frame('age')));
    expect(shownHandshakes(frame('default'))).toBe(LIST);
  });
});

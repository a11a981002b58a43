/**
 * The dashboard's clock moves on when a time on screen changes, on a beat of
 * whole seconds: times seen at different instants tick together, one frame a
 * second however many there are, and none is more than a second late.
 */
import { describe, expect, it } from 'vitest';
import { nextMoveAt } from '../../components/use-now.js';
import { untilAgeChanges } from '../../src/domain/time.js';

/** The instants the clock moves on at over `seconds`, drawing ages (in seconds) since each of `since`. */
function moves(since: readonly number[], start: number, seconds: number): number[] {
  const at: number[] = [];
  for (let now = start; now < start + seconds * 1000;) {
    const untilChange = Math.min(...since.map((time) => untilAgeChanges(now - time, 1)));
    now = nextMoveAt(now, untilChange);
    at.push(now);
  }
  return at;
}

describe('the clock', () => {
  it('moves on once a second for ages seen at different instants, all at once', () => {
    // Three times a quarter and a half second apart: one frame a second, not three.
    expect(moves([250, 500, 900], 10_000, 3)).toEqual([11_000, 12_000, 13_000]);
  });

  it('shows each age at most a second late, in whole seconds', () => {
    for (const now of moves([250, 500, 900], 10_000, 5)) {
      for (const since of [250, 500, 900]) {
        const shown = Math.floor((now - since) / 1000);
        expect(now - (since + shown * 1000)).toBeLessThan(1000);
      }
    }
  });

  it('waits as long as the soonest change, in whole seconds, and a minute at most', () => {
    expect(nextMoveAt(0, 2500)).toBe(3000);
    expect(nextMoveAt(0, 1)).toBe(1000);
    expect(nextMoveAt(0, Number.POSITIVE_INFINITY)).toBe(60_000);
  });
});

/**
 * The dashboard's clock moves on when a time on screen changes, on a beat of
 * whole seconds: times seen at different instants tick together, one frame a
 * second however many there are, and none is more than a second late.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moveOnWhenDue, nextMoveAt } from '../../components/use-now.js';
import { onClockStep, STEP_CHECK_MS } from '../../src/store/clock-steps.js';
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

describe('a wall clock that steps', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is told from time passing, either way, and a late timer is not a step', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let wall = 0;
    let monotonic = 0;
    const onStep = vi.fn();
    const stop = onClockStep(
      onStep,
      () => wall,
      () => monotonic,
    );
    const pass = (ms: number, wallMs = ms) => {
      monotonic += ms;
      wall += wallMs;
      vi.advanceTimersByTime(STEP_CHECK_MS);
    };
    pass(1000);
    pass(1500);
    expect(onStep).not.toHaveBeenCalled();
    pass(1000, 1000 - 2 * 3600_000);
    expect(onStep).toHaveBeenCalledTimes(1);
    pass(1000, 1000 + 5 * 60_000);
    expect(onStep).toHaveBeenCalledTimes(2);
    stop();
    pass(1000, -3600_000);
    expect(onStep).toHaveBeenCalledTimes(2);
  });

  it('moves the dashboard on within a second of stepping back, not when the next age was due', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
    const start = Date.parse('2026-11-02T12:00:00Z');
    vi.setSystemTime(start);
    const moveOn = vi.fn();
    // Nothing on screen changes for a minute: `stalled 2h` shows hours.
    const stop = moveOnWhenDue(start, 60_000, moveOn);
    vi.advanceTimersByTime(5000);
    expect(moveOn).not.toHaveBeenCalled();
    vi.setSystemTime(Date.now() - 2 * 3600_000);
    vi.advanceTimersByTime(STEP_CHECK_MS);
    expect(moveOn).toHaveBeenCalledTimes(1);
    stop();
  });
});

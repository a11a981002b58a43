/**
 * The dashboard's clock moves on when a time on screen changes, on a beat of
 * whole seconds: times seen at different instants tick together, one frame a
 * second however many there are, and none is more than a second late.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Beat, nextMoveAt } from '../../src/ui/app/use-now.js';
import { onClockStep, STEP_CHECK_MS } from '../../src/core/clock-steps.js';
import { untilAgeChanges } from '../../src/core/model/time.js';

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
    const beat = new Beat(moveOn);
    beat.clock(nextMoveAt(start, 60_000));
    const stop = onClockStep(beat.now);
    vi.advanceTimersByTime(5000);
    expect(moveOn).not.toHaveBeenCalled();
    vi.setSystemTime(Date.now() - 2 * 3600_000);
    vi.advanceTimersByTime(STEP_CHECK_MS);
    expect(moveOn).toHaveBeenCalledTimes(1);
    stop();
    beat.stop();
  });
});

describe("the members' work", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A beat whose clock moves on every second (an age on screen), and the instants it moved on at. */
  function ticking() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(Date.parse('2026-11-02T12:00:00Z'));
    const start = Date.now();
    const moves: number[] = [];
    const beat: Beat = new Beat(() => {
      moves.push(Date.now() - start);
      beat.drawn();
      beat.clock(nextMoveAt(Date.now(), 1));
    });
    beat.clock(nextMoveAt(start, 1));
    return { beat, moves };
  }

  it('coming ten times a second is drawn with the clock, one frame a second, not a frame each', () => {
    const { beat, moves } = ticking();
    for (let i = 0; i < 50; i++) {
      vi.advanceTimersByTime(100);
      beat.work();
    }
    expect(moves).toEqual([1000, 2000, 3000, 4000, 5000]);
    beat.stop();
  });

  it('coming after a quiet while is drawn at once', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const moveOn = vi.fn();
    const beat = new Beat(moveOn);
    vi.advanceTimersByTime(30_000);
    beat.work();
    vi.advanceTimersByTime(10);
    expect(moveOn).toHaveBeenCalledTimes(1);
    // More within the second waits for the beat a second after that frame.
    beat.work();
    vi.advanceTimersByTime(980);
    expect(moveOn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(20);
    expect(moveOn).toHaveBeenCalledTimes(2);
    beat.stop();
  });

  it('drawn with a frame drawn anyway (a message came) is not drawn again', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const moveOn = vi.fn();
    const beat = new Beat(moveOn);
    beat.work();
    beat.drawn();
    vi.advanceTimersByTime(5000);
    expect(moveOn).not.toHaveBeenCalled();
    beat.stop();
  });
});

import { useEffect, useState } from 'react';

/** Never wait longer than this, in case the machine slept or the clock jumped. */
const LONGEST_WAIT_MS = 60_000;

export interface Clock {
  /** The time the screen is drawn for. */
  readonly now: number;
  /** Whether it moves (a fixed `--now` and a replay's clock do not move by themselves). */
  readonly moving: boolean;
  readonly moveOn: () => void;
}

/** The time the screen shows: the wall clock, or a fixed instant (`--now`, a replay). */
export function useClock(at?: number): Clock {
  const [tick, setTick] = useState(() => Date.now());
  return { now: at ?? tick, moving: at === undefined, moveOn: () => setTick(Date.now()) };
}

/**
 * Move the clock on when the screen next needs it: `untilChangeMs` from now (the
 * model says when an age on screen next changes), so an idle dashboard does not
 * redraw every second just to show the same text.
 */
export function useRedrawWhenTimeChanges({ now, moving, moveOn }: Clock, untilChangeMs: number): void {
  useEffect(() => {
    if (!moving) return;
    const wait = Math.min(LONGEST_WAIT_MS, Math.max(10, Math.ceil(untilChangeMs)));
    const timer = setTimeout(moveOn, wait);
    return () => clearTimeout(timer);
    // moveOn is a new function each render, with the same effect: not a reason to re-arm.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [untilChangeMs, now, moving]);
}

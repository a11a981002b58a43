import { useEffect, useState } from 'react';
import { LONGEST_WAIT_MS, timerDelay } from '../src/domain/time.js';
import { onClockStep } from '../src/store/clock-steps.js';

/** The clock moves on whole seconds after it last did: the beat every time on screen moves on to. */
const BEAT_MS = 1000;

interface Clock {
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
 * When the clock drawn at `now` next moves on, the model saying that a time on
 * screen changes `untilChangeMs` after it: on the first beat (a whole number of
 * seconds after `now`) that is not before the change. Times seen at different
 * instants (a team's come from many writes) then move on together, in one frame
 * a second, not each in a frame of its own; a time is at most a second late,
 * and ages show whole seconds.
 */
export function nextMoveAt(now: number, untilChangeMs: number): number {
  return now + Math.min(LONGEST_WAIT_MS, Math.ceil(Math.max(1, untilChangeMs) / BEAT_MS) * BEAT_MS);
}

/**
 * Move the clock on when the screen next needs it (`nextMoveAt`), so an idle
 * dashboard does not redraw every second just to show the same text.
 */
export function useRedrawWhenTimeChanges({ now, moving, moveOn }: Clock, untilChangeMs: number): void {
  // moveOn is a new function each render, with the same effect: not a reason to re-arm.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => (moving ? moveOnWhenDue(now, untilChangeMs, moveOn) : undefined), [untilChangeMs, now, moving]);
}

/**
 * Calls `moveOn` at the next beat a time on screen changes on, or at once
 * when the wall clock steps (every age and stall is then wrong). Returns what
 * stops it.
 */
export function moveOnWhenDue(now: number, untilChangeMs: number, moveOn: () => void): () => void {
  // Drawn again for another reason (a file changed) long after `now`: the beat is due, soon.
  const wait = Math.max(10, nextMoveAt(now, untilChangeMs) - Date.now());
  const timer = setTimeout(moveOn, timerDelay(wait));
  const stopWatching = onClockStep(moveOn);
  return () => {
    clearTimeout(timer);
    stopWatching();
  };
}

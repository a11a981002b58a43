import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { LONGEST_WAIT_MS, timerDelay } from '../../core/model/time.js';
import { onClockStep } from '../../core/clock-steps.js';

/** The clock moves on whole seconds after it last did: the beat every time on screen moves on to. */
const BEAT_MS = 1000;

interface Clock {
  readonly now: number;
  /** Whether it moves (a fixed `--now` and a replay's clock do not move by themselves). */
  readonly moving: boolean;
  readonly moveOn: () => void;
}

/** The time the screen shows: the wall clock, or a fixed instant (`--now`, a replay). */
export function useClock(at?: number): Clock {
  const [tick, setTick] = useState(() => Date.now());
  const moveOn = useCallback(() => setTick(Date.now()), []);
  return { now: at ?? tick, moving: at === undefined, moveOn };
}

/** When the clock drawn at `now` next moves: the first whole-second beat not before the change, so times move together. */
export function nextMoveAt(now: number, untilChangeMs: number): number {
  return now + Math.min(LONGEST_WAIT_MS, Math.ceil(Math.max(1, untilChangeMs) / BEAT_MS) * BEAT_MS);
}

/** The one timer that draws again on a beat: a time on screen changes, or members' activity came in (docs/internals/views.md). */
export class Beat {
  private last = Date.now();
  private clockAt = Number.POSITIVE_INFINITY;
  private workAt = Number.POSITIVE_INFINITY;
  private armed: { readonly at: number; readonly timer: ReturnType<typeof setTimeout> } | undefined;

  constructor(private readonly moveOn: () => void) {}

  clock(at: number): void {
    this.clockAt = at;
    this.arm();
  }

  /** Work came in that is not drawn yet: draw it on the next beat. */
  readonly work = (): void => {
    this.workAt = Math.min(this.workAt, nextMoveAt(this.last, 1));
    this.arm();
  };

  drawn(): void {
    if (this.workAt === Number.POSITIVE_INFINITY) return;
    this.workAt = Number.POSITIVE_INFINITY;
    this.arm();
  }

  /** Move on now, as a beat would (the wall clock stepped). */
  readonly now = (): void => {
    this.clockAt = this.workAt = Number.POSITIVE_INFINITY;
    this.arm();
    this.last = Date.now();
    this.moveOn();
  };

  stop(): void {
    if (this.armed) clearTimeout(this.armed.timer);
    this.armed = undefined;
  }

  private arm(): void {
    const at = Math.min(this.clockAt, this.workAt);
    if (this.armed?.at === at) return;
    this.stop();
    if (at === Number.POSITIVE_INFINITY) return;
    // Drawn again for another reason (a file changed) long after the last beat: the beat is due, soon.
    this.armed = { at, timer: setTimeout(this.now, timerDelay(Math.max(10, at - Date.now()))) };
  }
}

/** The dashboard's beat, for as long as it is on screen; every frame drawn tells it so. */
export function useBeat(clock: Clock): Beat {
  const [beat] = useState(() => new Beat(clock.moveOn));
  useEffect(() => () => beat.stop(), [beat]);
  // The wall clock stepped: every age and stall on screen is wrong until drawn again.
  useEffect(() => (clock.moving ? onClockStep(beat.now) : undefined), [beat, clock.moving]);
  useLayoutEffect(() => beat.drawn());
  return beat;
}

/** Move the clock on only when the screen needs it: an idle dashboard does not redraw every second to show the same text. */
export function useRedrawWhenTimeChanges(beat: Beat, { now, moving }: Clock, untilChangeMs: number): void {
  useEffect(() => beat.clock(moving ? nextMoveAt(now, untilChangeMs) : Number.POSITIVE_INFINITY), [beat, untilChangeMs, now, moving]);
}

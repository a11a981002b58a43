/**
 * The wall clock can step (NTP, a date change, a wake from sleep), but Node's timers run on the monotonic clock: after a step back,
 * `stalled 2h` stayed on a minute-old request until the next timer. A check once a second, drawing nothing, tells a step from time.
 */

/** How often the two clocks are compared. */
export const STEP_CHECK_MS = 1000;

/** A difference between how far each clock moved that is a step, not a timer's lateness. */
export const STEP_MS = 1000;

/** Calls `onStep` when the wall clock moves more than STEP_MS away from the monotonic one; returns a stop; keeps no process alive. */
export function onClockStep(
  onStep: () => void,
  wall: () => number = Date.now,
  monotonic: () => number = () => performance.now(),
): () => void {
  let wallAt = wall();
  let monotonicAt = monotonic();
  const timer = setInterval(() => {
    const [wallNow, monotonicNow] = [wall(), monotonic()];
    const stepped = Math.abs(wallNow - wallAt - (monotonicNow - monotonicAt)) > STEP_MS;
    wallAt = wallNow;
    monotonicAt = monotonicNow;
    if (stepped) onStep();
  }, STEP_CHECK_MS);
  timer.unref?.();
  return () => clearInterval(timer);
}

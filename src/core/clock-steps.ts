/**
 * The wall clock can step: NTP sets it, a user changes the date, a laptop
 * wakes from sleep. Node's timers run on the monotonic clock, so a timer set
 * for when an age next changes fires at its time however far the wall clock
 * moved: after a step back, `stalled 2h` stayed on a request a minute old
 * until then (up to a minute, LONGEST_WAIT_MS). A check once a second, which
 * draws nothing, tells a step from time passing.
 */

/** How often the two clocks are compared. */
export const STEP_CHECK_MS = 1000;

/** A difference between how far each clock moved that is a step, not a timer's lateness. */
export const STEP_MS = 1000;

/**
 * Calls `onStep` when the wall clock moves more than STEP_MS away from the
 * monotonic one, either way. Returns what stops it. Keeps no process alive.
 */
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

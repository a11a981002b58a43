/** The run's time axis, shared by the text and the SVG swimlanes. */
import { formatClock } from '../model/time.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Steps between labelled instants, smallest first: round numbers on a clock. */
const STEPS = [
  ...[1, 2, 5, 10, 15, 30].map((n) => n * SECOND),
  ...[1, 2, 5, 10, 15, 30].map((n) => n * MINUTE),
  ...[1, 2, 3, 6, 12].map((n) => n * HOUR),
  ...[1, 2, 7, 14, 28].map((n) => n * DAY),
];

export interface Axis {
  readonly start: number;
  readonly end: number;
  /** Where `time` falls, 0 at the start and 1 at the end (outside for instants outside the run). */
  readonly at: (time: number) => number;
  /** Round instants within the run, at most as many as asked for. */
  readonly ticks: (most: number) => number[];
  /** How a tick is labelled: `17:19:30`, or `17:19` for steps of a minute or more. */
  readonly label: (time: number, ticks: readonly number[]) => string;
}

/** The axis from `start` to `end`; a run of unknown start, or shorter than a second, gets a second. */
export function timeAxis(startedAt: number, until: number): Axis {
  const end = Number.isFinite(until) ? until : Number.isFinite(startedAt) ? startedAt + SECOND : SECOND;
  const start = Number.isFinite(startedAt) && startedAt < end ? startedAt : end - SECOND;
  const span = Math.max(SECOND, end - start);
  return {
    start,
    end: start + span,
    at: (time) => (time - start) / span,
    ticks: (most) => {
      const step = STEPS.find((candidate) => span / candidate <= Math.max(1, most)) ?? STEPS[STEPS.length - 1]!;
      const ticks: number[] = [];
      for (let tick = Math.ceil(start / step) * step; tick <= start + span; tick += step) ticks.push(tick);
      return ticks;
    },
    label: (time, ticks) => {
      const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : SECOND;
      const clock = formatClock(time);
      return step >= MINUTE ? clock.slice(0, 5) : clock;
    },
  };
}

/** The run's time axis, shared by the text and the SVG swimlanes. */
import { lazy } from '../model/lazy.js';
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
  /** `17:19:30`, `17:19` for steps of a minute or more; over days, dates tell them apart (`11-26`, `11-27 06:00`). */
  readonly label: (time: number, ticks: readonly number[]) => string;
}

/** `11-26`, in local time, as the clock is; `2026-11-26` where the ticks span years. */
const dayFormat = lazy(() => new Intl.DateTimeFormat('en-CA', { month: '2-digit', day: '2-digit' }));
const dateFormat = lazy(() => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }));
const dayOf = (time: number): string => dayFormat().format(new Date(time));
const yearOf = (time: number): string => dateFormat().format(new Date(time)).slice(0, 4);

function tickLabel(time: number, ticks: readonly number[]): string {
  const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : SECOND;
  if (step >= DAY) {
    const years = ticks.length > 0 && yearOf(ticks[0]!) !== yearOf(ticks[ticks.length - 1]!);
    return years ? dateFormat().format(new Date(time)) : dayOf(time);
  }
  const clock = formatClock(time);
  const short = step >= MINUTE ? clock.slice(0, 5) : clock;
  const first = ticks[0];
  const last = ticks[ticks.length - 1];
  if (first === undefined || last === undefined || dayOf(first) === dayOf(last)) return short;
  const index = ticks.indexOf(time);
  const before = index > 0 ? ticks[index - 1] : undefined;
  if (before !== undefined && dayOf(before) === dayOf(time)) return short;
  return /^00:00(?::00)?$/u.test(short) ? dayOf(time) : `${dayOf(time)} ${short}`;
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
    label: tickLabel,
  };
}

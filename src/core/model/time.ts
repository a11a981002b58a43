/**
 * Times as a dashboard shows them: compact ages (`3m30s`) and wall-clock times.
 */
import prettyMilliseconds from 'pretty-ms';

/**
 * The longest a timer waits for a time to pass before it looks again: a timer
 * cannot wait past 2^31 ms (Node fires it at once, and warns), and the machine
 * may sleep or its clock jump meanwhile.
 */
export const LONGEST_WAIT_MS = 60_000;

/**
 * A compact age or duration: `42s`, `3m30s`, `2h5m`, `3d4h` (`units: 1` gives
 * `3m`, `2h`). Cut to its resolution first: pretty-ms skips a unit that is
 * zero, and would show 2 h 0 m 1 s as `2h1s`, an age that then never moves.
 */
export function formatAge(ms: number, units: 1 | 2 = 2): string {
  if (!Number.isFinite(ms)) return '?';
  if (ms < 1000) return '0s';
  return prettyMilliseconds(ms - (ms % resolutionOf(ms, units)), { secondsDecimalDigits: 0, unitCount: units }).replaceAll(' ', '');
}

/** A wait, to the tenth of a second under 10 s (`0.4s`: mail is delivered within a second), else as an age (`3m30s`). */
export function formatWait(ms: number): string {
  if (!Number.isFinite(ms)) return '?';
  return ms < 9950 ? `${(Math.max(0, ms) / 1000).toFixed(1)}s` : formatAge(ms);
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The smallest unit `formatAge(ms, units)` shows. */
function resolutionOf(ms: number, units: 1 | 2): number {
  const age = Math.max(0, ms);
  if (units === 1) return age >= DAY ? DAY : age >= HOUR ? HOUR : age >= MINUTE ? MINUTE : SECOND;
  return age >= DAY ? HOUR : age >= HOUR ? MINUTE : SECOND;
}

/** How long until `formatAge(ms, units)` shows something else: the resolution it shows at. */
export function untilAgeChanges(ms: number, units: 1 | 2 = 2): number {
  const age = Math.max(0, ms);
  const step = resolutionOf(age, units);
  return step - (age % step);
}

/** How long a member has held its status: seconds in the first minute, then one unit (`3m`, `2h`). */
export function formatSince(ms: number): string {
  return formatAge(ms, 1);
}

const clockFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A message time, `22:44:07` in local time; `--:--:--` when unknown. */
export function formatClock(time: number): string {
  return isInstant(time) ? clockFormat.format(new Date(time)) : '--:--:--';
}

/** The farthest a Date reaches from the epoch, either way (ECMAScript's time range). */
const MAX_INSTANT = 8.64e15;

/**
 * Whether epoch ms name an instant a Date can hold. A file can hold any number
 * (`1e20`): past this range `new Date(ms).toISOString()` throws and clocks
 * cannot format it, so such a number is as unreadable as no number at all.
 */
export function isInstant(ms: number): boolean {
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_INSTANT;
}

/** The later of two instants, ignoring an unknown one (NaN when both are). */
export const later = (a: number, b: number): number => (Number.isFinite(b) && !(a >= b) ? b : a);

/** The longest a Node timer can wait (2^31 - 1 ms, about 24.8 days): past it, Node waits 1 ms instead, and warns. */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** A delay a timer can take: a time a file set far ahead waits as long as a timer can, then looks again. */
export const timerDelay = (ms: number): number => Math.min(LONGEST_TIMER_MS, Math.max(0, Number.isNaN(ms) ? 0 : ms));

/** An instant as ISO, from epoch ms or an ISO string; null when unreadable. */
export function toIso(value: number | string | undefined): string | null {
  const time = toEpoch(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** An instant as epoch ms, NaN when missing or unreadable (out of a Date's range included). */
export function toEpoch(value: number | string | undefined): number {
  if (value === undefined) return Number.NaN;
  const time = typeof value === 'number' ? value : Date.parse(value);
  return isInstant(time) ? time : Number.NaN;
}

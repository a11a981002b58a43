import prettyMilliseconds from 'pretty-ms';

/** A timer cannot wait past 2^31 ms, and the machine may sleep or its clock jump meanwhile: look again at least this often. */
export const LONGEST_WAIT_MS = 60_000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `42s`, `3m30s`, `2h5m` (`units: 1`: `3m`). Cut to its resolution first: pretty-ms shows 2 h 0 m 1 s as `2h1s`, which never moves. */
export function formatAge(ms: number, units: 1 | 2 = 2): string {
  if (!Number.isFinite(ms)) return '?';
  if (ms < 1000) return '0s';
  const cut = ms - (ms % resolutionOf(ms, units));
  if (cut < DAY && Number.isInteger(cut)) return underADay(cut);
  return prettyMilliseconds(cut, { secondsDecimalDigits: 0, unitCount: units }).replaceAll(' ', '');
}

/**
 * What pretty-ms writes of an age under a day, cut to its resolution: its units that are not zero (the cut leaves
 * no more than were asked for), without pretty-ms's work, since the ages on screen are written again on every tick.
 */
function underADay(ms: number): string {
  const hours = Math.floor(ms / HOUR);
  const minutes = Math.floor(ms / MINUTE) % 60;
  const seconds = Math.floor(ms / SECOND) % 60;
  return `${hours > 0 ? `${hours}h` : ''}${minutes > 0 ? `${minutes}m` : ''}${seconds > 0 ? `${seconds}s` : ''}`;
}

/** To the tenth of a second under 10 s (mail is delivered within a second), else as an age. */
export function formatWait(ms: number): string {
  if (!Number.isFinite(ms)) return '?';
  return ms < 9950 ? `${(Math.max(0, ms) / 1000).toFixed(1)}s` : formatAge(ms);
}

function resolutionOf(ms: number, units: 1 | 2): number {
  const age = Math.max(0, ms);
  if (units === 1) return age >= DAY ? DAY : age >= HOUR ? HOUR : age >= MINUTE ? MINUTE : SECOND;
  return age >= DAY ? HOUR : age >= HOUR ? MINUTE : SECOND;
}

export function untilAgeChanges(ms: number, units: 1 | 2 = 2): number {
  const age = Math.max(0, ms);
  const step = resolutionOf(age, units);
  return step - (age % step);
}

export function formatSince(ms: number): string {
  return formatAge(ms, 1);
}

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** Local HH:MM:SS, as `Intl.DateTimeFormat('en-GB', h23)` writes it, without making one as teamtop starts (docs/speed.md). */
export function formatClock(time: number): string {
  if (!isInstant(time)) return '--:--:--';
  const date = new Date(time);
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
}

const MAX_INSTANT = 8.64e15;

/** A file can hold `1e20`: past a Date's range `toISOString()` throws, so such a number is as unreadable as none. */
export function isInstant(ms: number): boolean {
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_INSTANT;
}

export const later = (a: number, b: number): number => (Number.isFinite(b) && !(a >= b) ? b : a);

/** Past 2^31 - 1 ms (about 24.8 days) Node waits 1 ms instead, and warns. */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;

export const timerDelay = (ms: number): number => Math.min(LONGEST_TIMER_MS, Math.max(0, Number.isNaN(ms) ? 0 : ms));

export function toIso(value: number | string | undefined): string | null {
  const time = toEpoch(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function toEpoch(value: number | string | undefined): number {
  if (value === undefined) return Number.NaN;
  const time = typeof value === 'number' ? value : Date.parse(value);
  return isInstant(time) ? time : Number.NaN;
}

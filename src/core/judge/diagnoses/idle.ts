/**
 * A team nobody runs any more. Its diagnoses are judged as of now (the clock,
 * or `--now`), and a capture read weeks later shows every request it left open
 * as stalled for weeks: true, and no reason for alarm. A team whose files have
 * not changed for a day is taken for one that is over: what is wrong with it
 * blocks no work now, so it is said as information, with what to do about a
 * team that is over, and how to judge it as of its last change instead.
 */
import { formatAge } from '../../model/time.js';
import type { Diagnosis } from '../../model/diagnosis.js';
import type { Idle } from '../../model/idle.js';

/** The `--now` value that judges the team as of its last change. */
const thenFlag = (idle: Idle): string => `--now ${isoOf(idle.since)}`;

/** An instant as `--now` takes it, without milliseconds that are zero. */
const isoOf = (at: number): string => new Date(at).toISOString().replace('.000Z', 'Z');

/** `no activity for 90d: judged as of now; --now 2026-03-01T10:04:40.000Z judges it as of then`. */
export const idleNote = (idle: Idle): string =>
  `no activity for ${formatAge(idle.forMs, 1)}: judged as of now; ${thenFlag(idle)} judges it as of then`;

/**
 * A diagnosis of an idle team: information, not a warning (nothing it blocks
 * is running), and what to do about a team that is over rather than one at work.
 */
export const asIdle = (diagnosis: Diagnosis, idle: Idle): Diagnosis => ({
  ...diagnosis,
  severity: 'info',
  action:
    `the team has not changed since ${isoOf(idle.since)}, so nothing is waiting on this now: ` +
    `if the team is over, nothing needs doing (its folders under teams/ and tasks/ can go); ${thenFlag(idle)} shows what stood in its way then`,
});

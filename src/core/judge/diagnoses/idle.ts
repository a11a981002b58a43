/** A team unchanged for a day is taken as over: its diagnoses become information, with how to see them as of its last change. */
import { formatAge } from '../../model/time.js';
import type { Diagnosis } from '../../model/diagnosis.js';
import type { Idle } from '../../model/idle.js';

/** The `--now` value that shows the team as of its last change. */
const thenFlag = (idle: Idle): string => `--now ${isoOf(idle.since)}`;

const isoOf = (at: number): string => new Date(at).toISOString().replace('.000Z', 'Z');

/** `no activity for 90d: judged as of now; --now 2026-03-01T10:04:40.000Z judges it as of then`. */
export const idleNote = (idle: Idle): string =>
  `no activity for ${formatAge(idle.forMs, 1)}: judged as of now; ${thenFlag(idle)} judges it as of then`;

/** A diagnosis of an idle team: information (nothing it blocks is running), with what to do about a team that is over. */
export const asIdle = (diagnosis: Diagnosis, idle: Idle): Diagnosis => ({
  ...diagnosis,
  severity: 'info',
  action:
    `the team has not changed since ${isoOf(idle.since)}, so nothing is waiting on this now: ` +
    `if the team is over, nothing needs doing (its folders under teams/ and tasks/ can go); ${thenFlag(idle)} shows what stood in its way then`,
});

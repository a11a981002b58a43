import type { Thresholds } from '../model/settings.js';
import type { Judgement } from './diagnoses/registry.js';
import { detected, HEALTHY, sameDiagnosis, type Diagnosis } from './diagnose.js';
import { whyCleared } from './incident-causes.js';
import { isPrintSession, type TeamState } from '../facts/index.js';
import { type Incident, type RecordedIncident, type Evidence, messageRef } from '../model/diagnosis.js';

export interface IncidentLog {
  /** Those cleared, in the order they cleared. */
  readonly cleared: readonly Incident[];
  readonly open: ReadonlyMap<string, Incident>;
  /** The last instant diagnosed (NaN: never). */
  readonly judgedAt: number;
  /** When the last diagnosis would change with no file changing (Infinity: it would not; NaN: not yet worked out). */
  readonly nextChangeAt: number;
}

export const NO_INCIDENTS: IncidentLog = { cleared: [], open: new Map(), judgedAt: Number.NaN, nextChangeAt: Number.POSITIVE_INFINITY };

/** The most threshold instants diagnosed between two moments: a clock that jumped a year still costs a bounded time. */
const MAX_INSTANTS = 64;

/** The dashboard's own diagnosis of that version of the team, which it then draws without diagnosing again. */
function judge(team: TeamState, at: number, thresholds: Thresholds): Judgement {
  if (!team.isTeam || isPrintSession(team)) return HEALTHY;
  return detected(team, at, thresholds);
}

const incidentOf = (diagnosis: Diagnosis, raisedAt: number): Incident => ({ ...diagnosis, raisedAt, clearedAt: null, cleared: null });

/** The log once `diagnoses` stand at `at`: new ones (that `admit` lets in) raised, standing ones updated, the rest cleared with `why`. */
function applied(
  log: IncidentLog,
  diagnoses: readonly Diagnosis[],
  at: number,
  why: (incident: Incident) => string,
  admit: (diagnosis: Diagnosis) => boolean = () => true,
): IncidentLog {
  let open: Map<string, Incident> | undefined;
  let cleared: Incident[] | undefined;
  const standing = new Set<string>();
  for (const diagnosis of diagnoses) {
    const known = log.open.get(diagnosis.id);
    if (!known && !admit(diagnosis)) continue;
    standing.add(diagnosis.id);
    if (known && sameDiagnosis(known, diagnosis)) continue;
    (open ??= new Map(log.open)).set(diagnosis.id, incidentOf(diagnosis, known?.raisedAt ?? at));
  }
  for (const [id, incident] of log.open) {
    if (standing.has(id)) continue;
    (open ??= new Map(log.open)).delete(id);
    (cleared ??= [...log.cleared]).push({ ...incident, clearedAt: at, cleared: why(incident) });
  }
  return open || cleared ? { ...log, open: open ?? log.open, cleared: cleared ?? log.cleared } : log;
}

function judgedAt(log: IncidentLog, team: TeamState, at: number, options: Thresholds, why: (incident: Incident) => string): IncidentLog {
  const judgement = judge(team, at, options);
  return { ...applied(log, judgement.diagnoses, at, why), judgedAt: at, nextChangeAt: judgement.nextChangeAt };
}

/** `team`, unchanged, diagnosed at each threshold instant before `until`. */
function untilThen(log: IncidentLog, team: TeamState, until: number, options: Thresholds): IncidentLog {
  let next = log;
  // Recorded, not diagnosed here (see recordedMoment): when it would change is worked out from the team as it was then.
  if (Number.isNaN(next.nextChangeAt) && Number.isFinite(next.judgedAt))
    next = { ...next, nextChangeAt: judge(team, next.judgedAt, options).nextChangeAt };
  for (let i = 0; i < MAX_INSTANTS && next.nextChangeAt < until; i++) {
    next = judgedAt(next, team, next.nextChangeAt, options, (incident) => whyCleared(incident, team, team));
  }
  return next;
}

/** The log after one moment: `before` diagnosed at each threshold passed since, then `after` at `at` (docs/internals/diagnoses.md). */
export function trackMoment(
  log: IncidentLog | undefined,
  before: TeamState | undefined,
  after: TeamState,
  at: number,
  options: Thresholds,
): IncidentLog {
  let next = log ?? NO_INCIDENTS;
  if (before) next = untilThen(next, before, at, options);
  return judgedAt(next, after, at, options, (incident) => whyCleared(incident, before ?? after, after));
}

/** Every incident of a team as of `now`, oldest first: the log plus what thresholds passed since its last moment raise or clear. */
export function incidentsAsOf(log: IncidentLog | undefined, team: TeamState, now: number, options: Thresholds): Incident[] {
  const next = untilThen(log ?? NO_INCIDENTS, team, now + 1, options);
  return [...next.cleared, ...next.open.values()].sort(oldestFirst);
}

const timeOrLast = (at: number | null): number => (at === null || Number.isNaN(at) ? Number.POSITIVE_INFINITY : at);

export const oldestFirst = (a: Incident, b: Incident): number =>
  timeOrLast(a.raisedAt) - timeOrLast(b.raisedAt) ||
  timeOrLast(a.clearedAt) - timeOrLast(b.clearedAt) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A moment of a run whose journal recorded its incidents: not diagnosed again (applyRecorded takes what came of it). */
export function recordedMoment(log: IncidentLog | undefined, at: number): IncidentLog {
  return { ...(log ?? NO_INCIDENTS), judgedAt: at, nextChangeAt: Number.NaN };
}

/** `evidence` as the run held it: a message found again in the team's inboxes (dropped if it is not there). */
function evidenceOf(recorded: RecordedIncident['evidence'], team: TeamState | undefined): Evidence[] {
  const evidence: Evidence[] = [];
  for (const item of recorded) {
    if (item.kind !== 'message') {
      evidence.push(item);
      continue;
    }
    // At its place in the inbox's history, as the run had it; else (an older run pruned since) by its ref.
    const messages = team?.inboxes.get(item.to)?.messages ?? [];
    const at = messages[item.n];
    const message = at && messageRef(at) === item.ref ? at : messages.find((candidate) => messageRef(candidate) === item.ref);
    if (message) evidence.push({ kind: 'message', ref: item.ref, at: item.at, message });
  }
  return evidence;
}

/** Two cleared incidents are one: same times, or (two dashboards recording one team) the same id standing at overlapping times. */
const sameIncident = (a: Incident, b: RecordedIncident): boolean =>
  a.id === b.id &&
  ((Object.is(a.raisedAt, b.raisedAt) && Object.is(a.clearedAt, b.clearedAt)) ||
    (a.raisedAt < (b.clearedAt ?? Number.NaN) && b.raisedAt < (a.clearedAt ?? Number.NaN)));

/** How far back a cleared incident is looked for among those kept, before it is taken for a new one. */
const COPIES_WITHIN = 64;

/** The log once a recorded run says what its incidents became: raised ones stand (`whole`: only they), cleared ones are kept once. */
export function applyRecorded(
  log: IncidentLog | undefined,
  team: TeamState | undefined,
  { raised, cleared, at, whole }: { raised: readonly RecordedIncident[]; cleared: readonly RecordedIncident[]; at: number; whole: boolean },
): IncidentLog {
  const base = log ?? NO_INCIDENTS;
  const open = new Map(whole ? [] : base.open);
  let done: Incident[] | undefined;
  for (const incident of raised)
    open.set(incident.id, { ...incident, evidence: evidenceOf(incident.evidence, team), clearedAt: null, cleared: null });
  for (const incident of cleared) {
    if (incident.clearedAt === null || !Number.isFinite(incident.clearedAt)) continue;
    if (Object.is(open.get(incident.id)?.raisedAt, incident.raisedAt)) open.delete(incident.id);
    const kept = done ?? base.cleared;
    let known = false;
    for (let i = kept.length - 1; i >= Math.max(0, kept.length - COPIES_WITHIN) && !known; i--) known = sameIncident(kept[i]!, incident);
    if (!known) (done ??= [...base.cleared]).push({ ...incident, evidence: evidenceOf(incident.evidence, team) });
  }
  return { cleared: done ?? base.cleared, open, judgedAt: at, nextChangeAt: Number.NaN };
}

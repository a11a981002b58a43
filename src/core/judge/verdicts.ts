/**
 * Each team's incidents, kept as the facts change. A batch is cut into moments, each diagnosed on the facts before and after it,
 * so a batch and the same changes one by one give the same incidents.
 */
import type { Facts } from '../facts/index.js';
import type { Observation } from '../model/observation.js';
import { sameThresholds, type Thresholds } from '../model/settings.js';
import { applyRecorded, recordedMoment, trackMoment, type IncidentLog } from './incidents.js';

export interface Verdicts {
  readonly incidents: ReadonlyMap<string, IncidentLog>;
  /** Teams whose replayed run recorded its incidents: those are taken, not diagnosed again, until the files are followed live. */
  readonly recorded: ReadonlySet<string>;
}

export const NO_VERDICTS: Verdicts = { incidents: new Map(), recorded: new Set() };

/** The observations seen at one instant, and the teams they touched. */
export interface Moment {
  readonly observations: readonly Observation[];
  /** NaN when nothing touched a team. */
  readonly at: number;
  readonly teams: ReadonlySet<string>;
}

/** A journal line about the judgement itself: a run's thresholds, or what its incidents became. */
export type Record = Extract<Observation, { kind: 'run' | 'incidents' }>;

export type Step = { readonly moment: Moment; readonly record?: never } | { readonly record: Record; readonly moment?: never };

/** The instant an observation begins a moment at; undefined: it joins the one it came in. */
function instantOf(observation: Observation): number | undefined {
  if (observation.kind === 'folder-gone') return observation.at;
  if (!('live' in observation)) return undefined;
  return observation.live ? observation.at : undefined;
}

/** The team whose facts an observation touches; recorded work touches none (the diagnoses read only live transcripts). */
function teamOf(observation: Observation): string | undefined {
  switch (observation.kind) {
    case 'problem':
    case 'problem-gone':
    case 'run':
    case 'incidents':
    case 'activity':
      return undefined;
    default:
      return 'target' in observation ? observation.target.team : observation.team;
  }
}

/** A batch cut into moments and records: a live change at a new instant begins a moment; what a scan found joins the current one. */
export function stepsOf(observations: readonly Observation[]): Step[] {
  const steps: Step[] = [];
  let moment: { observations: Observation[]; at: number; teams: Set<string> } | undefined;
  const close = () => {
    if (moment) steps.push({ moment });
    moment = undefined;
  };
  for (const observation of observations) {
    const instant = instantOf(observation);
    if (instant !== undefined && moment && moment.teams.size > 0 && !Object.is(instant, moment.at)) close();
    if (observation.kind === 'run' || observation.kind === 'incidents') {
      close();
      steps.push({ record: observation });
      continue;
    }
    moment ??= { observations: [], at: Number.NaN, teams: new Set() };
    moment.observations.push(observation);
    const team = teamOf(observation);
    if (team === undefined) continue;
    moment.teams.add(team);
    const at = instant ?? ('at' in observation ? observation.at : Number.NaN);
    if (Number.isNaN(moment.at) || at > moment.at) moment.at = at;
  }
  close();
  return steps;
}

/** Whether `moment` needs the facts before and after it: it touched a team that is not recorded. */
export function judges(verdicts: Verdicts, moment: Moment): boolean {
  if (!Number.isFinite(moment.at)) return false;
  for (const team of moment.teams) if (!verdicts.recorded.has(team)) return true;
  return false;
}

function withLogs(
  verdicts: Verdicts,
  teams: Iterable<string>,
  change: (team: string, log: IncidentLog | undefined) => IncidentLog | undefined,
): Verdicts {
  let incidents: Map<string, IncidentLog> | undefined;
  for (const team of teams) {
    const log = verdicts.incidents.get(team);
    const next = change(team, log);
    if (next !== undefined && next !== log) (incidents ??= new Map(verdicts.incidents)).set(team, next);
  }
  return incidents ? { ...verdicts, incidents } : verdicts;
}

export function judgeMoment(verdicts: Verdicts, before: Facts, after: Facts, moment: Moment, thresholds: Thresholds): Verdicts {
  if (!Number.isFinite(moment.at)) return verdicts;
  return withLogs(verdicts, moment.teams, (name, log) => {
    const now = after.teams.get(name);
    if (!now) return undefined;
    // Recorded: its run diagnosed it, and its journal says what came of that.
    if (verdicts.recorded.has(name)) return recordedMoment(log, moment.at);
    const then = before.teams.get(name);
    return now === then ? undefined : trackMoment(log, then, now, moment.at, thresholds);
  });
}

/** Moments of recorded teams, not diagnosed: the last instant of each team's. */
export function recordedMoments(verdicts: Verdicts, lastAt: ReadonlyMap<string, number>): Verdicts {
  return withLogs(verdicts, lastAt.keys(), (name, log) => recordedMoment(log, lastAt.get(name)!));
}

/** A recorded run begins (its thresholds taken only if they are this store's), or says what its incidents became. */
export function takeRecord(verdicts: Verdicts, record: Record, facts: Facts, thresholds: Thresholds): Verdicts {
  const { team } = record;
  if (record.kind === 'run') {
    const recorded = record.thresholds !== null && sameThresholds(record.thresholds, thresholds);
    if (recorded === verdicts.recorded.has(team)) return verdicts;
    const teams = new Set(verdicts.recorded);
    if (recorded) teams.add(team);
    else teams.delete(team);
    return { ...verdicts, recorded: teams };
  }
  if (!verdicts.recorded.has(team)) return verdicts;
  return withLogs(verdicts, [team], (_, log) => applyRecorded(log, facts.teams.get(team), record));
}

/** The files are followed live from here: every team is diagnosed. */
export const judgedLive = (verdicts: Verdicts): Verdicts =>
  verdicts.recorded.size === 0 ? verdicts : { ...verdicts, recorded: new Set() };

/**
 * The judgement layer's state: each team's incidents, kept as the facts change.
 * A batch of observations is cut into moments (what was seen at one instant);
 * the store applies each to the facts and hands the judge the facts before and
 * after it. So a batch and the same changes one by one keep the same incidents.
 */
import type { Facts } from '../facts/index.js';
import type { Observation } from '../model/observation.js';
import { sameThresholds, type Thresholds } from '../model/settings.js';
import { applyRecorded, recordedMoment, trackMoment, type IncidentLog } from './incidents.js';

export interface Verdicts {
  /** Each team's incidents, as of its last moment. */
  readonly incidents: ReadonlyMap<string, IncidentLog>;
  /**
   * Teams whose moments are not judged: a replayed run recorded their
   * incidents as it judged them. Emptied when the files are followed live.
   */
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

/**
 * The team an observation is about, if it touches one's facts. What a journal
 * recorded of a member's work is not judged: the diagnoses read only live transcripts.
 */
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

/**
 * A batch cut into moments and records. A change seen live at a new instant
 * begins a moment; what a scan found joins the one it came in.
 */
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

/** Whether judging `moment` needs the facts before and after it: it touched a team that is judged. */
export function judges(verdicts: Verdicts, moment: Moment): boolean {
  if (!Number.isFinite(moment.at)) return false;
  for (const team of moment.teams) if (!verdicts.recorded.has(team)) return true;
  return false;
}

/** `verdicts` with the logs of `teams` changed by `change` (undefined: unchanged). */
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

/** The verdicts once `moment` took the facts from `before` to `after`. */
export function judgeMoment(verdicts: Verdicts, before: Facts, after: Facts, moment: Moment, thresholds: Thresholds): Verdicts {
  if (!Number.isFinite(moment.at)) return verdicts;
  return withLogs(verdicts, moment.teams, (name, log) => {
    const now = after.teams.get(name);
    if (!now) return undefined;
    // Recorded: its run judged it, and its journal says what came of that.
    if (verdicts.recorded.has(name)) return recordedMoment(log, moment.at);
    const then = before.teams.get(name);
    return now === then ? undefined : trackMoment(log, then, now, moment.at, thresholds);
  });
}

/** Moments of recorded teams, not judged: the last instant of each team's. */
export function recordedMoments(verdicts: Verdicts, lastAt: ReadonlyMap<string, number>): Verdicts {
  return withLogs(verdicts, lastAt.keys(), (name, log) => recordedMoment(log, lastAt.get(name)!));
}

/**
 * A recorded run begins (with the thresholds it judged with: taken only when
 * they are this store's), or says what its incidents became.
 */
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

/** The files are followed live from here: every team is judged. */
export const judgedLive = (verdicts: Verdicts): Verdicts =>
  verdicts.recorded.size === 0 ? verdicts : { ...verdicts, recorded: new Set() };

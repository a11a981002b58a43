/** Transcripts' facts folded into their records, and the lead's live session state. */
import { foldActivity, NO_ACTIVITY } from '../model/activity.js';
import type { Observation } from '../model/observation.js';
import { classifySessionFile } from '../model/paths.js';
import type { TranscriptIdentity } from '../model/transcript-facts.js';
import type { ProcessSeen } from '../model/liveness.js';
import { foldUsage, NO_USAGE } from '../model/usage.js';
import type { TeamState, TranscriptRecord } from './state.js';

type TranscriptObservation = Extract<Observation, { kind: 'transcript' }>;
type SessionObservation = Extract<Observation, { kind: 'session-state' }>;

function identityAfter(known: TranscriptIdentity | null, facts: TranscriptObservation['facts']): TranscriptIdentity | null {
  let identity = known;
  for (const fact of facts) if (fact.kind === 'identity') identity = fact.identity;
  return identity;
}

/** Teammates spawned remembered per transcript: a lead spawns a handful. */
const SPAWNED_KEPT = 64;
const NONE_SPAWNED: ReadonlyMap<string, string> = new Map();

function spawnedAfter(known: ReadonlyMap<string, string>, facts: TranscriptObservation['facts']): ReadonlyMap<string, string> {
  let spawned: Map<string, string> | undefined;
  for (const fact of facts) {
    if (fact.kind !== 'spawned') continue;
    spawned ??= new Map(known);
    spawned.delete(fact.name);
    spawned.set(fact.name, fact.line);
    if (spawned.size > SPAWNED_KEPT) spawned.delete(spawned.keys().next().value!);
  }
  return spawned ?? known;
}

/** The same team when nothing changed. */
export function applyTranscript(team: TeamState, observation: TranscriptObservation): TeamState {
  const { path, facts, reset } = observation;
  const known = team.transcripts.get(path);
  const target = known ? undefined : classifySessionFile(path);
  const file = known?.file ?? (target?.kind === 'transcript' ? target.file : undefined);
  if (!file) return team;
  const from: TranscriptRecord =
    reset || !known
      ? {
          file,
          activity: NO_ACTIVITY,
          usage: NO_USAGE,
          identity: null,
          meta: known?.meta ?? null,
          spawned: NONE_SPAWNED,
        }
      : known;
  const record: TranscriptRecord = {
    file,
    activity: foldActivity(from.activity, facts),
    usage: foldUsage(from.usage, facts),
    identity: identityAfter(from.identity, facts),
    meta: observation.meta ?? from.meta,
    spawned: spawnedAfter(from.spawned, facts),
  };
  if (
    known &&
    record.activity === known.activity &&
    record.usage === known.usage &&
    record.identity === known.identity &&
    record.meta === known.meta &&
    record.spawned === known.spawned
  ) {
    return team;
  }
  const transcripts = new Map(team.transcripts).set(path, record);
  // A transcript moving as it is watched is the team at work.
  const moved = observation.live && record.activity.lastAt !== from.activity.lastAt;
  const lastActivity = moved && !(team.lastActivity >= observation.at) ? observation.at : team.lastActivity;
  return { ...team, transcripts, lastActivity };
}

export function applySessionState(team: TeamState, { path, state }: SessionObservation): TeamState {
  const known = team.sessions.get(path);
  if (state === null ? known === undefined : known !== undefined && JSON.stringify(known) === JSON.stringify(state)) return team;
  const sessions = new Map(team.sessions);
  if (state === null) sessions.delete(path);
  else sessions.set(path, state);
  return { ...team, sessions };
}

type ProcessObservation = Extract<Observation, { kind: 'process' }>;

/** A claude process as last looked at, or gone with its file. */
export function applyProcess(team: TeamState, { path, process }: ProcessObservation): TeamState {
  const known = team.processes.get(path);
  if (process === null ? known === undefined : known !== undefined && sameProcess(known, process)) return team;
  const processes = new Map(team.processes);
  if (process === null) processes.delete(path);
  else processes.set(path, process);
  return { ...team, processes };
}

/** The same as far as anything shown goes: when it was last looked at is not a change. */
const sameProcess = (a: ProcessSeen, b: ProcessSeen): boolean =>
  a.pid === b.pid &&
  a.procStart === b.procStart &&
  a.state === b.state &&
  a.why === b.why &&
  Object.is(a.since, b.since) &&
  Object.is(a.startedAt, b.startedAt) &&
  a.agent?.name === b.agent?.name &&
  a.agent?.team === b.agent?.team;

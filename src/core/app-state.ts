/** The store's state: the facts and the verdicts on them, composed; each moment, the judgement gets the facts before and after it. */
import { reducer, type Action, NO_FACTS, type Facts } from './facts/index.js';
import type { Observation } from './model/observation.js';
import type { Thresholds } from './model/settings.js';
import { judgedLive, judgeMoment, judges, NO_VERDICTS, recordedMoments, stepsOf, takeRecord, type Verdicts } from './judge/index.js';

export type { Action } from './facts/index.js';

export type AppState = Facts & Verdicts;

export const initialState: AppState = { ...NO_FACTS, ...NO_VERDICTS };

const composed = (state: AppState, facts: Facts, verdicts: Verdicts): AppState =>
  facts.teams === state.teams &&
  facts.problems === state.problems &&
  verdicts.incidents === state.incidents &&
  verdicts.recorded === state.recorded
    ? state
    : { teams: facts.teams, problems: facts.problems, incidents: verdicts.incidents, recorded: verdicts.recorded };

function observe(state: AppState, observations: readonly Observation[], thresholds: Thresholds): AppState {
  let facts: Facts = state;
  let verdicts: Verdicts = state;
  // Moments no team is diagnosed in (only recorded teams): applied together, as one batch is cheaper.
  let unjudged: Observation[] = [];
  const lastAt = new Map<string, number>();
  const apply = (batch: readonly Observation[]) => reducer(facts, { type: 'observed', observations: batch });
  const flush = () => {
    if (unjudged.length === 0) return;
    facts = apply(unjudged);
    unjudged = [];
    verdicts = recordedMoments(verdicts, lastAt);
    lastAt.clear();
  };
  for (const { moment, record } of stepsOf(observations)) {
    if (moment && !judges(verdicts, moment)) {
      for (const observation of moment.observations) unjudged.push(observation);
      if (Number.isFinite(moment.at)) for (const team of moment.teams) lastAt.set(team, moment.at);
      continue;
    }
    flush();
    const before = facts;
    if (moment) {
      facts = apply(moment.observations);
      verdicts = judgeMoment(verdicts, before, facts, moment, thresholds);
    } else {
      facts = apply([record]);
      verdicts = takeRecord(verdicts, record, before, thresholds);
    }
  }
  flush();
  return composed(state, facts, verdicts);
}

/** The state after `action`, its incidents diagnosed with `thresholds`. */
export function advance(state: AppState, action: Action, thresholds: Thresholds): AppState {
  switch (action.type) {
    case 'observed':
      return observe(state, action.observations, thresholds);
    case 'reset':
      return initialState;
    case 'live':
      return composed(state, reducer(state, action), judgedLive(state));
  }
}

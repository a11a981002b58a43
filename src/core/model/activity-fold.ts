/** A member's transcript's facts folded into what it does and its recent steps (docs/internals/core.md). Pure. */
import type { TranscriptFact } from './transcript-facts.js';
import type { ActivityFold, OpenCall, Step } from './activity-types.js';

export const STEPS_KEPT = 200;
const DURATIONS_KEPT = 32;
const OPEN_KEPT = 64;
const OVERDUE_FLOOR_MS = 60_000;
const OVERDUE_FACTOR = 5;
const OVERDUE_SAMPLES = 3;
const OVERDUE_WITHOUT_HISTORY_MS = 10 * 60_000;
const REFUSALS_KEPT = 16;
const TASK_SETS_KEPT = 64;

export const NO_ACTIVITY: ActivityFold = {
  state: 'unknown',
  since: null,
  open: [],
  steps: [],
  durations: new Map(),
  turnStartedAt: null,
  endedBy: null,
  spawnPrompt: null,
  lastAt: null,
  failure: null,
  tries: 0,
  triesSince: null,
  refusals: [],
  taskSets: new Map(),
};

type Draft = { -readonly [K in keyof ActivityFold]: ActivityFold[K] } & {
  open: OpenCall[];
  steps: Step[];
  durations: Map<string, readonly number[]>;
};

/** A response came: the model call under way is answered, and the member's calls go through again. */
function answered(draft: Draft): void {
  draft.tries = 0;
  draft.triesSince = null;
  draft.failure = null;
}

const time = (at: number): number | null => (Number.isFinite(at) ? at : null);

function setState(draft: Draft, state: ActivityFold['state'], since: number | null): void {
  if (draft.state === state && state !== 'tool') return;
  draft.state = state;
  draft.since = since;
}

function showOpen(draft: Draft, otherwise: ActivityFold['state'], at: number | null): void {
  const newest = draft.open[draft.open.length - 1];
  if (newest) setState(draft, 'tool', time(newest.startedAt));
  else setState(draft, otherwise, at);
}

function startTurn(draft: Draft, at: number | null): void {
  if (draft.state === 'idle' || draft.state === 'unknown' || draft.state === 'failing') {
    draft.turnStartedAt = at;
    draft.endedBy = null;
  }
  if (draft.open.length === 0) setState(draft, 'thinking', at);
}

function replaceStep(draft: Draft, id: string, change: (step: Extract<Step, { kind: 'tool' }>) => Step): void {
  for (let index = draft.steps.length - 1; index >= 0; index--) {
    const step = draft.steps[index]!;
    if (step.kind === 'tool' && step.id === id) {
      draft.steps[index] = change(step);
      return;
    }
  }
}

function finish(draft: Draft, fact: Extract<TranscriptFact, { kind: 'tool-finished' }>): void {
  const index = draft.open.findIndex((call) => call.id === fact.id);
  const endedAt = time(fact.at);
  let tool: string | undefined = draft.open[index]?.name;
  replaceStep(draft, fact.id, (step) => {
    tool = step.name;
    return { ...step, endedAt, outcome: fact.outcome, byPerson: fact.byPerson };
  });
  if (fact.outcome === 'denied' && !draft.refusals.some((refusal) => refusal.id === fact.id)) {
    draft.refusals = [
      ...draft.refusals.slice(-(REFUSALS_KEPT - 1)),
      { id: fact.id, tool: tool ?? '?', byPerson: fact.byPerson, at: fact.at },
    ];
  }
  if (index < 0) return;
  const [call] = draft.open.splice(index, 1);
  if (call && endedAt !== null && Number.isFinite(call.startedAt)) {
    const kept = draft.durations.get(call.name) ?? [];
    draft.durations.set(call.name, [...kept.slice(-(DURATIONS_KEPT - 1)), Math.max(0, endedAt - call.startedAt)]);
  }
  showOpen(draft, 'thinking', endedAt);
}

function endTurn(draft: Draft, fact: Extract<TranscriptFact, { kind: 'turn-ended' }>): void {
  const at = time(fact.at);
  // A call still open when its turn ends never gets a result: it ended with the turn.
  for (const call of draft.open) replaceStep(draft, call.id, (step) => ({ ...step, endedAt: at }));
  draft.open = [];
  const durationMs = at !== null && draft.turnStartedAt !== null ? Math.max(0, at - draft.turnStartedAt) : null;
  draft.steps.push({ kind: 'turn-end', at: fact.at, durationMs });
  draft.turnStartedAt = null;
  draft.endedBy = fact.messageId;
  draft.tries = 0;
  draft.triesSince = null;
  // A response since the last failure clears it: a failure standing at the end is this turn's.
  setState(draft, draft.failure !== null ? 'failing' : 'idle', at);
}

/** Every try of a model call failed: the turn ends in the error (the decoder says its end next). */
function fail(draft: Draft, fact: Extract<TranscriptFact, { kind: 'api-error' }>): void {
  const at = time(fact.at);
  const before = draft.failure;
  draft.failure = {
    status: fact.status,
    error: fact.error,
    turns: (before?.turns ?? 0) + 1,
    since: before?.since ?? at,
    at,
  };
  draft.steps.push({ kind: 'api-error', status: fact.status, error: fact.error, at: fact.at });
}

function apply(draft: Draft, fact: TranscriptFact): void {
  switch (fact.kind) {
    case 'tool-started': {
      if (draft.open.some((call) => call.id === fact.id)) return;
      answered(draft);
      startTurn(draft, time(fact.at));
      draft.open.push({ id: fact.id, name: fact.name, detail: fact.detail, startedAt: fact.at });
      if (draft.open.length > OPEN_KEPT) draft.open.shift();
      draft.steps.push({
        kind: 'tool',
        id: fact.id,
        name: fact.name,
        detail: fact.detail,
        at: fact.at,
        endedAt: null,
        outcome: null,
        byPerson: false,
      });
      showOpen(draft, 'thinking', time(fact.at));
      return;
    }
    case 'tool-finished':
      return finish(draft, fact);
    case 'thinking':
    case 'text': {
      if (fact.kind === 'text') draft.steps.push({ kind: 'text', line: fact.line, at: fact.at });
      if (fact.messageId === draft.endedBy) return;
      answered(draft);
      startTurn(draft, time(fact.at));
      if (draft.open.length === 0) setState(draft, fact.kind === 'text' ? 'writing' : 'thinking', time(fact.at));
      return;
    }
    case 'prompt':
    case 'spawn-prompt':
      draft.steps.push({ kind: 'prompt', line: fact.line, spawn: fact.kind === 'spawn-prompt', at: fact.at });
      if (fact.kind === 'spawn-prompt') draft.spawnPrompt ??= fact.line;
      return startTurn(draft, time(fact.at));
    case 'mail-taken':
      draft.steps.push({ kind: 'mail', from: fact.from, line: fact.line, at: fact.at });
      return startTurn(draft, time(fact.at));
    case 'turn-ended':
      return endTurn(draft, fact);
    case 'api-request':
      draft.tries++;
      draft.triesSince ??= time(fact.at);
      return;
    case 'api-error':
      return fail(draft, fact);
    case 'usage':
      // A response (its records may come without a block teamtop reads): the call was answered.
      if (draft.tries > 0 || draft.failure !== null) answered(draft);
      return;
    case 'compacted':
      draft.steps.push({
        kind: 'compaction',
        trigger: fact.trigger,
        preTokens: fact.preTokens,
        postTokens: fact.postTokens,
        durationMs: fact.durationMs,
        at: fact.at,
      });
      return;
    case 'task-update': {
      const taskSets = new Map(draft.taskSets);
      taskSets.delete(fact.taskId);
      taskSets.set(fact.taskId, { status: fact.status, owner: fact.owner, at: fact.at });
      if (taskSets.size > TASK_SETS_KEPT) taskSets.delete(taskSets.keys().next().value!);
      draft.taskSets = taskSets;
      return;
    }
    case 'identity':
    case 'spawned':
    case 'cost':
      return;
  }
}

const MOVES: ReadonlySet<TranscriptFact['kind']> = new Set([
  'tool-started',
  'tool-finished',
  'thinking',
  'text',
  'prompt',
  'spawn-prompt',
  'mail-taken',
  'turn-ended',
  'api-request',
  'api-error',
  'compacted',
  'task-update',
]);

/** A response's usage changes the fold only while a call was tried again or failed. */
const moves = (fold: ActivityFold, fact: TranscriptFact): boolean =>
  MOVES.has(fact.kind) || (fact.kind === 'usage' && (fold.tries > 0 || fold.failure !== null));
export function foldActivity(fold: ActivityFold, facts: readonly TranscriptFact[]): ActivityFold {
  if (!facts.some((fact) => moves(fold, fact))) return fold;
  const draft: Draft = { ...fold, open: [...fold.open], steps: [...fold.steps], durations: new Map(fold.durations) };
  for (const fact of facts) {
    apply(draft, fact);
    if ('at' in fact && Number.isFinite(fact.at)) draft.lastAt = Math.max(draft.lastAt ?? fact.at, fact.at);
  }
  if (draft.steps.length > STEPS_KEPT) draft.steps = draft.steps.slice(-STEPS_KEPT);
  return draft;
}

export function overdueAfterMs(fold: ActivityFold, tool: string): number {
  const durations = fold.durations.get(tool) ?? [];
  if (durations.length < OVERDUE_SAMPLES) return OVERDUE_WITHOUT_HISTORY_MS;
  const sorted = [...durations].sort((a, b) => a - b);
  const p90 = sorted[Math.ceil(0.9 * sorted.length) - 1]!;
  return Math.max(OVERDUE_FLOOR_MS, OVERDUE_FACTOR * p90);
}

/**
 * What a member is doing now and its recent steps, folded from its transcript's facts (docs/internals/core.md).
 * `failing`: its last turn ended in an API error; `retrying`: a model call tried more than once; `dead`: its process is gone.
 */
import type { ToolOutcome, TranscriptFact } from './transcript-facts.js';

export type ActivityState = 'tool' | 'thinking' | 'writing' | 'retrying' | 'failing' | 'idle' | 'waiting-permission' | 'dead' | 'unknown';

/** Every state, in the order `--json`'s documentation and the metrics list them. */
export const ACTIVITY_STATES: readonly ActivityState[] = [
  'tool',
  'thinking',
  'writing',
  'retrying',
  'failing',
  'idle',
  'waiting-permission',
  'dead',
  'unknown',
];

/** Its last turn ended in an API error: the status, the client's word, and how many turns in a row. */
export interface Failure {
  readonly status: number | null;
  readonly error: string | null;
  /** Turns in a row that ended so. */
  readonly turns: number;
  /** When the first of them ended. */
  readonly since: number | null;
  /** When the last of them ended. */
  readonly at: number | null;
}

/** A tool call a permission was refused for. */
export interface Refusal {
  readonly id: string;
  readonly tool: string;
  /** A person said no (else a rule did). */
  readonly byPerson: boolean;
  readonly at: number;
}

/** What a member's `TaskUpdate` calls last set of a task (null: left as it was). */
export interface TaskSet {
  readonly status: string | null;
  readonly owner: string | null;
  readonly at: number;
}

export interface OpenCall {
  readonly id: string;
  readonly name: string;
  readonly detail: string | null;
  readonly startedAt: number;
}

export type Step =
  /** A tool call: `endedAt` null while it runs; `outcome` null if its turn ended without its result. */
  | {
      readonly kind: 'tool';
      readonly id: string;
      readonly name: string;
      readonly detail: string | null;
      readonly at: number;
      readonly endedAt: number | null;
      readonly outcome: ToolOutcome | null;
      readonly byPerson: boolean;
    }
  | { readonly kind: 'text'; readonly line: string; readonly at: number }
  | { readonly kind: 'mail'; readonly from: string; readonly line: string | null; readonly at: number }
  /** A person's prompt, or (`spawn`) the prompt a teammate was started with. */
  | { readonly kind: 'prompt'; readonly line: string; readonly spawn: boolean; readonly at: number }
  | { readonly kind: 'turn-end'; readonly at: number; readonly durationMs: number | null }
  /** A turn that ended in an API error (every try failed). */
  | { readonly kind: 'api-error'; readonly status: number | null; readonly error: string | null; readonly at: number }
  /** The client compacted the conversation. */
  | {
      readonly kind: 'compaction';
      readonly trigger: string | null;
      readonly preTokens: number | null;
      readonly postTokens: number | null;
      readonly durationMs: number | null;
      readonly at: number;
    };

export interface ActivityFold {
  /** As the transcript alone says: waiting for a permission, retrying and dead are told in activityNow. */
  readonly state: Exclude<ActivityState, 'waiting-permission' | 'retrying' | 'dead'>;
  readonly since: number | null;
  readonly open: readonly OpenCall[];
  readonly steps: readonly Step[];
  /** Per tool, its last finished calls' durations, ms. */
  readonly durations: ReadonlyMap<string, readonly number[]>;
  readonly turnStartedAt: number | null;
  /** The response whose end_turn ended the turn: its later records do not start another. */
  readonly endedBy: string | null;
  readonly spawnPrompt: string | null;
  readonly lastAt: number | null;
  /** Its last turns ended in API errors (null: the last ended otherwise, or a response came since). */
  readonly failure: Failure | null;
  /** Tries of the model call under way (`api-request` records since the last response), and when the first was made. */
  readonly tries: number;
  readonly triesSince: number | null;
  /** The last permissions refused, oldest first. */
  readonly refusals: readonly Refusal[];
  /** What its `TaskUpdate` calls last set, by task id (the last few dozen tasks). */
  readonly taskSets: ReadonlyMap<string, TaskSet>;
}

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

export interface ActivityContext {
  readonly now: number;
  /** Since when the member's process has waited for a permission prompt (null: it does not). */
  readonly permissionWaitSince: number | null;
  /** Since when its process has been gone (null: it runs, or nobody can tell). */
  readonly deadSince?: number | null;
}

/** A member's own subagent at work, as its member's activity names it. */
export interface SubagentNow {
  readonly agentId: string;
  /** Started in the background: its member's call returned at once. */
  readonly background: boolean;
  readonly state: ActivityState;
  readonly tool: string | null;
  readonly detail: string | null;
  readonly since: number | null;
}

/** A subagent, as throughSubagents takes it: what it does now, and the call that started it. */
export interface SubagentActivity extends SubagentNow {
  readonly toolUseId: string | null;
}

/** The model call under way was tried this many times, the first at `since`. */
export interface Retry {
  readonly tries: number;
  readonly since: number | null;
}

export interface ActivityNow {
  readonly state: ActivityState;
  readonly tool: string | null;
  readonly detail: string | null;
  readonly since: number | null;
  readonly openCalls: number;
  readonly overdue: boolean;
  /** When the call shown was marked overdue, or when the first open call will be: a time to redraw at. */
  readonly overdueAt: number | null;
  /** Its last turns ended in API errors (kept while it tries again: `retrying` after `failing`). */
  readonly failure?: Failure | null;
  /** The model call under way was tried more than once. */
  readonly retry?: Retry | null;
  /** The id of the call shown (null: none is). */
  readonly callId?: string | null;
  /** Its own subagents at work (see throughSubagents). */
  readonly subagents?: readonly SubagentNow[];
}

/** States of a member (or a subagent) at work. */
const AT_WORK: ReadonlySet<ActivityState> = new Set(['tool', 'thinking', 'writing', 'retrying', 'waiting-permission']);

/** What a subagent is doing, as its member's line says after `›`: `Bash npm test`, `thinking`. */
const subagentDoing = (subagent: SubagentNow): string =>
  subagent.tool === null ? subagent.state : [subagent.tool, subagent.detail].filter(Boolean).join(' ');

/**
 * A member's activity with its subagents': while the call shown is an `Agent`
 * call whose subagent works, what the subagent does is its detail (`› Bash npm
 * test`, since the subagent's call began); a member whose own turn ended while
 * a subagent it started in the background works is shown in its `Agent` call
 * too. The subagents at work are listed (`subagents`).
 */
export function throughSubagents(now: ActivityNow, subagents: readonly SubagentActivity[]): ActivityNow {
  const working = subagents.filter((subagent) => AT_WORK.has(subagent.state));
  if (working.length === 0 || now.state === 'dead') return now;
  const listed: SubagentNow[] = working.map(({ agentId, background, state, tool, detail, since }) => ({
    agentId,
    background,
    state,
    tool,
    detail,
    since,
  }));
  const inCall =
    now.callId === null || now.callId === undefined ? undefined : working.find((subagent) => subagent.toolUseId === now.callId);
  if (inCall && now.state === 'tool')
    return { ...now, detail: `› ${subagentDoing(inCall)}`, since: inCall.since ?? now.since, subagents: listed };
  const behind = working.find((subagent) => subagent.background);
  if (behind && (now.state === 'idle' || now.state === 'unknown'))
    return {
      ...now,
      state: 'tool',
      tool: 'Agent',
      detail: `› ${subagentDoing(behind)}`,
      since: behind.since,
      openCalls: 0,
      overdue: false,
      overdueAt: null,
      callId: behind.toolUseId,
      subagents: listed,
    };
  return { ...now, subagents: listed };
}

/** Nothing runs in a process that is gone: what it did last is over (`tool`: the call it died in, if any). */
const deadNow = (fold: ActivityFold, since: number): ActivityNow => ({
  state: 'dead',
  tool: fold.open[fold.open.length - 1]?.name ?? null,
  detail: null,
  since,
  openCalls: 0,
  overdue: false,
  overdueAt: null,
  failure: fold.failure,
  retry: null,
});

export function activityNow(fold: ActivityFold, context: ActivityContext): ActivityNow {
  if (context.deadSince !== undefined && context.deadSince !== null) return deadNow(fold, context.deadSince);
  const newest = fold.open[fold.open.length - 1];
  const failure = fold.failure;
  if (!newest) {
    const retrying = fold.state === 'thinking' && fold.tries > 1;
    return {
      state: retrying ? 'retrying' : fold.state,
      tool: null,
      detail: null,
      since: retrying ? fold.triesSince : fold.since,
      openCalls: 0,
      overdue: false,
      overdueAt: null,
      failure,
      retry: retrying ? { tries: fold.tries, since: fold.triesSince } : null,
    };
  }
  const shown = (call: OpenCall) => ({ tool: call.name, detail: call.detail, openCalls: fold.open.length, callId: call.id });
  if (context.permissionWaitSince !== null) {
    // Waiting since the prompt came up, or the call began if that is later (or the prompt's time is not known).
    const waited = time(context.permissionWaitSince);
    const started = time(newest.startedAt);
    const since = waited === null ? started : started === null ? waited : Math.max(waited, started);
    return { ...shown(newest), state: 'waiting-permission', since, overdue: false, overdueAt: null, failure, retry: null };
  }
  // A call overdue is what matters most: it is shown even behind newer ones.
  let next: number | null = null;
  for (const call of fold.open) {
    if (!Number.isFinite(call.startedAt)) continue;
    const overdueAt = call.startedAt + overdueAfterMs(fold, call.name);
    if (context.now >= overdueAt)
      return { ...shown(call), state: 'tool', since: call.startedAt, overdue: true, overdueAt, failure, retry: null };
    next = next === null ? overdueAt : Math.min(next, overdueAt);
  }
  return { ...shown(newest), state: 'tool', since: time(newest.startedAt), overdue: false, overdueAt: next, failure, retry: null };
}

export const NO_ACTIVITY_NOW: ActivityNow = activityNow(NO_ACTIVITY, { now: 0, permissionWaitSince: null });

const iso = (at: number | null | undefined): string | null =>
  at === null || at === undefined || !Number.isFinite(at) ? null : new Date(at).toISOString();
export interface ActivityJson {
  readonly state: ActivityState;
  readonly tool: string | null;
  readonly detail: string | null;
  readonly since: string | null;
  /** Its last turns ended in API errors (null: they did not). */
  readonly failure: {
    readonly status: number | null;
    readonly error: string | null;
    readonly turns: number;
    readonly since: string | null;
  } | null;
  /** The model call under way was tried more than once (null: it was not). */
  readonly retry: { readonly tries: number; readonly since: string | null } | null;
  /** Its own subagents at work: whether each runs in the background, and what it does. */
  readonly subagents: readonly {
    readonly agentId: string;
    readonly background: boolean;
    readonly state: ActivityState;
    readonly tool: string | null;
    readonly detail: string | null;
    readonly since: string | null;
  }[];
}

export const activityJson = (now: ActivityNow): ActivityJson => ({
  state: now.state,
  tool: now.tool,
  detail: now.detail,
  since: iso(now.since),
  failure: now.failure
    ? { status: now.failure.status, error: now.failure.error, turns: now.failure.turns, since: iso(now.failure.since) }
    : null,
  retry: now.retry ? { tries: now.retry.tries, since: iso(now.retry.since) } : null,
  subagents: (now.subagents ?? []).map((subagent) => ({ ...subagent, since: iso(subagent.since) })),
});

/** An API error as said to a person: `500 (server_error)`, `429`, `an error`. */
export function apiErrorWords(status: number | null, error: string | null): string {
  if (status === null) return error ?? 'an error';
  return error === null ? `${status}` : `${status} (${error})`;
}

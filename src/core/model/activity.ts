/** What a member is doing now and its recent steps, folded from its transcript's facts (docs/internals/core.md). */
import type { ToolOutcome, TranscriptFact } from './transcript-facts.js';

export type ActivityState = 'tool' | 'thinking' | 'writing' | 'idle' | 'waiting-permission' | 'unknown';

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
  | { readonly kind: 'turn-end'; readonly at: number; readonly durationMs: number | null };

export interface ActivityFold {
  /** As the transcript alone says: waiting for a permission is told from the process's state, in activityNow. */
  readonly state: Exclude<ActivityState, 'waiting-permission'>;
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
}

export const STEPS_KEPT = 200;
const DURATIONS_KEPT = 32;
const OPEN_KEPT = 64;
const OVERDUE_FLOOR_MS = 60_000;
const OVERDUE_FACTOR = 5;
const OVERDUE_SAMPLES = 3;
const OVERDUE_WITHOUT_HISTORY_MS = 10 * 60_000;

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
};

type Draft = { -readonly [K in keyof ActivityFold]: ActivityFold[K] } & {
  open: OpenCall[];
  steps: Step[];
  durations: Map<string, readonly number[]>;
};

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
  if (draft.state === 'idle' || draft.state === 'unknown') {
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
  replaceStep(draft, fact.id, (step) => ({ ...step, endedAt, outcome: fact.outcome, byPerson: fact.byPerson }));
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
  setState(draft, 'idle', at);
}

function apply(draft: Draft, fact: TranscriptFact): void {
  switch (fact.kind) {
    case 'tool-started': {
      if (draft.open.some((call) => call.id === fact.id)) return;
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
    case 'identity':
    case 'usage':
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
]);

export function foldActivity(fold: ActivityFold, facts: readonly TranscriptFact[]): ActivityFold {
  if (!facts.some((fact) => MOVES.has(fact.kind))) return fold;
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
}

export function activityNow(fold: ActivityFold, context: ActivityContext): ActivityNow {
  const newest = fold.open[fold.open.length - 1];
  if (!newest) return { state: fold.state, tool: null, detail: null, since: fold.since, openCalls: 0, overdue: false, overdueAt: null };
  const shown = (call: OpenCall) => ({ tool: call.name, detail: call.detail, openCalls: fold.open.length });
  if (context.permissionWaitSince !== null) {
    // Waiting since the prompt came up, or the call began if that is later (or the prompt's time is not known).
    const waited = time(context.permissionWaitSince);
    const started = time(newest.startedAt);
    const since = waited === null ? started : started === null ? waited : Math.max(waited, started);
    return { ...shown(newest), state: 'waiting-permission', since, overdue: false, overdueAt: null };
  }
  // A call overdue is what matters most: it is shown even behind newer ones.
  let next: number | null = null;
  for (const call of fold.open) {
    if (!Number.isFinite(call.startedAt)) continue;
    const overdueAt = call.startedAt + overdueAfterMs(fold, call.name);
    if (context.now >= overdueAt) return { ...shown(call), state: 'tool', since: call.startedAt, overdue: true, overdueAt };
    next = next === null ? overdueAt : Math.min(next, overdueAt);
  }
  return { ...shown(newest), state: 'tool', since: time(newest.startedAt), overdue: false, overdueAt: next };
}

export const NO_ACTIVITY_NOW: ActivityNow = activityNow(NO_ACTIVITY, { now: 0, permissionWaitSince: null });

export interface ActivityJson {
  readonly state: ActivityState;
  readonly tool: string | null;
  readonly detail: string | null;
  readonly since: string | null;
}

export const activityJson = (now: ActivityNow): ActivityJson => ({
  state: now.state,
  tool: now.tool,
  detail: now.detail,
  since: now.since === null || !Number.isFinite(now.since) ? null : new Date(now.since).toISOString(),
});

/** What a member has used, folded from its transcript's facts (how each is counted: docs/internals/core.md). */
import { estimateUSD } from './pricing.js';
import type { Tokens, TranscriptFact } from './transcript-facts.js';

/** Counts are clamped as read and as recorded, so a hostile transcript's sums are never `Infinity` and a restore shows the same. */
export const MAX_COUNT = Number.MAX_SAFE_INTEGER;
export const MAX_FIGURE = 1e9;

export const clampCount = (value: number): number => (value >= MAX_COUNT ? MAX_COUNT : value > 0 ? Math.round(value) : 0);
export const clampFigure = (value: number | null): number | null =>
  value === null ? null : value >= MAX_FIGURE ? MAX_FIGURE : value > 0 ? value : 0;

export interface UsageFold {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheCreationTokens: number;
  readonly responses: number;
  readonly toolCalls: number;
  readonly newest: { readonly model: string; readonly contextTokens: number } | null;
  readonly estimatedUSD: number;
  /** Responses of a model with no price: while there is one, there is no estimate. */
  readonly unpriced: number;
  /** The client's figure for the process (`cost-state`), while no response came after it. */
  readonly recordedUSD: number | null;
  /** The tokens the client counted for the process (`cost-state`, every model's), while no response came after it. */
  readonly recordedTokens: RecordedTokens | null;
  /** Compactions of its conversation, and the last one. */
  readonly compactions: number;
  readonly lastCompaction: Compaction | null;
}

/** Tokens as the client's `cost-state` counts them for a whole process: calls in no transcript (a compaction's summary) too. */
export interface RecordedTokens {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheCreationTokens: number;
}

/** A compaction, as its `compact_boundary` says it. */
export interface Compaction {
  readonly at: number;
  readonly trigger: string | null;
  readonly preTokens: number | null;
  readonly postTokens: number | null;
  readonly durationMs: number | null;
}

export const NO_USAGE: UsageFold = {
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheCreationTokens: 0,
  responses: 0,
  toolCalls: 0,
  newest: null,
  estimatedUSD: 0,
  unpriced: 0,
  recordedUSD: null,
  recordedTokens: null,
  compactions: 0,
  lastCompaction: null,
};

const contextOf = (tokens: Tokens): number => tokens.input + tokens.cacheRead + tokens.cacheCreation;

export function foldUsage(usage: UsageFold, facts: readonly TranscriptFact[]): UsageFold {
  let next: UsageFold | undefined;
  for (const fact of facts) {
    if (fact.kind === 'tool-started') {
      next = { ...(next ?? usage), toolCalls: (next ?? usage).toolCalls + 1 };
    } else if (fact.kind === 'cost') {
      const recordedTokens = fact.models.reduce(
        (sum, model) => ({
          inputTokens: sum.inputTokens + model.inputTokens,
          outputTokens: sum.outputTokens + model.outputTokens,
          cacheReadTokens: sum.cacheReadTokens + model.cacheReadTokens,
          cacheCreationTokens: sum.cacheCreationTokens + model.cacheCreationTokens,
        }),
        { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0 },
      );
      // A `cost-state` that names no model says nothing of tokens.
      next = { ...(next ?? usage), recordedUSD: fact.totalUSD, recordedTokens: fact.models.length === 0 ? null : recordedTokens };
    } else if (fact.kind === 'compacted') {
      const now = next ?? usage;
      const { at, trigger, preTokens, postTokens, durationMs } = fact;
      next = {
        ...now,
        compactions: now.compactions + 1,
        lastCompaction: { at, trigger, preTokens, postTokens, durationMs },
        // What the compaction left is the context now, until the next response says.
        newest: now.newest === null || postTokens === null ? now.newest : { ...now.newest, contextTokens: postTokens },
      };
    } else if (fact.kind === 'usage') {
      const now = next ?? usage;
      const { tokens, previous } = fact;
      const cost = estimateUSD(fact.model, tokens);
      const before = previous === null ? null : estimateUSD(fact.model, previous);
      next = {
        inputTokens: now.inputTokens + tokens.input - (previous?.input ?? 0),
        outputTokens: now.outputTokens + tokens.output - (previous?.output ?? 0),
        cacheReadTokens: now.cacheReadTokens + tokens.cacheRead - (previous?.cacheRead ?? 0),
        cacheCreationTokens: now.cacheCreationTokens + tokens.cacheCreation - (previous?.cacheCreation ?? 0),
        responses: now.responses + (previous === null ? 1 : 0),
        toolCalls: now.toolCalls,
        newest: { model: fact.model, contextTokens: contextOf(tokens) },
        estimatedUSD: now.estimatedUSD + (cost ?? 0) - (before ?? 0),
        unpriced: now.unpriced + (cost === null && previous === null ? 1 : 0),
        recordedUSD: null,
        recordedTokens: null,
        compactions: now.compactions,
        lastCompaction: now.lastCompaction,
      };
    }
  }
  return next ?? usage;
}

/**
 * A member's figures with its subagents': their tokens and estimates added.
 * Its tool calls, its context, its compactions and the client's figures stay its own:
 * a subagent has a context of its own, and runs in its member's process, whose
 * `cost-state` counts it.
 */
export function withSubagents(own: UsageFold, subagents: UsageFold): UsageFold {
  return {
    ...own,
    inputTokens: own.inputTokens + subagents.inputTokens,
    outputTokens: own.outputTokens + subagents.outputTokens,
    cacheReadTokens: own.cacheReadTokens + subagents.cacheReadTokens,
    cacheCreationTokens: own.cacheCreationTokens + subagents.cacheCreationTokens,
    responses: own.responses + subagents.responses,
    // A member's tool calls are the calls it made: its subagents' are theirs (`usage.subagents.toolCalls`).
    toolCalls: own.toolCalls,
    estimatedUSD: own.estimatedUSD + subagents.estimatedUSD,
    unpriced: own.unpriced + subagents.unpriced,
  };
}

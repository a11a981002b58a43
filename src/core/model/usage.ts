/** What a member has used, folded from its transcript's facts, and its `--json` shapes (how each is counted: docs/internals/core.md). */
import { contextWindowOf, estimateUSD } from './pricing.js';
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
};

const contextOf = (tokens: Tokens): number => tokens.input + tokens.cacheRead + tokens.cacheCreation;

export function foldUsage(usage: UsageFold, facts: readonly TranscriptFact[]): UsageFold {
  let next: UsageFold | undefined;
  for (const fact of facts) {
    if (fact.kind === 'tool-started') {
      next = { ...(next ?? usage), toolCalls: (next ?? usage).toolCalls + 1 };
    } else if (fact.kind === 'cost') {
      next = { ...(next ?? usage), recordedUSD: fact.totalUSD };
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
      };
    }
  }
  return next ?? usage;
}

export interface MemberUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheCreationTokens: number;
  readonly contextTokens: number;
  readonly contextPercent: number | null;
  readonly toolCalls: number;
  readonly costUSD: number | null;
  readonly costEstimated: boolean;
}

/** A context is each member's own: it has no sum. */
export type TeamUsage = Omit<MemberUsage, 'contextTokens' | 'contextPercent'>;

export interface MemberUsageSource {
  readonly usage: UsageFold;
  /** An in-process teammate's records carry its lead's session. */
  readonly sessionId: string | undefined;
}

const round = (value: number, digits: number): number => Math.round(value * 10 ** digits) / 10 ** digits;

/** To a millionth of a dollar: sums of prices are not exact in binary. */
const dollars = (value: number | null): number | null => (value === null ? null : round(value, 6));

const estimateOf = (usage: UsageFold): number | null => (usage.unpriced > 0 ? null : usage.estimatedUSD);

function memberUsage(usage: UsageFold, shared: boolean): MemberUsage {
  const context = usage.newest?.contextTokens ?? 0;
  const window = usage.newest === null ? null : contextWindowOf(usage.newest.model, context);
  const recorded = shared ? null : usage.recordedUSD;
  return {
    inputTokens: clampCount(usage.inputTokens),
    outputTokens: clampCount(usage.outputTokens),
    cacheReadTokens: clampCount(usage.cacheReadTokens),
    cacheCreationTokens: clampCount(usage.cacheCreationTokens),
    contextTokens: clampCount(context),
    contextPercent: window === null ? null : clampFigure(round((100 * context) / window, 1)),
    toolCalls: clampCount(usage.toolCalls),
    costUSD: clampFigure(dollars(recorded ?? estimateOf(usage))),
    costEstimated: recorded === null && estimateOf(usage) !== null && usage.responses > 0,
  };
}

/** Null for a member whose transcript was not read: nothing known, never zeros. */
export function usageView(members: ReadonlyMap<string, MemberUsageSource | undefined>): {
  readonly members: ReadonlyMap<string, MemberUsage | null>;
  readonly team: TeamUsage | null;
} {
  const processes = new Map<string, MemberUsageSource[]>();
  for (const [name, source] of members) {
    if (source === undefined) continue;
    const key = source.sessionId ?? `member:${name}`;
    processes.set(key, [...(processes.get(key) ?? []), source]);
  }
  const views = new Map<string, MemberUsage | null>();
  for (const [name, source] of members) {
    const shared = source !== undefined && (processes.get(source.sessionId ?? `member:${name}`)?.length ?? 0) > 1;
    views.set(name, source === undefined ? null : memberUsage(source.usage, shared));
  }
  if (processes.size === 0) return { members: views, team: null };
  let costUSD: number | null = 0;
  let costEstimated = false;
  for (const sources of processes.values()) {
    const recorded = sources.find((source) => source.usage.recordedUSD !== null)?.usage.recordedUSD ?? null;
    const estimates = sources.map((source) => estimateOf(source.usage));
    const cost = recorded ?? (estimates.includes(null) ? null : estimates.reduce<number>((sum, estimate) => sum + (estimate ?? 0), 0));
    costUSD = costUSD === null || cost === null ? null : costUSD + cost;
    costEstimated ||= recorded === null && sources.some((source) => source.usage.responses > 0);
  }
  const sum = (key: 'inputTokens' | 'outputTokens' | 'cacheReadTokens' | 'cacheCreationTokens' | 'toolCalls'): number =>
    clampCount([...processes.values()].flat().reduce((total, source) => total + source.usage[key], 0));
  return {
    members: views,
    team: {
      inputTokens: sum('inputTokens'),
      outputTokens: sum('outputTokens'),
      cacheReadTokens: sum('cacheReadTokens'),
      cacheCreationTokens: sum('cacheCreationTokens'),
      toolCalls: sum('toolCalls'),
      costUSD: clampFigure(dollars(costUSD)),
      costEstimated: costUSD !== null && costEstimated,
    },
  };
}

/**
 * From the members' figures alone, as a journal records them (not which process each ran in): where members
 * shared a process whose cost the client recorded, the sum of their estimates stands for it.
 */
export function teamUsageOf(members: Iterable<MemberUsage | null>): TeamUsage | null {
  let team: { -readonly [K in keyof TeamUsage]: TeamUsage[K] } | null = null;
  for (const usage of members) {
    if (usage === null) continue;
    team ??= {
      inputTokens: 0,
      outputTokens: 0,
      cacheReadTokens: 0,
      cacheCreationTokens: 0,
      toolCalls: 0,
      costUSD: 0,
      costEstimated: false,
    };
    team.inputTokens += usage.inputTokens;
    team.outputTokens += usage.outputTokens;
    team.cacheReadTokens += usage.cacheReadTokens;
    team.cacheCreationTokens += usage.cacheCreationTokens;
    team.toolCalls += usage.toolCalls;
    team.costUSD = team.costUSD === null || usage.costUSD === null ? null : team.costUSD + usage.costUSD;
    team.costEstimated ||= usage.costEstimated;
  }
  if (team === null) return null;
  return {
    inputTokens: clampCount(team.inputTokens),
    outputTokens: clampCount(team.outputTokens),
    cacheReadTokens: clampCount(team.cacheReadTokens),
    cacheCreationTokens: clampCount(team.cacheCreationTokens),
    toolCalls: clampCount(team.toolCalls),
    costUSD: clampFigure(dollars(team.costUSD)),
    costEstimated: team.costUSD !== null && team.costEstimated,
  };
}

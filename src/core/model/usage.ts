/** A member's and its team's figures in `--json` (how each is counted: docs/internals/core.md). */
import { contextWindowOf, windowCompactedAt } from './pricing.js';
import { clampCount, clampFigure, type UsageFold } from './usage-fold.js';

export * from './usage-fold.js';

/** `compaction`: a compaction showed the window the client compacts at; `model`: the model's, assumed (the client may compact sooner). */
export type WindowSource = 'compaction' | 'model';

export interface CompactionJson {
  readonly at: string | null;
  readonly trigger: string | null;
  readonly preTokens: number | null;
  readonly postTokens: number | null;
  readonly durationMs: number | null;
}
export interface MemberUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheCreationTokens: number;
  readonly contextTokens: number;
  readonly contextPercent: number | null;
  /** The window `contextPercent` is of (null: not known), and where it comes from. */
  readonly contextWindow?: number | null;
  readonly contextWindowSource?: WindowSource | null;
  readonly toolCalls: number;
  readonly costUSD: number | null;
  readonly costEstimated: boolean;
  /** How many times the client compacted its conversation, and the last time. */
  readonly compactions?: number;
  readonly lastCompaction?: CompactionJson | null;
  /** What its subagents used, apart (null: none read); their figures are in the member's too. */
  readonly subagents?: SubagentsUsage | null;
}

/** A context is each member's own: it has no sum. */
export type TeamUsage = Omit<
  MemberUsage,
  'contextTokens' | 'contextPercent' | 'contextWindow' | 'contextWindowSource' | 'compactions' | 'lastCompaction' | 'subagents'
>;

export interface MemberUsageSource {
  /** Its own and its subagents' (see withSubagents). */
  readonly usage: UsageFold;
  /** Its subagents' alone (null: it started none that teamtop read). */
  readonly subagents?: SubagentsFold | null;
  /** An in-process teammate's records carry its lead's session. */
  readonly sessionId: string | undefined;
}

/** A member's subagents' figures, summed, and how many there were. */
export interface SubagentsFold {
  readonly count: number;
  readonly usage: UsageFold;
}

/** `Member.usage.subagents` in `--json`: what its subagents used, apart (it is in the member's figures too). */
export interface SubagentsUsage {
  readonly count: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheCreationTokens: number;
  readonly toolCalls: number;
  /** Estimated (the client counts a process whole, never a subagent apart); null for a model the table does not price. */
  readonly costUSD: number | null;
}

const round = (value: number, digits: number): number => Math.round(value * 10 ** digits) / 10 ** digits;

/** To a millionth of a dollar: sums of prices are not exact in binary. */
const dollars = (value: number | null): number | null => (value === null ? null : round(value, 6));

const estimateOf = (usage: UsageFold): number | null => (usage.unpriced > 0 ? null : usage.estimatedUSD);

/** The window a context is measured against, and where it comes from (see WindowSource). */
export function contextWindow(usage: UsageFold): { readonly window: number | null; readonly source: WindowSource | null } {
  const compacted = usage.lastCompaction;
  // A compaction a person asked for (`/compact`) says nothing of where the client compacts by itself.
  if (compacted !== null && compacted.preTokens !== null && compacted.trigger !== 'manual') {
    const window = windowCompactedAt(compacted.preTokens);
    if (window !== null) return { window, source: 'compaction' };
  }
  const window = usage.newest === null ? null : contextWindowOf(usage.newest.model, usage.newest.contextTokens);
  return { window, source: window === null ? null : 'model' };
}

const iso = (at: number): string | null => (Number.isFinite(at) ? new Date(at).toISOString() : null);

function subagentsUsage(subagents: SubagentsFold | null | undefined): SubagentsUsage | null {
  if (!subagents || subagents.count === 0) return null;
  const { usage } = subagents;
  return {
    count: subagents.count,
    inputTokens: clampCount(usage.inputTokens),
    outputTokens: clampCount(usage.outputTokens),
    cacheReadTokens: clampCount(usage.cacheReadTokens),
    cacheCreationTokens: clampCount(usage.cacheCreationTokens),
    toolCalls: clampCount(usage.toolCalls),
    costUSD: clampFigure(dollars(estimateOf(usage))),
  };
}

function memberUsage(source: MemberUsageSource, shared: boolean): MemberUsage {
  const { usage } = source;
  const context = usage.newest?.contextTokens ?? 0;
  const { window, source: windowSource } = contextWindow(usage);
  const recorded = shared ? null : usage.recordedUSD;
  const last = usage.lastCompaction;
  return {
    inputTokens: clampCount(usage.inputTokens),
    outputTokens: clampCount(usage.outputTokens),
    cacheReadTokens: clampCount(usage.cacheReadTokens),
    cacheCreationTokens: clampCount(usage.cacheCreationTokens),
    contextTokens: clampCount(context),
    contextPercent: window === null ? null : clampFigure(round((100 * context) / window, 1)),
    contextWindow: window,
    contextWindowSource: windowSource,
    toolCalls: clampCount(usage.toolCalls),
    costUSD: clampFigure(dollars(recorded ?? estimateOf(usage))),
    costEstimated: recorded === null && estimateOf(usage) !== null && usage.responses > 0,
    compactions: usage.compactions,
    lastCompaction:
      last === null
        ? null
        : { at: iso(last.at), trigger: last.trigger, preTokens: last.preTokens, postTokens: last.postTokens, durationMs: last.durationMs },
    subagents: subagentsUsage(source.subagents),
  };
}

type TokenKey = 'inputTokens' | 'outputTokens' | 'cacheReadTokens' | 'cacheCreationTokens';
const TOKEN_KEYS: readonly TokenKey[] = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheCreationTokens'];

/**
 * Null for a member whose transcript was not read: nothing known, never zeros. A process's `cost-state` counts in the
 * team's figures as the client counted it, calls in no transcript (a compaction's summary) included.
 */
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
    views.set(name, source === undefined ? null : memberUsage(source, shared));
  }
  if (processes.size === 0) return { members: views, team: null };
  let costUSD: number | null = 0;
  let costEstimated = false;
  const tokens: Record<TokenKey, number> = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0 };
  let toolCalls = 0;
  for (const sources of processes.values()) {
    const client = sources.find((source) => source.usage.recordedUSD !== null)?.usage;
    const recorded = client?.recordedUSD ?? null;
    const estimates = sources.map((source) => estimateOf(source.usage));
    const cost = recorded ?? (estimates.includes(null) ? null : estimates.reduce<number>((sum, estimate) => sum + (estimate ?? 0), 0));
    costUSD = costUSD === null || cost === null ? null : costUSD + cost;
    costEstimated ||= recorded === null && sources.some((source) => source.usage.responses > 0);
    const counted = client?.recordedTokens ?? null;
    for (const key of TOKEN_KEYS) tokens[key] += counted?.[key] ?? sources.reduce((sum, source) => sum + source.usage[key], 0);
    toolCalls += sources.reduce((sum, source) => sum + source.usage.toolCalls, 0);
  }
  return {
    members: views,
    team: {
      inputTokens: clampCount(tokens.inputTokens),
      outputTokens: clampCount(tokens.outputTokens),
      cacheReadTokens: clampCount(tokens.cacheReadTokens),
      cacheCreationTokens: clampCount(tokens.cacheCreationTokens),
      toolCalls: clampCount(toolCalls),
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

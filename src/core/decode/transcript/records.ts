/**
 * The transcript records teamtop reads, leniently (the client changes them between releases), one content block at
 * a time. Unknown fields are left out: a record holds the user's code and the client's prompts.
 */
import * as z from 'zod/mini';
import { lenient } from '../../model/schemas.js';
import type { Tokens, TranscriptFact } from '../../model/transcript-facts.js';
import { MAX_COUNT, MAX_FIGURE } from '../../model/usage.js';

export const PARSED_TYPES: ReadonlySet<string> = new Set(['assistant', 'user', 'system', 'cost-state', 'api-request']);

/**
 * A whole number clamped to MAX_COUNT as read (`1e400` is Infinity to JSON), so sums are never Infinity. Anything
 * else counts as none: the API writes whole tokens, so a fraction is not the client's record, not a count to round.
 */
const count = z.catch(
  z.pipe(
    z.custom<number>((value) => typeof value === 'number' && value >= 0 && Number.isInteger(Math.min(value, MAX_COUNT))),
    z.transform((value) => Math.min(value, MAX_COUNT)),
  ),
  0,
);
const dollars = z.catch(
  z.pipe(
    z.custom<number>((value) => typeof value === 'number' && value >= 0),
    z.transform((value) => Math.min(value, MAX_FIGURE)),
  ),
  0,
);

/** On every record the client writes for a member. */
const identity = {
  sessionId: lenient(z.string()),
  isSidechain: lenient(z.boolean()),
  agentId: lenient(z.string()),
  teamName: lenient(z.string()),
  agentName: lenient(z.string()),
  cwd: lenient(z.string()),
  timestamp: lenient(z.string()),
};

export interface RecordIdentity {
  readonly sessionId?: string | undefined;
  readonly isSidechain?: boolean | undefined;
  readonly agentId?: string | undefined;
  readonly teamName?: string | undefined;
  readonly agentName?: string | undefined;
  readonly cwd?: string | undefined;
}

export const UsageSchema = z.object({
  input_tokens: count,
  output_tokens: count,
  cache_read_input_tokens: count,
  cache_creation_input_tokens: count,
  cache_creation: lenient(z.object({ ephemeral_1h_input_tokens: count })),
});

export const tokensOf = (usage: z.infer<typeof UsageSchema>): Tokens => ({
  input: usage.input_tokens,
  output: usage.output_tokens,
  cacheRead: usage.cache_read_input_tokens,
  cacheCreation: usage.cache_creation_input_tokens,
  cacheCreation1h: usage.cache_creation?.ephemeral_1h_input_tokens ?? 0,
});

export const AssistantRecordSchema = z.object({
  type: z.literal('assistant'),
  ...identity,
  message: z.object({
    id: z.string().check(z.minLength(1)),
    model: lenient(z.string()),
    content: z.catch(z.array(z.unknown()), []),
    stop_reason: lenient(z.nullable(z.string())),
    usage: lenient(UsageSchema),
  }),
  /** The client's own record of a turn whose every try failed (model `<synthetic>`, no usage). */
  isApiErrorMessage: lenient(z.boolean()),
  /** Its HTTP status. */
  apiErrorStatus: lenient(z.number()),
  /** The client's word for the error (`server_error`, `rate_limit`). */
  error: lenient(z.string()),
});
export type AssistantRecord = z.infer<typeof AssistantRecordSchema>;

export const ToolUseBlockSchema = z.object({
  type: z.literal('tool_use'),
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  input: z.catch(z.record(z.string(), z.unknown()), {}),
});

export const TextBlockSchema = z.object({ type: z.literal('text'), text: z.string() });

export const ToolResultBlockSchema = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string().check(z.minLength(1)),
  is_error: lenient(z.boolean()),
});

export const UserRecordSchema = z.object({
  type: z.literal('user'),
  ...identity,
  /** The client's own messages to the model (reminders, command output): no prompt of a person's. */
  isMeta: lenient(z.boolean()),
  message: z.object({ content: z.union([z.string(), z.array(z.unknown())]) }),
  /** How the tool call of this record's `tool_result` was allowed: `source: "user_temporary"` is a person answering a prompt. */
  permissionDecision: lenient(z.object({ decision: z.string(), source: lenient(z.string()) })),
  /** The summary a compaction left (after its `compact_boundary`): the client's words, no prompt. */
  isCompactSummary: lenient(z.boolean()),
  isVisibleInTranscriptOnly: lenient(z.boolean()),
});
export type UserRecord = z.infer<typeof UserRecordSchema>;

export const SystemRecordSchema = z.object({
  type: z.literal('system'),
  ...identity,
  subtype: lenient(z.string()),
  durationMs: lenient(z.number()),
  /** A `compact_boundary`'s: what set it off (`auto`, `manual`), the context before and after, how long it took. */
  compactMetadata: lenient(
    z.object({
      trigger: lenient(z.string()),
      preTokens: lenient(z.number()),
      postTokens: lenient(z.number()),
      durationMs: lenient(z.number()),
    }),
  ),
});

export type SystemRecord = z.infer<typeof SystemRecordSchema>;

/** `api-request`: one try of a model call; only when it was written is read. */
export const ApiRequestSchema = z.object({
  type: z.literal('api-request'),
  timestamp: lenient(z.string()),
});

const ModelUsageSchema = z.object({
  inputTokens: count,
  outputTokens: count,
  cacheReadInputTokens: count,
  cacheCreationInputTokens: count,
  costUSD: dollars,
});

export const CostStateSchema = z.object({
  type: z.literal('cost-state'),
  sessionId: lenient(z.string()),
  totalCostUSD: z.pipe(
    z.number().check(z.gte(0)),
    z.transform((value) => Math.min(value, MAX_FIGURE)),
  ),
  modelUsage: z.catch(z.record(z.string(), ModelUsageSchema), {}),
});

export const costFact = (record: z.infer<typeof CostStateSchema>): TranscriptFact => ({
  kind: 'cost',
  totalUSD: record.totalCostUSD,
  models: Object.entries(record.modelUsage).map(([model, usage]) => ({
    model,
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    cacheReadTokens: usage.cacheReadInputTokens,
    cacheCreationTokens: usage.cacheCreationInputTokens,
    costUSD: usage.costUSD,
  })),
});

/** Beside a subagent's transcript: an in-process teammate's says so; a member's own subagent's names the call that started it. */
export const SubagentMetaSchema = z.object({
  name: lenient(z.string()),
  teamName: lenient(z.string()),
  taskKind: lenient(z.string()),
  agentType: lenient(z.string()),
  color: lenient(z.string()),
  model: lenient(z.string()),
  planModeRequired: lenient(z.boolean()),
  /** A member's own subagent: the member's `Agent` call that started it. */
  toolUseId: lenient(z.string()),
  /** In process: the agent id of the teammate that started it. */
  parentAgentId: lenient(z.string()),
  spawnDepth: lenient(z.number()),
  requestShape: lenient(z.string()),
  finished: lenient(z.boolean()),
});
export type SubagentMeta = z.infer<typeof SubagentMetaSchema>;

/** Undefined when it is not JSON or not an object. */
export function parseSubagentMeta(text: string): SubagentMeta | undefined {
  try {
    const parsed = SubagentMetaSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The facts one parsed record gives, apart from what the decoder remembers between records (decoder.ts). */
import type { Tokens, TranscriptFact } from '../../model/transcript-facts.js';
import {
  TextBlockSchema,
  ToolResultBlockSchema,
  ToolUseBlockSchema,
  type AssistantRecord,
  type SystemRecord,
  type UserRecord,
} from './records.js';
import { firstLine, NAME_MAX, SPAWN_PROMPT_MAX, spawnedBy, taskUpdateOf, teammateMessages, toolDetail } from './text-lines.js';
import { mailFacts } from './mail-facts.js';
import { append } from '../../model/lists.js';

const ALLOWED = new Set(['accept', 'allow', 'approve', 'approved']);
/** Sources of a permission decision that were a person's answer to a prompt (`user_temporary`, `user_reject`, …). */
const BY_PERSON = /^user_/u;

/** A count a record gives (tokens, ms), clamped to what is shown; null when it gives none. */
export const countOf = (value: number | undefined): number | null =>
  value === undefined || !Number.isFinite(value) || value < 0 ? null : Math.min(Math.round(value), Number.MAX_SAFE_INTEGER);

export const sameTokens = (a: Tokens, b: Tokens): boolean =>
  a.input === b.input &&
  a.output === b.output &&
  a.cacheRead === b.cacheRead &&
  a.cacheCreation === b.cacheCreation &&
  a.cacheCreation1h === b.cacheCreation1h;

export const compactedFact = (metadata: SystemRecord['compactMetadata'], at: number): TranscriptFact => ({
  kind: 'compacted',
  trigger: metadata?.trigger === undefined ? null : firstLine(metadata.trigger, NAME_MAX),
  preTokens: countOf(metadata?.preTokens),
  postTokens: countOf(metadata?.postTokens),
  durationMs: countOf(metadata?.durationMs),
  at,
});

export const apiErrorFact = (record: AssistantRecord, at: number): TranscriptFact => ({
  kind: 'api-error',
  status: countOf(record.apiErrorStatus),
  error: record.error === undefined ? null : firstLine(record.error, NAME_MAX),
  at,
});

/** A response's blocks: its tool calls (each said once: `firstSaid`), the first line of its text, its thinking. */
export function blockFacts(record: AssistantRecord, at: number, firstSaid: (id: string) => boolean, facts: TranscriptFact[]): void {
  const messageId = record.message.id;
  for (const block of record.message.content) {
    const type = block !== null && typeof block === 'object' ? (block as { type?: unknown }).type : undefined;
    if (type === 'tool_use') {
      const use = ToolUseBlockSchema.safeParse(block);
      // A call is said once per `tool_use` id: a record written again (the same message, uuid and call) is not another call.
      if (use.success && firstSaid(use.data.id)) {
        const { id, name, input } = use.data;
        facts.push({ kind: 'tool-started', id, name: firstLine(name, NAME_MAX) ?? '?', detail: toolDetail(name, input), messageId, at });
        const spawned = spawnedBy(name, input);
        if (spawned) facts.push({ ...spawned, at });
        const update = taskUpdateOf(name, input);
        if (update) facts.push({ ...update, at });
      }
    } else if (type === 'text') {
      const text = TextBlockSchema.safeParse(block);
      const line = text.success ? firstLine(text.data.text) : null;
      if (line !== null) facts.push({ kind: 'text', line, messageId, at });
    } else if (type === 'thinking' || type === 'redacted_thinking') {
      facts.push({ kind: 'thinking', messageId, at });
    }
  }
}

/** A tool result, refused when its record's `permissionDecision` is not an approval; null when the block is none. */
export function toolFinishedFact(block: unknown, record: UserRecord, at: number): TranscriptFact | null {
  const result = ToolResultBlockSchema.safeParse(block);
  if (!result.success) return null;
  const decision = record.permissionDecision;
  const denied = decision !== undefined && !ALLOWED.has(decision.decision);
  const outcome = denied ? 'denied' : result.data.is_error === true ? 'error' : 'ok';
  const byPerson = decision?.source !== undefined && BY_PERSON.test(decision.source);
  return { kind: 'tool-finished', id: result.data.tool_use_id, outcome, byPerson, at };
}

/**
 * A user record's text: mail taken, a teammate's spawn prompt (its first record), or a person's prompt.
 * Whether it opened a turn.
 */
export function saidFacts(text: string, record: UserRecord, first: boolean, at: number, facts: TranscriptFact[]): boolean {
  const messages = teammateMessages(text);
  const teammate = record.isSidechain === true || record.agentName !== undefined;
  const spawn = first && teammate;
  if (messages.length === 0) {
    if (record.isMeta === true) return false;
    const line = firstLine(text, spawn ? SPAWN_PROMPT_MAX : undefined);
    if (line === null || line.startsWith('<')) return false;
    facts.push(spawn ? { kind: 'spawn-prompt', line, at } : { kind: 'prompt', line, at });
    return true;
  }
  append(facts, mailFacts(messages, at, spawn));
  return true;
}

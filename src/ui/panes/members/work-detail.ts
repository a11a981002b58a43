import type { Member } from '../../../core/model/schemas.js';
import { formatCost } from '../../../core/report/format.js';
import { activityNote } from './work.js';
import type { ActivityNow } from '../../../core/model/activity.js';
import type { MemberUsage } from '../../../core/model/usage.js';

export interface DetailWork {
  /** The transcript it writes now, relative to the config dir (null: none of it was read). */
  readonly path: string | null;
  /** What it does and its figures are the journal's (a replay, a restore before any transcript is read). */
  readonly recorded: boolean;
  /** Transcripts matched to it (a teammate spawned again writes a new one). */
  readonly transcripts: number;
  readonly activity: ActivityNow | undefined;
  readonly usage: MemberUsage | null;
  /** The first line of its spawn prompt, as its transcript has it. */
  readonly spawnPrompt: string | null;
  /** Its transcript is a subagent's (its first record is its prompt), not a session of its own (its lead's first mail is). */
  readonly inProcess: boolean;
  /** The first line of the prompt its lead's `Agent` call gave it. */
  readonly agentCallPrompt: string | null;
}

const count = (value: number): string => value.toLocaleString('en');

/** `of the 200,000-token window the client compacts at`, or the model's, assumed. */
function windowWords(usage: MemberUsage): string {
  const { contextWindow, contextWindowSource, contextPercent } = usage;
  if (contextPercent === null || contextWindow === null || contextWindow === undefined) return ' (the window is not known)';
  return contextWindowSource === 'compaction'
    ? ` (${contextPercent}% of the ${count(contextWindow)}-token window the client compacts at, as its compaction showed)`
    : ` (${contextPercent}% of the model’s ${count(contextWindow)}-token window, assumed: the client may compact sooner)`;
}

/** Where its cost comes from. */
function costWords(usage: MemberUsage): string {
  if (usage.costUSD === null) return ' (a model the price table does not know)';
  if (usage.costEstimated) return ' (estimated from the price table)';
  return usage.costUSD === 0 && usage.inputTokens + usage.outputTokens === 0 ? ' (no response yet)' : ' (as the client recorded it)';
}

/** Its compactions: how many, and the last one. */
function compactionWords(usage: MemberUsage): string {
  const last = usage.lastCompaction;
  if (!usage.compactions || !last) return '';
  const tokens = (value: number | null) => (value === null ? '?' : count(value));
  const trigger = last.trigger === null ? '' : `, trigger ${last.trigger}`;
  const took = last.durationMs === null ? '' : `, ${count(last.durationMs)} ms`;
  return `compactions: ${usage.compactions}, the last at ${last.at ?? '?'} (${tokens(last.preTokens)} → ${tokens(last.postTokens)} tokens${trigger}${took})`;
}

export function workLines(work: DetailWork, now: number): string[] {
  if (work.path === null && !work.recorded) return [];
  const earlier = work.transcripts > 1 ? ` (and ${work.transcripts - 1} earlier)` : '';
  const doing = activityNote(work.activity, now);
  const usage = work.usage;
  return [
    work.path === null ? 'transcript: not read; as the journal recorded its work' : `transcript: ${work.path}${earlier}`,
    doing ? `doing: ${doing.text}${doing.tail ?? ''}` : '',
    ...(usage
      ? [
          `tokens: ${count(usage.inputTokens)} in · ${count(usage.outputTokens)} out · cache ${count(usage.cacheReadTokens)} read, ${count(usage.cacheCreationTokens)} written`,
          `context: ${count(usage.contextTokens)} tokens${windowWords(usage)}`,
          compactionWords(usage),
          `tool calls: ${count(usage.toolCalls)}`,
          usage.subagents
            ? `subagents: ${usage.subagents.count}, ${count(usage.subagents.inputTokens)} in · ${count(usage.subagents.outputTokens)} out · ${formatCost({ costUSD: usage.subagents.costUSD, costEstimated: true })} (counted in the figures above)`
            : '',
          `cost: ${formatCost(usage)}${costWords(usage)}`,
        ]
      : []),
  ].filter(Boolean);
}

/** The prompt it was started with, and where it came from (docs/internals/views.md, "The member pane"). */
export function promptOf(info: Member | null, work: DetailWork | undefined): { label: string; text: string } | null {
  if (info?.prompt) return { label: 'prompt (config.json)', text: info.prompt };
  if (work?.spawnPrompt) {
    const where = work.inProcess ? 'the first record of its transcript' : "its lead's first mail in its transcript";
    return { label: `spawn prompt (its first line, from ${where})`, text: work.spawnPrompt };
  }
  if (work?.agentCallPrompt) return { label: "spawn prompt (its first line, from the lead's Agent call)", text: work.agentCallPrompt };
  return null;
}

import type { Member } from '../../../core/model/schemas.js';
import { formatCost } from '../../../core/report/format.js';
import { activityNote } from './work.js';
import { type ActivityNow } from '../../../core/model/activity.js';
import { type MemberUsage } from '../../../core/model/usage.js';

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
          `context: ${count(usage.contextTokens)} tokens${usage.contextPercent === null ? ' (the model’s window is not known)' : ` (${usage.contextPercent}% of the model’s window)`}`,
          `tool calls: ${count(usage.toolCalls)}`,
          `cost: ${formatCost(usage)}${usage.costUSD === null ? ' (a model the price table does not know)' : usage.costEstimated ? ' (estimated from the price table)' : ' (as the client recorded it)'}`,
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

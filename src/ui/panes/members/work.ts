import { formatSince } from '../../../core/model/time.js';
import { formatCost, formatTokens, formatUsage } from '../../../core/report/format.js';
import { apiErrorWords, type ActivityNow } from '../../../core/model/activity.js';
import type { MemberUsage, TeamUsage } from '../../../core/model/usage.js';

/** A line under a pane's info line: the member's work, the agent's figures, or its error. */
export interface PaneNote {
  readonly text: string;
  /** Kept whole when the line is cut: how long it has been at it. */
  readonly tail?: string;
  readonly tone: 'info' | 'plain' | 'warning' | 'danger';
  /** What the member does now: first on a compact pane's line. */
  readonly activity?: boolean;
}

/** Context in use from which its share is said in colour, and then as a danger. */
const CONTEXT_WARNING = 80;
const CONTEXT_DANGER = 90;

/** `3 turns`, `a turn`: how many turns failed in a row. */
const turns = (count: number): string => (count === 1 ? 'its last turn' : `${count} turns in a row`);

/** What the member does now, as its pane's first note; null when idle or nothing is known. */
export function activityNote(activity: ActivityNow | undefined, now: number): PaneNote | null {
  if (!activity) return null;
  const tail = activity.since === null || !Number.isFinite(activity.since) ? '' : ` · ${formatSince(Math.max(0, now - activity.since))}`;
  const call = [activity.tool, activity.detail].filter(Boolean).join(' ');
  const more = activity.openCalls > 1 ? ` (+${activity.openCalls - 1})` : '';
  const failure = activity.failure;
  // Its own turn is over; a subagent it started in the background works on.
  const behind = activity.openCalls === 0 && activity.subagents?.some((subagent) => subagent.background) === true;
  switch (activity.state) {
    case 'dead':
      return {
        text: `✗ dead${activity.tool === null ? '' : ` in ${activity.tool}`}: its process is gone`,
        tail,
        tone: 'danger',
        activity: true,
      };
    case 'failing':
      return failure
        ? {
            text: `✗ API error ${apiErrorWords(failure.status, failure.error)}`,
            tail: ` · ${turns(failure.turns)}${tail}`,
            tone: 'danger',
            activity: true,
          }
        : null;
    case 'retrying': {
      const tries = activity.retry?.tries ?? 2;
      const after = failure ? ` · after API error ${apiErrorWords(failure.status, failure.error)}` : '';
      return { text: `↻ retrying (try ${tries})`, tail: `${tail}${after}`, tone: 'warning', activity: true };
    }
    case 'tool':
      if (behind) return { text: `▶ ${call}`, tail: `${tail} · in the background`, tone: 'plain', activity: true };
      // Overdue where its process cannot be seen: it may be dead, so it is not drawn at work.
      if (activity.overdue && activity.processUnseen)
        return { text: `? ${call}${more}`, tail: `${tail} · process not seen`, tone: 'warning', activity: true };
      return activity.overdue
        ? { text: `▶ ${call}${more}`, tail: `${tail} · far longer than usual`, tone: 'danger', activity: true }
        : { text: `▶ ${call}${more}`, tail, tone: 'plain', activity: true };
    case 'waiting-permission':
      return { text: `⏸ permission? ${call}`, tail, tone: 'warning', activity: true };
    case 'thinking':
    case 'writing':
      return { text: activity.state === 'thinking' ? '… thinking' : '✎ writing', tail, tone: 'plain', activity: true };
    default:
      return null;
  }
}

/** A compaction this recent is said on the member's line as news: `compacted 191K→3.2K 12s ago`. */
const COMPACTION_NEWS_MS = 10 * 60_000;

/**
 * `ctx 45K 23% of 200K · ~$0.12 · 12K in · 2.1K out · cache 40K/5K`: what
 * matters most first, as the line is cut at its end. The window is the one a
 * compaction showed, or the model's with a `?` (assumed: the client may
 * compact sooner). A compaction in the last minutes is said after the context.
 */
export function usageNote(usage: MemberUsage | null | undefined, now = Number.NaN): PaneNote | null {
  if (!usage) return null;
  const percent = usage.contextPercent;
  const window =
    usage.contextWindow === null || usage.contextWindow === undefined
      ? ''
      : ` of ${formatTokens(usage.contextWindow)}${usage.contextWindowSource === 'compaction' ? '' : '?'}`;
  const context = `ctx ${formatTokens(usage.contextTokens)}${percent === null ? '' : ` ${Math.round(percent)}%${window}`}`;
  const last = usage.lastCompaction;
  const at = last?.at ? Date.parse(last.at) : Number.NaN;
  const compacted =
    last && Number.isFinite(at) && now - at < COMPACTION_NEWS_MS
      ? `compacted ${last.preTokens === null ? '?' : formatTokens(last.preTokens)}→${last.postTokens === null ? '?' : formatTokens(last.postTokens)} ${formatSince(Math.max(0, now - at))} ago`
      : '';
  const cache = usage.cacheReadTokens + usage.cacheCreationTokens > 0;
  const text = [
    context,
    compacted,
    formatCost(usage),
    `${formatTokens(usage.inputTokens)} in`,
    `${formatTokens(usage.outputTokens)} out`,
    cache ? `cache ${formatTokens(usage.cacheReadTokens)}/${formatTokens(usage.cacheCreationTokens)}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const tone =
    percent === null || percent < CONTEXT_WARNING ? (compacted ? 'warning' : 'info') : percent < CONTEXT_DANGER ? 'warning' : 'danger';
  return { text, tone };
}

/** The team's sums, for the header: `4.2K in · 700 out · ~$0.03`. */
export function teamUsageText(usage: TeamUsage | null): string {
  if (!usage) return '';
  return formatUsage(usage);
}

import { formatSince } from '../../../core/model/time.js';
import { formatCost, formatTokens, formatUsage } from '../../../core/report/format.js';
import { type ActivityNow } from '../../../core/model/activity.js';
import { type MemberUsage, type TeamUsage } from '../../../core/model/usage.js';

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

/** What the member does now, as its pane's first note; null when idle or nothing is known. */
export function activityNote(activity: ActivityNow | undefined, now: number): PaneNote | null {
  if (!activity) return null;
  const tail = activity.since === null ? '' : ` · ${formatSince(Math.max(0, now - activity.since))}`;
  const call = [activity.tool, activity.detail].filter(Boolean).join(' ');
  const more = activity.openCalls > 1 ? ` (+${activity.openCalls - 1})` : '';
  switch (activity.state) {
    case 'tool':
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

/** `ctx 45K 23% · ~$0.12 · 12K in · 2.1K out · cache 40K/5K`: what matters most first, as the line is cut at its end. */
export function usageNote(usage: MemberUsage | null | undefined): PaneNote | null {
  if (!usage) return null;
  const percent = usage.contextPercent;
  const context = `ctx ${formatTokens(usage.contextTokens)}${percent === null ? '' : ` ${Math.round(percent)}%`}`;
  const cache = usage.cacheReadTokens + usage.cacheCreationTokens > 0;
  const text = [
    context,
    formatCost(usage),
    `${formatTokens(usage.inputTokens)} in`,
    `${formatTokens(usage.outputTokens)} out`,
    cache ? `cache ${formatTokens(usage.cacheReadTokens)}/${formatTokens(usage.cacheCreationTokens)}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const tone = percent === null || percent < CONTEXT_WARNING ? 'info' : percent < CONTEXT_DANGER ? 'warning' : 'danger';
  return { text, tone };
}

/** The team's sums, for the header: `4.2K in · 700 out · ~$0.03`. */
export function teamUsageText(usage: TeamUsage | null): string {
  if (!usage) return '';
  return formatUsage(usage);
}

/** Words and widths the report's text and HTML share with the dashboard and the live page. */
import stringWidth from 'string-width';
import { graphemes } from '../text/graphemes.js';
import { sanitizeLine } from '../text/sanitize.js';
import { lazy } from '../model/lazy.js';
import { formatAge, formatClock, formatWait, isInstant } from '../model/time.js';

const dateFormat = lazy(() => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }));
const zoneFormat = lazy(() => new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short' }));

/** `2026-11-23 17:19:18 UTC`, in local time; `unknown` when the files do not say. */
export function formatInstant(time: number): string {
  if (!isInstant(time)) return 'unknown';
  const date = new Date(time);
  const parts = zoneFormat().formatToParts(date);
  const zone = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  return `${dateFormat().format(date)} ${formatClock(time)}${zone ? ` ${zone}` : ''}`;
}

/** A duration: `0.4s` under ten seconds, then `3m30s`, `2h5m`; `?` when unknown. */
export const formatDuration = (ms: number | null): string => (ms === null || !Number.isFinite(ms) ? '?' : formatWait(ms));

/** A long duration, to the second: `17s`, `3m30s`. */
export const formatSpan = (ms: number): string => (Number.isFinite(ms) ? formatAge(ms) : '?');

const compact = lazy(() => new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }));

/** `950`, `12K`, `1.2M`. */
export const formatTokens = (count: number): string => compact().format(count);

/** `$0.12`, `~$0.007` when estimated from the price table; `$?` when no price is known. */
export function formatCost(usage: { readonly costUSD: number | null; readonly costEstimated: boolean }): string {
  if (usage.costUSD === null) return '$?';
  const digits = usage.costUSD !== 0 && usage.costUSD < 0.1 ? 3 : 2;
  return `${usage.costEstimated ? '~' : ''}$${usage.costUSD.toFixed(digits)}`;
}

/** `4.2K in · 700 out · ~$0.03`: a member's or a team's tokens and cost, as the dashboard's header and the report say them. */
export function formatUsage(usage: {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costUSD: number | null;
  readonly costEstimated: boolean;
}): string {
  return `${formatTokens(usage.inputTokens)} in · ${formatTokens(usage.outputTokens)} out · ${formatCost(usage)}`;
}

/** Text from disk on one line, made safe, in at most `columns` terminal columns (cut with `…`). */
export function fitColumns(text: string, columns: number): string {
  const safe = sanitizeLine(text.length > columns * 4 ? text.slice(0, columns * 4) : text);
  if (stringWidth(safe) <= columns) return safe;
  let kept = '';
  let width = 0;
  for (const cluster of graphemes(safe)) {
    const cells = stringWidth(cluster);
    if (width + cells > columns - 1) break;
    kept += cluster;
    width += cells;
  }
  return `${kept}…`;
}

/** Fitted, then padded with spaces to exactly `columns`. */
export function padColumns(text: string, columns: number): string {
  const fitted = fitColumns(text, columns);
  return fitted + ' '.repeat(Math.max(0, columns - stringWidth(fitted)));
}

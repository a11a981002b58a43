/** Text for the live page's HTML: from disk, escaped and cut; our own words, counted and classed. */
import { formatClock, formatSince, isInstant } from '../../core/model/time.js';
import { memberColorKey } from '../../core/report/colors.js';
import { fitColumns } from '../../core/report/format.js';
import { xmlText } from '../../core/report/xml.js';
import type { Thresholds } from '../../core/model/settings.js';

/** The columns a text from disk is cut to. */
const TEXT_COLUMNS = 240;

export const text = (value: string, columns = TEXT_COLUMNS): string => xmlText(fitColumns(value, columns));
export const colorClass = (color: string | null): string => `c-${memberColorKey(color) ?? 'none'}`;
/** A word from the code's own lists (a status, a state), as a class. */
export const word = (value: string): string => value.replace(/[^a-z0-9]+/gu, '-');
export const clock = (time: number | null): string => (time !== null && isInstant(time) ? formatClock(time) : '--:--:--');
export const counted = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** An age that ticks on the page (app.js) from the instant it counts from; the server's words until then. */
export function age(since: number | null, now: number): string {
  if (since === null || !isInstant(since)) return '';
  return `<span class="age" data-since="${Math.round(since)}">${xmlText(formatSince(Math.max(0, now - since)))}</span>`;
}

export const none = (words: string): string => `<p class="none">${xmlText(words)}</p>`;

export const who = (name: string, color: string | null): string => `<span class="who ${colorClass(color)}">${text(name, 40)}</span>`;

export interface SectionOptions {
  readonly thresholds: Thresholds;
  readonly now: number;
  /** Name the tools' inputs (what a call runs): on loopback, or with `--show-inputs`. */
  readonly showInputs: boolean;
}

/**
 * Text from disk in an HTML page or an SVG drawing: made safe for a reader
 * first (sanitizeLine: controls shown as pictures, bidirectional overrides
 * as U+FFFD, one line), then escaped for markup, attribute values included.
 * Numbers written into markup are rounded, and never NaN.
 */
import { sanitizeLine } from '../text/sanitize.js';

const MARKUP: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as markup: safe between tags and inside a quoted attribute. */
export const xmlText = (text: string): string =>
  sanitizeLine(text)
    .replace(/[\uFFFE\uFFFF]/gu, '\uFFFD')
    .replace(/[&<>"']/gu, (char) => MARKUP[char]!);

/** A coordinate or length, to a tenth. */
export const n = (value: number): string => (Number.isFinite(value) ? String(Math.round(value * 10) / 10) : '0');

/** A hover title: the first child of the element it describes. */
export const title = (text: string): string => `<title>${xmlText(text)}</title>`;

/** Text from disk in HTML or SVG: made safe (sanitizeLine), then escaped for markup and attributes. Numbers rounded, never NaN. */
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

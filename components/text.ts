/**
 * Small helpers for drawing text from disk: sanitised, then fitted to a width.
 */
import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
import { sanitizeLine } from '../src/domain/sanitize.js';
import { homedir } from 'node:os';

/** Sanitise and truncate to `width` columns (with an ellipsis). */
export function fit(text: string, width: number): string {
  if (width <= 0) return '';
  return cliTruncate(sanitizeLine(text), width, { position: 'end' });
}

export { stringWidth };

/** `~/.claude` rather than `/home/me/.claude`. */
export function tildify(path: string): string {
  const home = homedir();
  return home && (path === home || path.startsWith(`${home}/`)) ? `~${path.slice(home.length)}` : path;
}

/** Sanitise, truncate and pad with spaces to exactly `width` columns. */
export function fitPad(text: string, width: number): string {
  const fitted = fit(text, width);
  return fitted + ' '.repeat(Math.max(0, width - stringWidth(fitted)));
}

import { createHash } from 'node:crypto';

/** A short, collision-safe stand-in for a file's text, so the text itself need not be kept. */
export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('base64');
}

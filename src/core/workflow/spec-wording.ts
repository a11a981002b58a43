/** How a team file's problems are worded: where (a JSON path), what was found (quoted back short), what was most likely meant. */

/** The longest value or key quoted back in a message. */
const QUOTED_LENGTH = 60;

export type Segment = string | number;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/u;

export function clip(text: string, length = QUOTED_LENGTH): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** `$.workflow.steps[2]["depends-on"]`: dots for plain keys, brackets for indexes and other keys. */
export function formatPath(segments: readonly Segment[]): string {
  let path = '$';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) path += `.${clip(segment)}`;
    else path += `[${JSON.stringify(clip(segment))}]`;
  }
  return path;
}

export function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(clip(value));
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return kindOf(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number' && !Number.isFinite(value)) return 'a number too big to hold';
  return `a ${typeof value}`;
}

/** camelCase, kebab-case and spaces all as snake_case, lower case. */
function normalise(word: string): string {
  return word
    .replace(/([a-z0-9])([A-Z])/gu, '$1_$2')
    .toLowerCase()
    .replace(/[-\s.]+/gu, '_');
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Bounds on the work a suggestion may cost: a hostile file names many long things. */
const SUGGEST_MAX_LENGTH = 40;
const SUGGEST_MAX_CANDIDATES = 200;

/** The candidate a typo most likely meant, if one is close enough. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  if (word.length > SUGGEST_MAX_LENGTH) return undefined;
  const wanted = normalise(word);
  const allowed = wanted.length >= 6 ? 2 : wanted.length >= 3 ? 1 : 0;
  let best: string | undefined;
  let bestDistance = allowed + 1;
  let seen = 0;
  for (const candidate of candidates) {
    if (++seen > SUGGEST_MAX_CANDIDATES) break;
    if (candidate === word || candidate.length > SUGGEST_MAX_LENGTH) continue;
    const distance = editDistance(wanted, normalise(candidate));
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

export const suggestion = (word: string, candidates: Iterable<string>): string => {
  const near = closest(word, candidates);
  return near === undefined ? '' : ` (did you mean ${JSON.stringify(near)}?)`;
};

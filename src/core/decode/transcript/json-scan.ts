/**
 * Where a JSON value in a line ends, found without parsing it; each gives -1 where the line ends first. The regular
 * expressions run on windows (on a whole line their backtracking stack overflows), so the work is bounded.
 */

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COLON = 0x3a;
export const COMMA = 0x2c;
export const OPEN_BRACE = 0x7b;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACE = 0x7d;
export const CLOSE_BRACKET = 0x5d;
const SPACE = 0x20;

const WINDOW = 64 * 1024;
const SHORT = 256;
/** A value nested deeper is not read: a line 100,000 brackets deep is given up on, not stepped through. */
export const MAX_DEPTH = 512;

/** A string, its escapes included: `[^"\\]*` runs are native loops that push nothing to backtrack. */
export const STRING = String.raw`"[^"\\]*(?:\\[^][^"\\]*)*"`;

/** What an object or array holds, with objects and arrays in it up to `levels` deep, strings matched by `string`. */
export function contents(levels: number, string = STRING): string {
  let pattern = `(?:[^"[\\]{}]|${string})*`;
  for (let level = 0; level < levels; level++) pattern = `(?:[^"[\\]{}]|${string}|[{[]${pattern}[}\\]])*`;
  return pattern;
}

/** Everything up to the next bracket it cannot balance: 24 levels in one match (tool schemas nest 12 deep). */
const BALANCED = new RegExp(contents(24), 'y');
/** Up to its closing quote, or a backslash the window cut from what it escapes. */
const STRING_BODY = /(?:[^"\\]+|\\[^])*/y;
const SCALAR_END = /[\s,\]}]/gu;

/** How many characters `pattern` took on the window of `line` from `at`. */
export function matchedIn(pattern: RegExp, line: string, at: number): number {
  pattern.lastIndex = 0;
  pattern.test(line.slice(at, at + WINDOW));
  return pattern.lastIndex;
}

export function skipSpace(line: string, at: number): number {
  let index = at;
  while (index < line.length && line.charCodeAt(index) <= SPACE) index++;
  return index;
}

export function stringEnd(line: string, at: number): number {
  // Most are short and have no escape: their closing quote is the next one.
  const quote = line.indexOf('"', at + 1);
  if (quote > at && quote - at <= SHORT && !line.slice(at + 1, quote).includes('\\')) return quote + 1;
  let index = at + 1;
  for (;;) {
    const taken = matchedIn(STRING_BODY, line, index);
    index += taken;
    if (index >= line.length) return -1;
    if (line.charCodeAt(index) === QUOTE) return index + 1;
    // A backslash the window cut from what it escapes: the next window starts at it. (None taken: the line ends at it.)
    if (taken === 0) return -1;
  }
}

export function scalarEnd(line: string, at: number): number {
  if (at >= line.length) return -1;
  SCALAR_END.lastIndex = at;
  return SCALAR_END.test(line) ? SCALAR_END.lastIndex - 1 : -1;
}

/** Just past the bracket that closes the `depth` (1 or more) levels open at `at`, or -1. */
export function closeEnd(line: string, at: number, depth: number): number {
  let index = at;
  let open = depth;
  for (;;) {
    const taken = matchedIn(BALANCED, line, index);
    index += taken;
    if (index >= line.length) return -1;
    const char = line.charCodeAt(index);
    if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      // Cut by the window, or nested deeper than one match reads.
      if (++open > MAX_DEPTH) return -1;
      index++;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      index++;
      if (--open === 0) return index;
    } else if (char === QUOTE) {
      // A string the window cut.
      index = stringEnd(line, index);
      if (index < 0) return -1;
    } else if (taken === 0) return -1;
  }
}

export function valueEnd(line: string, at: number): number {
  const char = line.charCodeAt(at);
  if (char === QUOTE) return stringEnd(line, at);
  if (char === OPEN_BRACE || char === OPEN_BRACKET) return closeEnd(line, at + 1, 1);
  return scalarEnd(line, at);
}

/** Undefined when its escapes are not JSON's. */
export function stringValue(line: string, start: number, end: number): string | undefined {
  const raw = line.slice(start + 1, end - 1);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(line.slice(start, end)) as string;
  } catch {
    return undefined;
  }
}

/**
 * A transcript line's record type, told before the line is parsed.
 *
 *   recordTypeOf(line: string): string | undefined   a whole line's top-level "type"
 *   leadingRecordType(text: string): string | undefined   the same, for the start of a line still being written
 *
 * Most of a transcript's bytes are records teamtop has no use for
 * (`api-request-shape`, `api-request-blob`, `attachment`, 10 to 120 KB each):
 * the decoder parses a line only when its type is one it reads. The type is
 * the top-level `"type"` key, which is not always first: an `attachment`
 * record nests an object with a `"type"` of its own before it, an `assistant`
 * record puts its `message` first. So the top level is walked key by key from
 * the start, stepping over a string by looking for its closing quote and a
 * number or literal by its end, until the type or an object or array. Then the
 * end of the line is tried (the client writes the big value first and small
 * keys after it, the type among them). Only when neither answers is the object
 * skipped, by a regular expression that matches balanced brackets and whole
 * strings in native code. Skipping a
 * 100 KB record costs microseconds; `JSON.parse` of it costs a hundred times
 * that (`node bench/phases/transcript.mjs`).
 *
 * It says nothing of whether the rest of the line is JSON: what is parsed is
 * then parsed whole, and a line that is not JSON is a counted skip there.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const SPACE = 0x20;

const TYPE_KEY = '"type"';

/** A string, its escapes included: `[^"\\]*` runs are native loops that push nothing to backtrack. */
const STRING = String.raw`"[^"\\]*(?:\\[^][^"\\]*)*"`;
/** What an object or array holds, with objects and arrays in it up to `levels` deep. */
function contents(levels: number): string {
  let pattern = `(?:[^"[\\]{}]|${STRING})*`;
  for (let level = 0; level < levels; level++) pattern = `(?:[^"[\\]{}]|${STRING}|[{[]${pattern}[}\\]])*`;
  return pattern;
}
/**
 * Everything up to the next bracket it cannot balance. Tool schemas in the
 * client's records nest 12 deep: 24 levels are matched in one go, and deeper
 * ones a level at a time.
 */
const BALANCED = new RegExp(contents(24), 'y');
/** Brackets read one at a time, past what BALANCED matches in one go. */
const DEEPER = 256;
/** The end of a number, `true`, `false` or `null`. */
const SCALAR_END = /[\s,\]}]/gu;

/** A walk's answer: the key's string value, or that it has none (`undefined`), or that it met an object or array (`BLOCKED`). */
const BLOCKED = Symbol('blocked');
type Walk = string | undefined | typeof BLOCKED;

function skipSpace(line: string, at: number): number {
  let index = at;
  while (index < line.length && line.charCodeAt(index) <= SPACE) index++;
  return index;
}

const escaped = (line: string, quote: number): boolean => {
  let backslashes = 0;
  for (let index = quote - 1; line.charCodeAt(index) === BACKSLASH; index--) backslashes++;
  return backslashes % 2 === 1;
};

/** Just past the string whose opening quote is at `at`, or -1 when the line ends inside it. */
function stringEnd(line: string, at: number): number {
  let quote = line.indexOf('"', at + 1);
  while (quote >= 0 && escaped(line, quote)) quote = line.indexOf('"', quote + 1);
  return quote < 0 ? -1 : quote + 1;
}

/**
 * Just past the object or array that opens at `at`, or -1 when the line ends
 * inside it, or it nests deeper than BALANCED matches by more than DEEPER
 * levels (each level deeper is one more pass over what follows: a hostile line
 * is given up on, and counted invalid, rather than read a thousand times).
 */
function nestedEnd(line: string, at: number): number {
  let depth = 1;
  let index = at + 1;
  for (let steps = 0; index < line.length && steps < DEEPER; steps++) {
    BALANCED.lastIndex = index;
    BALANCED.test(line);
    index = BALANCED.lastIndex;
    const char = line.charCodeAt(index);
    if (char === OPEN_BRACE || char === OPEN_BRACKET) depth++;
    else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) depth--;
    else return -1;
    index++;
    if (depth === 0) return index;
  }
  return -1;
}

function scalarEnd(line: string, at: number): number {
  if (at >= line.length) return -1;
  SCALAR_END.lastIndex = at;
  return SCALAR_END.test(line) ? SCALAR_END.lastIndex - 1 : -1;
}

function stringValue(line: string, start: number, end: number): string | undefined {
  const raw = line.slice(start + 1, end - 1);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(line.slice(start, end)) as string;
  } catch {
    return undefined;
  }
}

const isTypeKey = (line: string, start: number, end: number): boolean =>
  end - start === TYPE_KEY.length && line.startsWith(TYPE_KEY, start);

/**
 * From the start: the type, or that there is none, or BLOCKED at an object or
 * array (`skip`: step over those instead). `from.at` is where it stopped.
 */
function walkForward(line: string, from: { at: number }, skip: boolean): Walk {
  let at = from.at;
  while (line.charCodeAt(at) === QUOTE) {
    from.at = at;
    const keyEnd = stringEnd(line, at);
    if (keyEnd < 0) return undefined;
    const wanted = isTypeKey(line, at, keyEnd);
    at = skipSpace(line, keyEnd);
    if (line.charCodeAt(at) !== COLON) return undefined;
    at = skipSpace(line, at + 1);
    const char = line.charCodeAt(at);
    let end: number;
    if (char === QUOTE) end = stringEnd(line, at);
    else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (!skip) return BLOCKED;
      end = nestedEnd(line, at);
    } else end = scalarEnd(line, at);
    if (end < 0) return undefined;
    if (wanted) return char === QUOTE ? stringValue(line, at, end) : undefined;
    at = skipSpace(line, end);
    if (line.charCodeAt(at) !== COMMA) return undefined;
    at = skipSpace(line, at + 1);
  }
  return undefined;
}

/**
 * The top-level type, where the line ends with it and keys whose values are
 * strings or scalars (the client writes the big value first and small keys
 * after it). `"type":"` outside a string is always a key (a quote in a string
 * is escaped), and is the top level's when nothing but such pairs and the
 * closing brace follow it.
 */
const TAIL = new RegExp(String.raw`"type":(${STRING})(?:,${STRING}:(?:${STRING}|[-+.\w]+))*\s*\}\s*$`, 'y');

function typeFromTail(line: string): Walk {
  const at = line.lastIndexOf('"type":"');
  if (at < 0) return BLOCKED;
  TAIL.lastIndex = at;
  const quoted = TAIL.exec(line)?.[1];
  return quoted === undefined ? BLOCKED : stringValue(quoted, 0, quoted.length);
}

function openingKey(text: string): { at: number } | undefined {
  const at = skipSpace(text, 0);
  return text.charCodeAt(at) === OPEN_BRACE ? { at: skipSpace(text, at + 1) } : undefined;
}

/** A whole line's record type (its top-level `"type"`, a string), without parsing the line. */
export function recordTypeOf(line: string): string | undefined {
  const from = openingKey(line);
  if (!from) return undefined;
  const forward = walkForward(line, from, false);
  if (forward !== BLOCKED) return forward;
  const backward = typeFromTail(line);
  if (backward !== BLOCKED) return backward;
  const skipped = walkForward(line, from, true);
  return skipped === BLOCKED ? undefined : skipped;
}

/**
 * The record type of a line still being written, when what has arrived says
 * it (a type that comes before any object or array): undefined otherwise.
 */
export function leadingRecordType(text: string): string | undefined {
  const from = openingKey(text);
  const forward = from ? walkForward(text, from, false) : undefined;
  return forward === BLOCKED ? undefined : forward;
}

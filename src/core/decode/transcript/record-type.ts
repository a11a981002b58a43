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
 * strings in native code (json-scan.ts, a window at a time). Skipping a
 * 100 KB record costs microseconds; `JSON.parse` of it costs a hundred times
 * that (`node bench/phases/transcript.mjs`).
 *
 * It says nothing of whether the rest of the line is JSON: what is parsed is
 * then parsed whole, and a line that is not JSON is a counted skip there.
 */

import {
  COLON,
  COMMA,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  scalarEnd,
  skipSpace,
  STRING,
  stringEnd,
  stringValue,
  valueEnd,
} from './json-scan.js';

const TYPE_KEY = '"type"';
/** Top-level keys walked: a record has a few dozen; a line of a million is not a record teamtop reads. */
const KEYS_WALKED = 1024;
/** The end of a line read for the type after the last `"type":"`: the client writes a few small keys after it. */
const TAIL_READ = 64 * 1024;

/** A walk's answer: the key's string value, or that it has none (`undefined`), or that it met an object or array (`BLOCKED`). */
const BLOCKED = Symbol('blocked');
type Walk = string | undefined | typeof BLOCKED;

const isKey = (line: string, start: number, end: number, key: string): boolean => end - start === key.length && line.startsWith(key, start);

/**
 * From the start: the value of `key` (the type unless said), or that there is
 * none, or BLOCKED at an object or array (`skip`: step over those instead).
 * `from.at` is where it stopped.
 */
function walkForward(line: string, from: { at: number }, skip: boolean, key = TYPE_KEY): Walk {
  let at = from.at;
  for (let keys = 0; line.charCodeAt(at) === QUOTE && keys < KEYS_WALKED; keys++) {
    from.at = at;
    const keyEnd = stringEnd(line, at);
    if (keyEnd < 0) return undefined;
    const wanted = isKey(line, at, keyEnd, key);
    at = skipSpace(line, keyEnd);
    if (line.charCodeAt(at) !== COLON) return undefined;
    at = skipSpace(line, at + 1);
    const char = line.charCodeAt(at);
    let end: number;
    if (char === QUOTE) end = stringEnd(line, at);
    else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (!skip) return BLOCKED;
      end = valueEnd(line, at);
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
  // Past that, the pairs after it would be matched one by one (and a million of them overflow the match's stack).
  if (at < 0 || line.length - at > TAIL_READ) return BLOCKED;
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

/**
 * A top-level string field of a whole line that comes before any object or
 * array (an `api-request` record's `timestamp`), without parsing the line;
 * undefined when the walk does not reach it.
 */
export function leadingStringField(line: string, key: string): string | undefined {
  const from = openingKey(line);
  const found = from ? walkForward(line, from, false, JSON.stringify(key)) : undefined;
  return typeof found === 'string' ? found : undefined;
}

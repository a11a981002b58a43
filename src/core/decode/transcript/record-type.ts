/**
 * A transcript line's record type, told before the line is parsed: most of a transcript's bytes are records teamtop
 * never reads. The top-level `"type"` is not always first; how it is found cheaply: docs/internals/core.md.
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
/** A record has a few dozen keys; a line of a million is not a record teamtop reads. */
const KEYS_WALKED = 1024;
/** The client writes a few small keys after the type. */
const TAIL_READ = 64 * 1024;

/** The key's string value, that it has none (`undefined`), or that the walk met an object or array. */
const BLOCKED = Symbol('blocked');
type Walk = string | undefined | typeof BLOCKED;

const isKey = (line: string, start: number, end: number, key: string): boolean => end - start === key.length && line.startsWith(key, start);

/** The value of `key` (the type unless said). `skip`: step over objects and arrays rather than stop at them. `from.at` is where it stopped. */
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

/** `"type":"` outside a string is always a key, and the top level's when only string or scalar pairs and `}` follow it. */
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

/** Undefined unless what has arrived says it (a type before any object or array). */
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

/**
 * A transcript line too long to parse whole, read for what the decoder takes
 * of a record, without building the rest of it.
 *
 *   SKIM_OVER                                  a line longer than this (characters) is skimmed, not parsed
 *   skimRecord(line): Skimmed | undefined      the record as the decoder reads it; undefined when it is not a JSON object
 *
 * `JSON.parse` of a 15 MB line of 5 million small content blocks builds them
 * all: seconds of the main thread and half a gigabyte, while `q` waits. The
 * client writes lines past a megabyte only when a record carries an image or a
 * big file; what the decoder needs of any record is small: its type, ids,
 * times, identity, usage, stop reason, and of its content blocks their type,
 * a tool call's id, name and key input, a result's id and error, the start of
 * a text. So the record is walked where those are (its top level, `message`,
 * `message.content` and the blocks in it), each small value parsed as it is
 * (up to SMALL characters), each longer one stepped over by json-scan.ts in
 * native code, but for a string the decoder reads the start of (a text, a
 * prompt, a tool's input), of which the first PREFIX characters are kept.
 * Content elements that cannot be a block the decoder reads (none of their
 * strings is a block type's name: `{}`, numbers, other objects) are stepped
 * over by the run, in native code; the others are read one by one, up to
 * ELEMENTS_READ of them, and an object's keys up to KEYS_READ: past those the
 * rest is stepped over and the skim says what it did not read (`cut`).
 *
 * The result is what `JSON.parse` would give, less what was left out, and the
 * decoder's schemas read it as they read a parsed record. Keys are set as
 * JSON.parse sets them (an own `__proto__` is an own field, never a prototype).
 */
import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  closeEnd,
  COLON,
  COMMA,
  contents,
  matchedIn,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  skipSpace,
  stringEnd,
  stringValue,
  valueEnd,
} from './json-scan.js';

/** Characters of a line past which it is skimmed: `JSON.parse` of a megabyte of the densest JSON costs 0.2 s. */
export const SKIM_OVER = 1024 * 1024;
/** A value this long or shorter (characters) is parsed as it is. */
const SMALL = 16 * 1024;
/** Of a longer string the decoder reads the start of, the characters kept: pane lines are 240. */
const PREFIX = 16 * 1024;
/** An object's keys read; a record has a few dozen. */
const KEYS_READ = 256;
/** Content elements read one by one; a response has a few dozen blocks. */
const ELEMENTS_READ = 4096;

/** The content blocks the decoder reads. */
const BLOCK_TYPES = ['tool_use', 'tool_result', 'text', 'thinking', 'redacted_thinking'];

/** A string that is not a block type's name. */
const OTHER_STRING = String.raw`"(?!(?:${BLOCK_TYPES.join('|')})")[^"\\]*(?:\\[^][^"\\]*)*"`;
/** One content element none of whose strings is a block type's name (8 levels deep at most), and its comma. */
const PASSED_OVER = new RegExp(String.raw`(?:(?:[^"[\]{},]|${OTHER_STRING}|[{[]${contents(8, OTHER_STRING)}[}\]])+,)*`, 'y');

/** How a value is read when it is too long to parse. */
interface Shape {
  /** An object: the shapes of its keys' values. */
  readonly keys?: ReadonlyMap<string, Shape>;
  /** An object: the shape of any key's value. */
  readonly anyKey?: Shape;
  /** An array: the shape of its elements, read one by one. */
  readonly elements?: Shape;
  /** A string: its start is kept. */
  readonly prefix?: boolean;
}

const TEXT: Shape = { prefix: true };
/** A tool call's input: its key input (a command, a path) is a string in it. */
const INPUT: Shape = { anyKey: TEXT };
const BLOCK: Shape = {
  keys: new Map([
    ['input', INPUT],
    ['text', TEXT],
  ]),
};
/** A user record's content is a string or blocks; an assistant record's, blocks. */
const CONTENT: Shape = { prefix: true, elements: BLOCK };
const MESSAGE: Shape = { keys: new Map([['content', CONTENT]]) };
const RECORD: Shape = { keys: new Map([['message', MESSAGE]]) };

/** A value left out. */
const DROPPED = Symbol('dropped');

interface Read {
  readonly value: unknown;
  readonly end: number;
}

export interface Skimmed {
  readonly value: unknown;
  /** What was not read of it, when something the decoder may read was not. */
  readonly cut: string | undefined;
}

const isBlock = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string' &&
  BLOCK_TYPES.includes((value as { type: string }).type);

/** Set `key` as JSON.parse does: an own data property, whatever its name. */
function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

class Skim {
  cut: string | undefined;

  constructor(private readonly line: string) {}

  value(at: number, shape: Shape | undefined): Read | undefined {
    const { line } = this;
    const char = line.charCodeAt(at);
    if (char === OPEN_BRACE && (shape?.keys || shape?.anyKey)) return this.object(at, shape);
    if (char === OPEN_BRACKET && shape?.elements) return this.array(at, shape.elements);
    const end = valueEnd(line, at);
    if (end < 0) return undefined;
    if (end - at <= SMALL) {
      try {
        return { value: JSON.parse(line.slice(at, end)) as unknown, end };
      } catch {
        return undefined;
      }
    }
    if (char === QUOTE && shape?.prefix) return { value: this.prefix(at, end), end };
    return { value: DROPPED, end };
  }

  /** The start of the long string from `start` to `end`. */
  private prefix(start: number, end: number): string {
    let raw = this.line.slice(start + 1, Math.min(end - 1, start + 1 + PREFIX));
    // Cut inside an escape (`\`, `\u12`): a few characters less.
    for (let tries = 0; tries < 6 && raw !== ''; tries++) {
      try {
        return JSON.parse(`"${raw}"`) as string;
      } catch {
        raw = raw.slice(0, -1);
      }
    }
    return '';
  }

  private object(at: number, shape: Shape): Read | undefined {
    const { line } = this;
    const result = {};
    let index = skipSpace(line, at + 1);
    if (line.charCodeAt(index) === CLOSE_BRACE) return { value: result, end: index + 1 };
    for (let keys = 0; ; keys++) {
      if (keys === KEYS_READ) return this.rest(index, `an object of more than ${KEYS_READ} keys`, result);
      if (line.charCodeAt(index) !== QUOTE) return undefined;
      const keyEnd = stringEnd(line, index);
      if (keyEnd < 0) return undefined;
      const key = keyEnd - index <= SMALL ? stringValue(line, index, keyEnd) : undefined;
      index = skipSpace(line, keyEnd);
      if (line.charCodeAt(index) !== COLON) return undefined;
      const child = this.value(skipSpace(line, index + 1), key === undefined ? undefined : (shape.keys?.get(key) ?? shape.anyKey));
      if (!child) return undefined;
      if (key !== undefined && child.value !== DROPPED) define(result, key, child.value);
      index = skipSpace(line, child.end);
      const char = line.charCodeAt(index);
      if (char === CLOSE_BRACE) return { value: result, end: index + 1 };
      if (char !== COMMA) return undefined;
      index = skipSpace(line, index + 1);
    }
  }

  private array(at: number, shape: Shape): Read | undefined {
    const { line } = this;
    const result: unknown[] = [];
    let index = skipSpace(line, at + 1);
    if (line.charCodeAt(index) === CLOSE_BRACKET) return { value: result, end: index + 1 };
    for (let read = 0; ; read++) {
      // A run of elements that cannot be blocks, a window at a time.
      for (let taken = matchedIn(PASSED_OVER, line, index); taken > 0; taken = matchedIn(PASSED_OVER, line, index)) index += taken;
      index = skipSpace(line, index);
      if (read === ELEMENTS_READ) return this.rest(index, `more than ${ELEMENTS_READ} content blocks`, result);
      const child = this.value(index, shape);
      if (!child) return undefined;
      if (isBlock(child.value)) result.push(child.value);
      index = skipSpace(line, child.end);
      const char = line.charCodeAt(index);
      if (char === CLOSE_BRACKET) return { value: result, end: index + 1 };
      if (char !== COMMA) return undefined;
      index = skipSpace(line, index + 1);
    }
  }

  /** What was read of an object or array, the rest (from `at`, one level in) stepped over. */
  private rest(at: number, what: string, value: unknown): Read | undefined {
    const end = closeEnd(this.line, at, 1);
    if (end < 0) return undefined;
    this.cut ??= `${what}: the rest was not read`;
    return { value, end };
  }
}

export function skimRecord(line: string): Skimmed | undefined {
  const at = skipSpace(line, 0);
  if (line.charCodeAt(at) !== OPEN_BRACE) return undefined;
  const skim = new Skim(line);
  const read = skim.value(at, RECORD);
  if (!read || skipSpace(line, read.end) !== line.length) return undefined;
  return { value: read.value, cut: skim.cut };
}

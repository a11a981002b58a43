/**
 * A transcript line too long to parse whole (JSON.parse of a 15 MB line held the main thread for seconds), walked
 * only where the decoder reads; the rest is stepped over (docs/internals/core.md). The result is what JSON.parse
 * would give, less what was left out; keys are set as JSON.parse sets them (an own `__proto__` stays a field).
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

/** `JSON.parse` of a megabyte of the densest JSON costs 0.2 s. */
export const SKIM_OVER = 1024 * 1024;
const SMALL = 16 * 1024;
/** Kept of a longer string the decoder reads the start of: pane lines are 240. */
const PREFIX = 16 * 1024;
/** A record has a few dozen keys, a response a few dozen blocks. */
const KEYS_READ = 256;
const ELEMENTS_READ = 4096;

const BLOCK_TYPES = ['tool_use', 'tool_result', 'text', 'thinking', 'redacted_thinking'];

const OTHER_STRING = String.raw`"(?!(?:${BLOCK_TYPES.join('|')})")[^"\\]*(?:\\[^][^"\\]*)*"`;
/** One content element none of whose strings is a block type's name (8 levels deep at most), and its comma. */
const PASSED_OVER = new RegExp(String.raw`(?:(?:[^"[\]{},]|${OTHER_STRING}|[{[]${contents(8, OTHER_STRING)}[}\]])+,)*`, 'y');

interface Shape {
  readonly keys?: ReadonlyMap<string, Shape>;
  readonly anyKey?: Shape;
  readonly elements?: Shape;
  readonly prefix?: boolean;
}

const TEXT: Shape = { prefix: true };
const INPUT: Shape = { anyKey: TEXT };
const BLOCK: Shape = {
  keys: new Map([
    ['input', INPUT],
    ['text', TEXT],
  ]),
};
/** A user record's content is a string or blocks. */
const CONTENT: Shape = { prefix: true, elements: BLOCK };
const MESSAGE: Shape = { keys: new Map([['content', CONTENT]]) };
const RECORD: Shape = { keys: new Map([['message', MESSAGE]]) };

const DROPPED = Symbol('dropped');

interface Read {
  readonly value: unknown;
  readonly end: number;
}

export interface Skimmed {
  readonly value: unknown;
  /** What was not read, when something the decoder may read was not. */
  readonly cut: string | undefined;
}

const isBlock = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string' &&
  BLOCK_TYPES.includes((value as { type: string }).type);

/** As JSON.parse does: an own data property, whatever its name. */
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

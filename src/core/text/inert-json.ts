/**
 * `JSON.stringify` escapes the C0 controls but not DEL, the C1 controls (in VS Code's terminal one retitles the
 * window), U+2028/2029 or the bidi overrides. Escaped, the text parses to exactly the same values.
 */
const UNSAFE_IN_JSON = /[\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu;

const escape = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** They can only stand inside a JSON string, so JSON already written (a journal line) can be made inert after the fact. */
export const inertJsonText = (json: string): string => json.replace(UNSAFE_IN_JSON, escape);

export const inertJson = (value: unknown, indent?: number): string => inertJsonText(JSON.stringify(value, null, indent));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';

/** Lists longer than this are written a run of elements at a time; anything smaller goes through JSON.stringify whole. */
const LONG_LIST = 256;

const PIECE = 64 * 1024;

const RUN = 64;

/** Whether `value` holds a long list within a few levels (a document's teams' messages): written in pieces. */
const holdsLongList = (value: unknown, depth = 0): boolean =>
  depth < 4 &&
  (Array.isArray(value)
    ? value.length > LONG_LIST || value.some((item) => holdsLongList(item, depth + 1))
    : isRecord(value) && Object.values(value).some((field) => holdsLongList(field, depth + 1)));

/**
 * `inertJson(value, 2)` and a newline, in pieces of about a pipe's buffer: the state at the end of a recording of a
 * million entries is too long a string for V8 to make. What holds no long list is written whole by JSON.stringify.
 */
export function* inertJsonPieces(value: unknown): Generator<string> {
  let pending: string[] = [];
  let size = 0;
  const put = (text: string): void => {
    pending.push(text);
    size += text.length;
  };
  const take = (): string => {
    const text = inertJsonText(pending.join(''));
    pending = [];
    size = 0;
    return text;
  };
  // JSON has no raw newline in a string: indenting after each one indents the lines.
  const whole = (item: unknown, indent: string): void => put((JSON.stringify(item, null, 2) ?? 'null').replaceAll('\n', `\n${indent}`));
  function* piece(item: unknown, indent: string, depth: number): Generator<string> {
    const inner = `${indent}  `;
    const field = (child: unknown): Generator<string> | undefined => {
      if (holdsLongList(child, depth + 1)) return piece(child, inner, depth + 1);
      whole(child, inner);
      return undefined;
    };
    if (Array.isArray(item)) {
      put('[\n');
      // Elements that hold no long list go through JSON.stringify a run at a time, not one call each.
      let run: unknown[] = [];
      const writeRun = (more: boolean): void => {
        if (run.length === 0) return;
        const text = JSON.stringify(run, null, 2);
        put(`${indent}${text.slice(2, -2).replaceAll('\n', `\n${indent}`)}${more ? ',\n' : '\n'}`);
        run = [];
      };
      for (let i = 0; i < item.length; i++) {
        const element: unknown = item[i];
        if (!holdsLongList(element, depth + 1)) {
          run.push(element);
          if (run.length < RUN || i === item.length - 1) continue;
          writeRun(i < item.length - 1);
        } else {
          writeRun(true);
          put(inner);
          yield* piece(element, inner, depth + 1);
          put(i < item.length - 1 ? ',\n' : '\n');
        }
        if (size >= PIECE) yield take();
      }
      writeRun(false);
      put(`${indent}]`);
      return;
    }
    const entries = Object.entries(item as Record<string, unknown>).filter(
      ([, child]) => child !== undefined && typeof child !== 'function',
    );
    put('{\n');
    for (let i = 0; i < entries.length; i++) {
      const [key, child] = entries[i]!;
      put(`${inner}${JSON.stringify(key)}: `);
      const deeper = field(child);
      if (deeper) yield* deeper;
      put(i < entries.length - 1 ? ',\n' : '\n');
      if (size >= PIECE) yield take();
    }
    put(`${indent}}`);
  }
  if (holdsLongList(value)) yield* piece(value, '', 0);
  else whole(value, '');
  put('\n');
  yield take();
}

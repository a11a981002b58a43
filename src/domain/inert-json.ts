/**
 * JSON that a terminal shows inertly. `JSON.stringify` escapes the C0 controls
 * but not DEL, the C1 controls (8-bit CSI and OSC among them: printed in a VS
 * Code terminal, one retitles the window or clears the screen), the line and
 * paragraph separators or the bidirectional overrides. Escaped, the text still
 * parses to exactly the same values.
 */
const UNSAFE_IN_JSON = /[\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu;

const escape = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Escape what a terminal could act on in JSON text. The characters matched can
 * only stand inside a JSON string (anywhere else the text is not JSON), so JSON
 * already written, a journal line say, can be made inert after the fact.
 */
export const inertJsonText = (json: string): string => json.replace(UNSAFE_IN_JSON, escape);

/** `JSON.stringify`, inert. */
export const inertJson = (value: unknown, indent?: number): string => inertJsonText(JSON.stringify(value, null, indent));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';

/**
 * `inertJson(value, 2)`, handed to `write` a piece at a time: the state at the
 * end of a recording of a million entries would be a string too long to make
 * (V8 stops at about 500 MB) long before it was too big to hold.
 */
export function writeInertJson(value: unknown, write: (text: string) => void): void {
  let pending: string[] = [];
  let size = 0;
  const put = (text: string) => {
    pending.push(text);
    size += text.length;
    if (size >= 1 << 20) flush();
  };
  const flush = () => {
    if (pending.length > 0) write(inertJsonText(pending.join('')));
    pending = [];
    size = 0;
  };
  const piece = (item: unknown, indent: string): void => {
    const inner = `${indent}  `;
    if (Array.isArray(item) && item.length > 0) {
      put('[\n');
      item.forEach((element, i) => {
        put(inner);
        piece(element === undefined || typeof element === 'function' ? null : element, inner);
        put(i < item.length - 1 ? ',\n' : '\n');
      });
      put(`${indent}]`);
      return;
    }
    const entries = isRecord(item) ? Object.entries(item).filter(([, field]) => field !== undefined && typeof field !== 'function') : [];
    if (entries.length === 0) {
      put(JSON.stringify(item) ?? 'null');
      return;
    }
    put('{\n');
    entries.forEach(([key, field], i) => {
      put(`${inner}${JSON.stringify(key)}: `);
      piece(field, inner);
      put(i < entries.length - 1 ? ',\n' : '\n');
    });
    put(`${indent}}`);
  };
  piece(value, '');
  put('\n');
  flush();
}

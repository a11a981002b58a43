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

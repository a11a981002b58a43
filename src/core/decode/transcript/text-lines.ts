/**
 * The one line a pane shows of a transcript's text: a tool call's key input,
 * the first line of what a model wrote, who mail came from.
 *
 *   firstLine(text, max?): string | null          the first line with something on it, cut and sanitised
 *   toolDetail(name, input): string | null        a tool call's key input on one line
 *   teammateMessages(text): TeammateMessage[]     the <teammate-message> elements of a user record's text
 *   protocolMessage(body): ProtocolMessage | undefined   the protocol message a body holds, if any
 *   mailLine(message): string | null              what a step shows of one: its summary, protocol message or first line
 *   takenMail(message, at, spawn?, nth?): TakenMail   one as its inbox held it (the client's instructions left out)
 *   spawnedBy(tool, input)                         the teammate a lead's `Agent` call spawns, and its prompt's first line
 *
 * Everything returned is cut before it is sanitised (sanitising measures what
 * it is given) and then sanitised as all text from disk: no control character
 * or escape sequence from a transcript reaches the terminal.
 */
import { decodeText, renderProtocol } from '../protocol.js';
import { sanitizeLine } from '../../text/sanitize.js';
import type { ProtocolMessage } from '../../model/schemas.js';
import type { TakenMail } from '../../model/transcript-facts.js';

/** What a line keeps: wider than any pane, short enough to cost nothing to keep. */
export const LINE_MAX = 240;
const ELLIPSIS = '…';
/** A spawn prompt's first line is read in the member's details, where there is room. */
export const SPAWN_PROMPT_MAX = 1000;
/** A tool's or a sender's name, as shown. */
export const NAME_MAX = 80;

/** The first line of `text` with something on it, cut to `max` characters and sanitised; null when there is none. */
export function firstLine(text: string, max = LINE_MAX): string | null {
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    // A CRLF line's CR is its end, not a character to show.
    const stop = end < 0 ? text.length : end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end;
    const line = sanitizeLine(text.slice(start, Math.min(stop, start + max)));
    if (line !== '') return stop - start > max ? `${line}${ELLIPSIS}` : line;
    start = (end < 0 ? text.length : end) + 1;
  }
  return null;
}

const stringAt = (input: Readonly<Record<string, unknown>>, key: string): string | undefined => {
  const value = Object.hasOwn(input, key) ? input[key] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
};

/**
 * The inputs that say what a call is about, most telling first, per tool. A
 * Map: a tool's name comes from the file (one named `constructor` or
 * `toString` is looked up as a name, never found on an object's prototype).
 */
const KEY_INPUTS: ReadonlyMap<string, readonly string[]> = new Map([
  ['Bash', ['command']],
  ['Read', ['file_path']],
  ['Write', ['file_path']],
  ['Edit', ['file_path']],
  ['MultiEdit', ['file_path']],
  ['NotebookEdit', ['notebook_path']],
  ['Glob', ['pattern']],
  ['Grep', ['pattern']],
  ['WebFetch', ['url']],
  ['WebSearch', ['query']],
  ['ToolSearch', ['query']],
  ['Agent', ['name', 'subagent_type', 'description']],
  ['Task', ['name', 'subagent_type', 'description']],
  ['TaskCreate', ['subject']],
  ['Skill', ['skill', 'command']],
  ['BashOutput', ['bash_id']],
  ['KillShell', ['shell_id']],
]);
/** A tool not listed (an MCP server's, a new one): the first of these it has. */
const USUAL_INPUTS = ['command', 'file_path', 'path', 'pattern', 'url', 'query', 'name', 'subject', 'description'];

/** `SendMessage`: to whom, and the protocol message's type when it sends one (`bob shutdown_response`). */
function recipient(input: Readonly<Record<string, unknown>>): string | undefined {
  const to = stringAt(input, 'to') ?? stringAt(input, 'recipient');
  if (to === undefined) return undefined;
  const message = input['message'];
  const type = message !== null && typeof message === 'object' ? (message as Record<string, unknown>)['type'] : undefined;
  return typeof type === 'string' ? `${to} ${type}` : to;
}

/** `TaskUpdate`, `TaskGet`: the task, and what changes (`#2 in_progress`). */
function taskChange(input: Readonly<Record<string, unknown>>): string | undefined {
  const id = input['taskId'];
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  const change = stringAt(input, 'status') ?? (stringAt(input, 'owner') === undefined ? undefined : `→ ${stringAt(input, 'owner')}`);
  return change === undefined ? `#${id}` : `#${id} ${change}`;
}

/** A tool call's key input on one line (null when it has none worth showing). */
export function toolDetail(name: string, input: Readonly<Record<string, unknown>>): string | null {
  let detail: string | undefined;
  if (name === 'SendMessage') detail = recipient(input);
  else if (name === 'TaskUpdate' || name === 'TaskGet') detail = taskChange(input);
  else for (const key of KEY_INPUTS.get(name) ?? USUAL_INPUTS) detail ??= stringAt(input, key);
  return detail === undefined ? null : firstLine(detail);
}

export interface TeammateMessage {
  readonly from: string;
  readonly summary: string | undefined;
  readonly color?: string | undefined;
  readonly body: string;
}

const TEAMMATE_MESSAGE = /<teammate-message\b([^>]*)>([\s\S]*?)<\/teammate-message>/gu;
const ATTRIBUTE = /\b(teammate_id|summary|color)="([^"]*)"/gu;

/** The mail in a user record's text, as the client hands it to the model. */
export function teammateMessages(text: string): TeammateMessage[] {
  const messages: TeammateMessage[] = [];
  if (!text.includes('<teammate-message')) return messages;
  for (const [, attributes = '', body = ''] of text.matchAll(TEAMMATE_MESSAGE)) {
    let from: string | undefined;
    let summary: string | undefined;
    let color: string | undefined;
    for (const [, name, value] of attributes.matchAll(ATTRIBUTE)) {
      if (name === 'teammate_id') from = value;
      else if (name === 'color') color = value;
      else summary = value;
    }
    if (from !== undefined) messages.push({ from, summary, color, body });
  }
  return messages;
}

/** The protocol message a body holds (a JSON object with a type on its first line); undefined for plain text. */
export function protocolMessage(body: string): ProtocolMessage | undefined {
  const start = body.search(/\S/u);
  if (start < 0 || body.charCodeAt(start) !== 0x7b) return undefined;
  const end = body.indexOf('\n', start);
  const decoded = decodeText(body.slice(start, end < 0 ? undefined : end));
  return decoded.data ?? undefined;
}

/**
 * A message as the model took it, as its inbox held it: the body between the
 * line breaks the client puts around it, and of a protocol message its JSON
 * line only (the client's instructions after it are its own words).
 */
export function takenMail(message: TeammateMessage, at: number, spawn = false, nth = 0): TakenMail {
  let text = message.body;
  if (text.startsWith('\n')) text = text.slice(1);
  if (text.endsWith('\n')) text = text.slice(0, -1);
  if (protocolMessage(text) !== undefined) {
    const start = text.search(/\S/u);
    const end = text.indexOf('\n', start);
    text = text.slice(start, end < 0 ? undefined : end);
  }
  return {
    from: message.from,
    summary: message.summary ?? null,
    color: message.color ?? null,
    text,
    at,
    ...(spawn ? { spawn } : {}),
    ...(nth > 0 ? { nth } : {}),
  };
}

/** What a step shows of a message: its summary, else its protocol message's one line, else its first line. */
export function mailLine(message: TeammateMessage): string | null {
  if (message.summary !== undefined && message.summary.trim() !== '') return firstLine(message.summary);
  const protocol = protocolMessage(message.body);
  return firstLine(protocol === undefined ? message.body : renderProtocol(protocol));
}

/** The teammate a lead's `Agent` call spawns: its name, and its prompt's first line (issue 25). */
export function spawnedBy(
  tool: string,
  input: Readonly<Record<string, unknown>>,
): { kind: 'spawned'; name: string; line: string } | undefined {
  const { name, prompt } = input;
  if (tool !== 'Agent' || typeof name !== 'string' || typeof prompt !== 'string') return undefined;
  const shown = firstLine(name, NAME_MAX);
  const line = firstLine(prompt, SPAWN_PROMPT_MAX);
  return shown === null || line === null ? undefined : { kind: 'spawned', name: shown, line };
}

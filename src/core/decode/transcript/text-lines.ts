/** The one line a pane shows of a transcript's text: cut, then sanitised (sanitising measures what it is given). */
import { decodeText, renderProtocol } from '../protocol.js';
import { sanitizeLine } from '../../text/sanitize.js';
import type { ProtocolMessage } from '../../model/schemas.js';

/** Wider than any pane, short enough to cost nothing to keep. */
export const LINE_MAX = 240;
const ELLIPSIS = '…';
/** Read in the member's details, where there is room. */
export const SPAWN_PROMPT_MAX = 1000;
export const NAME_MAX = 80;

/** Null when no line has something on it. */
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

/** Most telling first. A Map: a tool's name comes from the file, and `constructor` must not be found on a prototype. */
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

/** `bob shutdown_response`. */
function recipient(input: Readonly<Record<string, unknown>>): string | undefined {
  const to = stringAt(input, 'to') ?? stringAt(input, 'recipient');
  if (to === undefined) return undefined;
  const message = input['message'];
  const type = message !== null && typeof message === 'object' ? (message as Record<string, unknown>)['type'] : undefined;
  return typeof type === 'string' ? `${to} ${type}` : to;
}

/** `#2 in_progress`. */
function taskChange(input: Readonly<Record<string, unknown>>): string | undefined {
  const id = input['taskId'];
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  const change = stringAt(input, 'status') ?? (stringAt(input, 'owner') === undefined ? undefined : `→ ${stringAt(input, 'owner')}`);
  return change === undefined ? `#${id}` : `#${id} ${change}`;
}

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

/** As the client hands mail to the model. */
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

/** A JSON object with a type on the body's first line. */
export function protocolMessage(body: string): ProtocolMessage | undefined {
  const start = body.search(/\S/u);
  if (start < 0 || body.charCodeAt(start) !== 0x7b) return undefined;
  const end = body.indexOf('\n', start);
  const decoded = decodeText(body.slice(start, end < 0 ? undefined : end));
  return decoded.data ?? undefined;
}

/** Its summary, else its protocol message's one line, else its first line. */
export function mailLine(message: TeammateMessage): string | null {
  if (message.summary !== undefined && message.summary.trim() !== '') return firstLine(message.summary);
  const protocol = protocolMessage(message.body);
  return firstLine(protocol === undefined ? message.body : renderProtocol(protocol));
}

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

/** What a `TaskUpdate` call sets: the task, its status and owner (null: not set by it); undefined for any other call. */
export function taskUpdateOf(
  tool: string,
  input: Readonly<Record<string, unknown>>,
): { kind: 'task-update'; taskId: string; status: string | null; owner: string | null } | undefined {
  if (tool !== 'TaskUpdate') return undefined;
  const id = input['taskId'];
  const taskId = typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : typeof id === 'string' ? firstLine(id, NAME_MAX) : null;
  if (taskId === null) return undefined;
  const status = stringAt(input, 'status');
  const owner = stringAt(input, 'owner');
  return {
    kind: 'task-update',
    taskId,
    status: status === undefined ? null : firstLine(status, NAME_MAX),
    owner: owner === undefined ? null : firstLine(owner, NAME_MAX),
  };
}

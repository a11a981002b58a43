/**
 * From a file's bytes to typed values. A file that is empty or not valid JSON may
 * be a torn read of an in-place rewrite (`torn: true`: read it again); a file that
 * is JSON of the wrong shape is a real problem (`torn: false`).
 */
import { decodeInbox, type InboxMessage, type InboxParse } from './inbox.js';
import { describeIssue, InboxFileSchema, TaskSchema, TeamConfigSchema, type Task, type TeamConfig } from './schemas.js';

export type Parsed<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly torn: boolean; readonly message: string };

function parseJson(text: string): Parsed<unknown> {
  if (text.trim() === '') return { ok: false, torn: true, message: 'file is empty' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, torn: true, message: `not valid JSON (${(error as Error).message})` };
  }
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function parseConfig(text: string): Parsed<TeamConfig> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const config = TeamConfigSchema.safeParse(json.value);
  if (!config.success) return { ok: false, torn: false, message: `team config: ${describeIssue(config.error)}` };
  return { ok: true, value: config.data };
}

/**
 * A task's id is its file's name (`fileId`), whatever an `id` inside says: the
 * name is how Claude Code names the task, and how its deletion (the file going)
 * names it. Trusting the inside instead, two files could claim one id (the one
 * read last would win) and a removed file would leave its task behind.
 */
export function parseTask(text: string, fileId: string): Parsed<Task> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const value = typeof json.value === 'object' && json.value !== null && !Array.isArray(json.value)
    ? { ...json.value, id: fileId }
    : json.value;
  const task = TaskSchema.safeParse(value);
  if (!task.success) return { ok: false, torn: false, message: `task: ${describeIssue(task.error)}` };
  return { ok: true, value: task.data };
}

export function parseInbox(text: string, owner: string, known: ReadonlyMap<string, InboxMessage>): Parsed<InboxParse> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const elements = InboxFileSchema.safeParse(json.value);
  if (!elements.success) return { ok: false, torn: false, message: `inbox is not an array (found ${kindOf(json.value)})` };
  return { ok: true, value: decodeInbox(owner, elements.data, known) };
}

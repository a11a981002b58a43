/** Empty or invalid JSON may be a torn read of an in-place rewrite (`torn: true`: read again); the wrong shape is a problem. */
import { decodeInbox, type InboxMessage, type InboxParse } from '../model/inbox.js';
import type * as z from 'zod/mini';
import {
  AgentStatusSchema,
  describeIssue,
  InboxFileSchema,
  TaskSchema,
  TeamConfigSchema,
  type AgentStatus,
  type Task,
  type TeamConfig,
} from '../model/schemas.js';

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly torn: boolean; readonly message: string };

/** Not the parser's message: it quotes the text, and a file may hold anything, while a problem is shown and journaled. */
function notJson(text: string, error: Error): string {
  const position = /at position (\d+)/u.exec(error.message);
  const at = position ? Number(position[1]) : undefined;
  if (error.message.includes('end of JSON input') || (at !== undefined && at >= text.trimEnd().length))
    return 'not valid JSON (it ends too early)';
  if (at === undefined) return 'not valid JSON';
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return `not valid JSON (at line ${line}, column ${before.length - before.lastIndexOf('\n')})`;
}

function parseJson(text: string): Parsed<unknown> {
  if (text.trim() === '') return { ok: false, torn: true, message: 'file is empty' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, torn: true, message: notJson(text, error as Error) };
  }
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function parseAs<T>(
  text: string,
  schema: z.ZodMiniType<T>,
  what: string,
  prepare: (value: unknown) => unknown = (value) => value,
): Parsed<T> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const result = schema.safeParse(prepare(json.value));
  if (!result.success) return { ok: false, torn: false, message: `${what}: ${describeIssue(result.error)}` };
  return { ok: true, value: result.data };
}

export function parseConfig(text: string): Parsed<TeamConfig> {
  return parseAs(text, TeamConfigSchema, 'team config');
}

/**
 * The file's name is the task's id, whatever an `id` inside says: Claude Code deletes a task by deleting its file,
 * and trusting the inside, two files could claim one id and a removed file would leave its task behind.
 */
export function parseTask(text: string, fileId: string): Parsed<Task> {
  return parseAs(text, TaskSchema, 'task', (value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value, id: fileId } : value,
  );
}

export function parseAgentStatus(text: string): Parsed<AgentStatus> {
  return parseAs(text, AgentStatusSchema, 'agent status');
}

export function parseInboxElements(text: string): Parsed<readonly unknown[]> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const elements = InboxFileSchema.safeParse(json.value);
  if (!elements.success) return { ok: false, torn: false, message: `inbox is not an array (found ${kindOf(json.value)})` };
  return { ok: true, value: elements.data };
}

/** `seenAt`: NaN when the read is no sign of when the new messages came. */
export function parseInbox(text: string, owner: string, known: ReadonlyMap<string, InboxMessage>, seenAt = Number.NaN): Parsed<InboxParse> {
  const elements = parseInboxElements(text);
  return elements.ok ? { ok: true, value: decodeInbox(owner, elements.value, known, 0, seenAt) } : elements;
}

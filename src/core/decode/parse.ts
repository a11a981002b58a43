/**
 * From a file's bytes to typed values. A file that is empty or not valid JSON may
 * be a torn read of an in-place rewrite (`torn: true`: read it again); a file that
 * is JSON of the wrong shape is a real problem (`torn: false`).
 */
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

/**
 * Where the text stops being JSON. Not the parser's message: it quotes the
 * text, and a file may hold anything (a key a link led to); what a problem
 * says is shown, and recorded in the journal.
 */
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

/** JSON text checked against a schema; a mismatch is a real problem named by `what`, not a torn read. */
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
 * A task's id is its file's name (`fileId`), whatever an `id` inside says: the
 * name is how Claude Code names the task, and how its deletion (the file going)
 * names it. Trusting the inside instead, two files could claim one id (the one
 * read last would win) and a removed file would leave its task behind.
 */
export function parseTask(text: string, fileId: string): Parsed<Task> {
  return parseAs(text, TaskSchema, 'task', (value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value, id: fileId } : value,
  );
}

/** `tasks/<team>/<member>/task-status.json`. */
export function parseAgentStatus(text: string): Parsed<AgentStatus> {
  return parseAs(text, AgentStatusSchema, 'agent status');
}

/** An inbox file's elements, not yet decoded. */
export function parseInboxElements(text: string): Parsed<readonly unknown[]> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const elements = InboxFileSchema.safeParse(json.value);
  if (!elements.success) return { ok: false, torn: false, message: `inbox is not an array (found ${kindOf(json.value)})` };
  return { ok: true, value: elements.data };
}

/** `seenAt`: when the messages new to this read were first seen (NaN when the read is no sign of when they came). */
export function parseInbox(text: string, owner: string, known: ReadonlyMap<string, InboxMessage>, seenAt = Number.NaN): Parsed<InboxParse> {
  const elements = parseInboxElements(text);
  return elements.ok ? { ok: true, value: decodeInbox(owner, elements.value, known, 0, seenAt) } : elements;
}

/**
 * Schemas for every file teamtop reads. Claude Code changes them without notice, so unknown keys pass, only what
 * identifies a record is required, and a cosmetic field of the wrong type is dropped rather than failing the file.
 */
import en from 'zod/v4/locales/en.js';
import * as z from 'zod/mini';

// zod/mini: a bundler leaves out what is unused, so start-up compiles less. English messages: the problems line quotes them.
z.config(en());

/** Dropped, not fatal, when it has the wrong type. */
export const lenient = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

export const idSchema = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

const instantSchema = z.union([z.number(), z.string()]);

export const MemberSchema = z.looseObject({
  name: z.string().check(z.minLength(1)),
  agentId: lenient(z.string()),
  agentType: lenient(z.string()),
  model: lenient(z.string()),
  color: lenient(z.string()),
  backendType: lenient(z.string()),
  tmuxPaneId: lenient(z.string()),
  cwd: lenient(z.string()),
  prompt: lenient(z.string()),
  joinedAt: lenient(instantSchema),
  planModeRequired: lenient(z.boolean()),
  isActive: lenient(z.boolean()),
  spawnedAt: lenient(instantSchema),
  shutdownAt: lenient(instantSchema),
  metadata: lenient(z.record(z.string(), z.unknown())),
});
export type Member = z.infer<typeof MemberSchema>;

export const TeamConfigSchema = z.looseObject({
  name: lenient(z.string()),
  description: lenient(z.string()),
  createdAt: lenient(instantSchema),
  leadAgentId: lenient(z.string()),
  leadSessionId: lenient(z.string()),
  members: z.array(MemberSchema),
  schemaVersion: lenient(z.union([z.string(), z.number()])),
  metadata: lenient(z.looseObject({ budget_tokens: lenient(z.number()) })),
});
export type TeamConfig = z.infer<typeof TeamConfigSchema>;

export const InboxEntrySchema = z.looseObject({
  from: z.string(),
  text: z.string(),
  summary: lenient(z.string()),
  timestamp: lenient(instantSchema),
  color: lenient(z.string()),
  read: lenient(z.boolean()),
  msgV: lenient(z.number()),
  msg_id: lenient(z.string()),
  /** The API-spec layout's `msg_id`. */
  messageId: lenient(z.string()),
  /** `message` (newer Claude Code: plain) or the message's kind (`system_init`, `shutdown_request`…). */
  type: lenient(z.string()),
  metadata: lenient(z.record(z.string(), z.unknown())),
  /** The lead's ed25519 signature on its messages to tmux teammates. */
  lead_sig: lenient(z.string()),
});
export type InboxEntry = z.infer<typeof InboxEntrySchema>;

const isString = (value: unknown): boolean => typeof value === 'string';
const isNumber = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What each field's schema takes: an entry whose fields all fit is what the schema gives back unchanged (a test holds it). */
export const INBOX_ENTRY_FIELDS: Readonly<Record<keyof (typeof InboxEntrySchema)['shape'], (value: unknown) => boolean>> = {
  from: isString,
  text: isString,
  summary: isString,
  timestamp: (value) => isString(value) || isNumber(value),
  color: isString,
  read: (value) => typeof value === 'boolean',
  msgV: isNumber,
  msg_id: isString,
  messageId: isString,
  type: isString,
  // One with its own `__proto__` key the schema gives back without it.
  metadata: (value) => isObject(value) && Object.getPrototypeOf(value) === Object.prototype && !Object.hasOwn(value, '__proto__'),
  lead_sig: isString,
};
const ENTRY_CHECKS = Object.entries(INBOX_ENTRY_FIELDS);

/**
 * An element `InboxEntrySchema` would take as it is, told without it: a long run's journal holds hundreds of
 * thousands of messages, and the schema cost ten times the rest of reading one. Anything else goes through it.
 */
export function isPlainInboxEntry(element: unknown): element is InboxEntry {
  if (!isObject(element) || !Object.hasOwn(element, 'from') || !Object.hasOwn(element, 'text') || Object.hasOwn(element, '__proto__'))
    return false;
  for (const [field, fits] of ENTRY_CHECKS) {
    const value = element[field];
    if (value !== undefined && !fits(value)) return false;
  }
  return true;
}

export const InboxFileSchema = z.array(z.unknown());

export const TaskSchema = z.looseObject({
  id: idSchema,
  subject: lenient(z.string()),
  description: lenient(z.string()),
  activeForm: lenient(z.string()),
  status: lenient(z.string()),
  owner: lenient(z.string()),
  blocks: z.catch(z.array(idSchema), []),
  blockedBy: z.catch(z.array(idSchema), []),
  metadata: lenient(z.looseObject({ _internal: lenient(z.boolean()) })),
});
export type Task = z.infer<typeof TaskSchema>;

const metric = lenient(z.number());

/** `tasks/<team>/<member>/task-status.json`, written by API-spec team runners. */
export const AgentStatusSchema = z.looseObject({
  agentId: lenient(z.string()),
  status: z.string(),
  startedAt: lenient(instantSchema),
  lastActiveAt: lenient(instantSchema),
  completedAt: lenient(instantSchema),
  errorMessage: lenient(z.string()),
  metrics: lenient(
    z.looseObject({
      tokens_used: metric,
      tasks_completed: metric,
      avg_response_time: metric,
    }),
  ),
});
export type AgentStatus = z.infer<typeof AgentStatusSchema>;

export interface ProtocolMessage {
  readonly type: string;
  readonly [field: string]: unknown;
}

export function describeIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'does not fit the expected shape';
  const where = issue.path.length > 0 ? issue.path.join('.') : 'value';
  const message = issue.message.replace(/^Invalid input: /u, '');
  return `${where}: ${message.endsWith('received undefined') ? 'missing' : message}`;
}

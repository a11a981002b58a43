/**
 * Protocol messages: JSON objects encoded as a string inside an inbox entry's
 * `text`. This module decodes them and gives each type a one-line human rendering
 * with its key facts. Unknown types are rendered generically, never dropped.
 */
import * as z from 'zod/mini';
import { idSchema, lenient, ProtocolEnvelopeSchema, type ProtocolMessage } from './schemas.js';

const text = lenient(z.string());
const flag = lenient(z.boolean());

const IdleNotificationSchema = z.looseObject({
  idleReason: text,
  summary: text,
  /** 2.1.330: the last text of the turn, often the answer the lead waits for. */
  result: text,
  completedTaskId: lenient(idSchema),
  completedStatus: text,
  failureReason: text,
});
const ReasonSchema = z.looseObject({ reason: text, content: text });
const ShutdownResponseSchema = z.looseObject({ approve: flag, approved: flag, content: text, reason: text });
const PermissionRequestSchema = z.looseObject({ tool_name: text, toolName: text, description: text });
const PermissionResponseSchema = z.looseObject({
  approve: flag,
  approved: flag,
  subtype: text,
  error: text,
  response: lenient(z.looseObject({ behavior: text, message: text })),
  /** 2.1.330 (tmux teammates): what exactly was granted. */
  approved_request: lenient(z.looseObject({ tool_name: text })),
});
const VerdictSchema = z.extend(PermissionResponseSchema, { allow: flag });
const PlanRequestSchema = z.looseObject({ plan: text, planContent: text, summary: text, planFilePath: text });
const PlanResponseSchema = z.looseObject({ approve: flag, approved: flag, feedback: text, permissionMode: text });
const TaskAssignmentSchema = z.looseObject({ taskId: lenient(idSchema), subject: text, assignedBy: text });
const SandboxRequestSchema = z.looseObject({ host: text, workerName: text });
const SandboxResponseSchema = z.looseObject({ host: text, allow: flag, approve: flag, approved: flag });
const ModeSetSchema = z.looseObject({ mode: text });
const JoinRequestSchema = z.looseObject({ proposedName: text, capabilities: text });
const JoinApprovedSchema = z.looseObject({ agentName: text });
const PermissionUpdateSchema = z.looseObject({ toolName: text, tool_name: text });

/** Decoded `text` of an inbox entry. */
export type DecodedText = { readonly kind: 'text'; readonly data: null } | { readonly kind: string; readonly data: ProtocolMessage };

/** How deep protocol data is kept: levels of objects and arrays, the message itself being the first. */
const MAX_DATA_DEPTH = 16;
/** What stands in for a value nested deeper than that. */
const CUT_MARK = '…';

/**
 * `value` with objects and arrays nested deeper than `levels` replaced by
 * `CUT_MARK`; the same object when nothing was cut. JSON.parse takes nesting
 * far deeper than JSON.stringify or any recursive walk can (`[[[…]]]` 100,000
 * deep is a 200 kB text): cut here, once, nothing downstream has to care. The
 * walk goes no deeper than `levels`, so it cannot overflow either.
 */
export function boundDepth(value: unknown, levels = MAX_DATA_DEPTH): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (levels <= 0) return CUT_MARK;
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    const bounded = items.map((item) => boundDepth(item, levels - 1));
    return bounded.every((item, i) => item === items[i]) ? value : bounded;
  }
  const entries = Object.entries(value);
  const bounded = entries.map(([key, item]) => [key, boundDepth(item, levels - 1)] as const);
  // fromEntries defines keys as own properties: a `__proto__` key stays a key.
  return bounded.every(([, item], i) => item === entries[i]![1]) ? value : Object.fromEntries(bounded);
}

/**
 * If the text is a JSON object with a string `type`, it is a protocol message;
 * anything else, including `{not json}` and JSON without a type, is plain text.
 * Its data is kept to `MAX_DATA_DEPTH` levels (see boundDepth).
 */
export function decodeText(raw: string): DecodedText {
  if (!raw.trimStart().startsWith('{')) return { kind: 'text', data: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { kind: 'text', data: null };
  }
  const envelope = ProtocolEnvelopeSchema.safeParse(boundDepth(parsed));
  if (!envelope.success) return { kind: 'text', data: null };
  return { kind: envelope.data.type, data: envelope.data };
}

/** The request id a protocol message carries, in either casing. */
export function requestIdOf(data: ProtocolMessage): string | undefined {
  const id = data['requestId'] ?? data['request_id'];
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/**
 * Whether a response says yes (true), no (false), or does not say (undefined).
 * Covers `approve`, `approved`, `allow`, the `subtype`/`response` form, and the
 * shutdown_approved / shutdown_rejected types.
 */
export function verdictOf(data: ProtocolMessage): boolean | undefined {
  if (data.type === 'shutdown_approved' || data.type === 'join_approved') return true;
  if (data.type === 'shutdown_rejected' || data.type === 'join_rejected') return false;
  const answer = VerdictSchema.parse(data);
  const explicit = answer.approve ?? answer.approved ?? answer.allow;
  if (explicit !== undefined) return explicit;
  if (answer.subtype === 'error') return false;
  if (answer.response?.behavior === 'deny') return false;
  if (answer.subtype === 'success') return true;
  return undefined;
}

/** First non-empty line of a (markdown) plan. */
export function firstLine(value: string | undefined): string {
  if (!value) return '';
  for (const line of value.split(/\r?\n/u)) {
    const trimmed = line.trim();
    if (trimmed) return trimmed;
  }
  return '';
}

const withDetail = (head: string, detail: string | undefined): string => (detail ? `${head}: ${detail}` : head);

/** Characters of a long text (an idle notification's result) a one-line rendering keeps: more than a line shows. */
const MAX_LINE_TEXT = 400;

/** A text on one line: its whitespace runs made one space, cut where no line reaches. */
function oneLine(value: string): string {
  const line = value
    .slice(0, MAX_LINE_TEXT + 1)
    .replace(/\s+/gu, ' ')
    .trim();
  return line.length > MAX_LINE_TEXT ? `${line.slice(0, MAX_LINE_TEXT - 1)}…` : line;
}

const answered = (subject: string, verdict: boolean | undefined, yes: string, no: string): string =>
  verdict === undefined ? `${subject} answered` : `${subject} ${verdict ? yes : no}`;

type Renderer = (data: ProtocolMessage) => string;

const renderers: Readonly<Record<string, Renderer>> = {
  idle_notification(data) {
    const idle = IdleNotificationSchema.parse(data);
    let line = idle.idleReason ? `idle (${idle.idleReason})` : 'idle';
    if (idle.failureReason) line += `: ${idle.failureReason}`;
    if (idle.completedTaskId !== undefined) {
      const status = idle.completedStatus && idle.completedStatus !== 'completed' ? ` (${idle.completedStatus})` : '';
      line += ` · finished #${idle.completedTaskId}${status}`;
    }
    // What the turn ended with: its summary, else its last words.
    const said = idle.summary ?? (idle.result === undefined ? undefined : oneLine(idle.result));
    if (said) line += ` · ${said}`;
    return line;
  },
  shutdown_request: (data) => withDetail('shutdown requested', ReasonSchema.parse(data).reason),
  shutdown_approved: () => 'shutdown approved',
  shutdown_rejected: (data) => withDetail('shutdown rejected', ReasonSchema.parse(data).reason),
  shutdown_response(data) {
    const response = ShutdownResponseSchema.parse(data);
    return withDetail(answered('shutdown', verdictOf(data), 'approved', 'rejected'), response.content ?? response.reason);
  },
  permission_request(data) {
    const request = PermissionRequestSchema.parse(data);
    const tool = request.tool_name ?? request.toolName ?? 'a tool';
    return request.description ? `permission request: ${tool} — ${request.description}` : `permission request: ${tool}`;
  },
  permission_response(data) {
    const response = PermissionResponseSchema.parse(data);
    const tool = response.approved_request?.tool_name;
    return withDetail(
      `${answered('permission', verdictOf(data), 'granted', 'denied')}${tool ? ` (${tool})` : ''}`,
      response.error ?? response.response?.message,
    );
  },
  plan_approval_request(data) {
    const request = PlanRequestSchema.parse(data);
    return withDetail('plan approval requested', firstLine(request.plan ?? request.planContent) || request.summary || request.planFilePath);
  },
  plan_approval_response(data) {
    const response = PlanResponseSchema.parse(data);
    const head = answered('plan', verdictOf(data), 'approved', 'rejected');
    const mode = response.permissionMode ? ` (mode ${response.permissionMode})` : '';
    return withDetail(head + mode, response.feedback);
  },
  task_assignment(data) {
    const task = TaskAssignmentSchema.parse(data);
    const id = task.taskId === undefined ? 'task' : `task #${task.taskId}`;
    const by = task.assignedBy ? ` (by ${task.assignedBy})` : '';
    return withDetail(`${id} assigned${by}`, task.subject);
  },
  sandbox_permission_request(data) {
    const request = SandboxRequestSchema.parse(data);
    return withDetail('sandbox permission request', request.host);
  },
  sandbox_permission_response(data) {
    const response = SandboxResponseSchema.parse(data);
    return withDetail(answered('sandbox access', verdictOf(data), 'allowed', 'denied'), response.host);
  },
  mode_set_request: (data) => withDetail('mode change requested', ModeSetSchema.parse(data).mode),
  join_request(data) {
    const request = JoinRequestSchema.parse(data);
    const who = request.proposedName ? `join request from ${request.proposedName}` : 'join request';
    return withDetail(who, request.capabilities);
  },
  join_approved: (data) => withDetail('join approved', JoinApprovedSchema.parse(data).agentName),
  join_rejected: (data) => withDetail('join rejected', ReasonSchema.parse(data).reason),
  join_response(data) {
    return withDetail(answered('join', verdictOf(data), 'approved', 'rejected'), ReasonSchema.parse(data).reason);
  },
  team_permission_update(data) {
    const update = PermissionUpdateSchema.parse(data);
    return withDetail('team permission update', update.toolName ?? update.tool_name);
  },
};

const MAX_FIELD = 60;

function describeValue(value: unknown): string {
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  return shown.length > MAX_FIELD ? `${shown.slice(0, MAX_FIELD - 1)}…` : shown;
}

/** An unknown type: its name and its fields, so nothing new is ever hidden. */
function renderUnknown(data: ProtocolMessage): string {
  const fields = Object.entries(data)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => `${key}=${describeValue(value)}`);
  return fields.length > 0 ? `${data.type}: ${fields.join(' ')}` : data.type;
}

/** One-line rendering of a protocol message. */
export function renderProtocol(data: ProtocolMessage): string {
  const render = Object.hasOwn(renderers, data.type) ? renderers[data.type] : undefined;
  return render ? render(data) : renderUnknown(data);
}

/** Every protocol type with a dedicated rendering. */
export const KNOWN_PROTOCOL_TYPES: readonly string[] = Object.keys(renderers);

/** Protocol messages (JSON inside an inbox entry's `text`): decoded, and each type rendered on one line; unknown types too. */
import type { ProtocolMessage } from '../model/schemas.js';

// Read leniently and by hand: a field of the wrong type is as good as absent, and a lenient schema per type cost more
// than the rest of decoding every message a long run restores.
type Fields = Readonly<Record<string, unknown>>;
const text = (data: Fields, key: string): string | undefined => {
  const value = data[key];
  return typeof value === 'string' ? value : undefined;
};
const flag = (data: Fields, key: string): boolean | undefined => {
  const value = data[key];
  return typeof value === 'boolean' ? value : undefined;
};
const id = (data: Fields, key: string): string | undefined => {
  const value = data[key];
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? String(value) : undefined;
};
const fields = (data: Fields, key: string): Fields | undefined => {
  const value = data[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : undefined;
};
const anyFlag = (data: Fields, ...keys: string[]): boolean | undefined => {
  for (const key of keys) {
    const value = flag(data, key);
    if (value !== undefined) return value;
  }
  return undefined;
};

export type DecodedText = { readonly kind: 'text'; readonly data: null } | { readonly kind: string; readonly data: ProtocolMessage };

/** Levels of objects and arrays kept, the message itself being the first. */
const MAX_DATA_DEPTH = 16;
const CUT_MARK = '…';

/**
 * JSON.parse takes nesting far deeper than JSON.stringify or any recursive walk can (`[[[…]]]` 100,000 deep is
 * 200 kB): cut here, once, nothing downstream has to care. The same object back when nothing was cut.
 */
export function boundDepth(value: unknown, levels = MAX_DATA_DEPTH): unknown {
  return deeperThan(value, levels) ? cutBelow(value, levels) : value;
}

/** Looked for without copying: nearly every message is flat, and copying each was a tenth of a restore. */
function deeperThan(value: unknown, levels: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (levels <= 0) return true;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) if (deeperThan(item, levels - 1)) return true;
    return false;
  }
  for (const key in value) {
    if (Object.hasOwn(value, key) && deeperThan((value as Record<string, unknown>)[key], levels - 1)) return true;
  }
  return false;
}

function cutBelow(value: unknown, levels: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (levels <= 0) return CUT_MARK;
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    const bounded = items.map((item) => cutBelow(item, levels - 1));
    return bounded.every((item, i) => item === items[i]) ? value : bounded;
  }
  const entries = Object.entries(value);
  const bounded = entries.map(([key, item]) => [key, cutBelow(item, levels - 1)] as const);
  // fromEntries defines keys as own properties: a `__proto__` key stays a key.
  return bounded.every(([, item], i) => item === entries[i]![1]) ? value : Object.fromEntries(bounded);
}

/** A JSON object with a string `type`; anything else, `{not json}` included, is plain text. */
export function decodeText(raw: string): DecodedText {
  if (!raw.trimStart().startsWith('{')) return { kind: 'text', data: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { kind: 'text', data: null };
  }
  const data = boundDepth(parsed);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { kind: 'text', data: null };
  // Kept as parsed (no copy): a `__proto__` key JSON.parse made an own field stays one.
  const message = data as ProtocolMessage;
  return typeof message.type === 'string' ? { kind: message.type, data: message } : { kind: 'text', data: null };
}

export function requestIdOf(data: ProtocolMessage): string | undefined {
  const id = data['requestId'] ?? data['request_id'];
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** Yes (true), no (false), or does not say (undefined). */
export function verdictOf(data: ProtocolMessage): boolean | undefined {
  if (data.type === 'shutdown_approved' || data.type === 'join_approved') return true;
  if (data.type === 'shutdown_rejected' || data.type === 'join_rejected') return false;
  const explicit = anyFlag(data, 'approve', 'approved', 'allow');
  if (explicit !== undefined) return explicit;
  const subtype = text(data, 'subtype');
  if (subtype === 'error') return false;
  const response = fields(data, 'response');
  if (response && text(response, 'behavior') === 'deny') return false;
  if (subtype === 'success') return true;
  return undefined;
}

export function firstLine(value: string | undefined): string {
  if (!value) return '';
  for (const line of value.split(/\r?\n/u)) {
    const trimmed = line.trim();
    if (trimmed) return trimmed;
  }
  return '';
}

const withDetail = (head: string, detail: string | undefined): string => (detail ? `${head}: ${detail}` : head);

/** More than a line shows of a long text (an idle notification's result). */
const MAX_LINE_TEXT = 400;

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
    const reason = text(data, 'idleReason');
    let line = reason ? `idle (${reason})` : 'idle';
    const failure = text(data, 'failureReason');
    if (failure) line += `: ${failure}`;
    const finished = id(data, 'completedTaskId');
    if (finished !== undefined) {
      const status = text(data, 'completedStatus');
      line += ` · finished #${finished}${status && status !== 'completed' ? ` (${status})` : ''}`;
    }
    // What the turn ended with: its summary, else its last words (2.1.330's `result`).
    const result = text(data, 'result');
    const said = text(data, 'summary') ?? (result === undefined ? undefined : oneLine(result));
    if (said) line += ` · ${said}`;
    return line;
  },
  shutdown_request: (data) => withDetail('shutdown requested', text(data, 'reason')),
  shutdown_approved: () => 'shutdown approved',
  shutdown_rejected: (data) => withDetail('shutdown rejected', text(data, 'reason')),
  shutdown_response: (data) =>
    withDetail(answered('shutdown', verdictOf(data), 'approved', 'rejected'), text(data, 'content') ?? text(data, 'reason')),
  permission_request(data) {
    const tool = text(data, 'tool_name') ?? text(data, 'toolName') ?? 'a tool';
    const description = text(data, 'description');
    return description ? `permission request: ${tool} — ${description}` : `permission request: ${tool}`;
  },
  permission_response(data) {
    // 2.1.330 (tmux teammates): what exactly was granted.
    const granted = fields(data, 'approved_request');
    const tool = granted && text(granted, 'tool_name');
    const response = fields(data, 'response');
    return withDetail(
      `${answered('permission', verdictOf(data), 'granted', 'denied')}${tool ? ` (${tool})` : ''}`,
      text(data, 'error') ?? (response && text(response, 'message')),
    );
  },
  plan_approval_request: (data) =>
    withDetail(
      'plan approval requested',
      firstLine(text(data, 'plan') ?? text(data, 'planContent')) || text(data, 'summary') || text(data, 'planFilePath'),
    ),
  plan_approval_response(data) {
    const head = answered('plan', verdictOf(data), 'approved', 'rejected');
    const mode = text(data, 'permissionMode');
    return withDetail(head + (mode ? ` (mode ${mode})` : ''), text(data, 'feedback'));
  },
  task_assignment(data) {
    const task = id(data, 'taskId');
    const by = text(data, 'assignedBy');
    return withDetail(`${task === undefined ? 'task' : `task #${task}`} assigned${by ? ` (by ${by})` : ''}`, text(data, 'subject'));
  },
  sandbox_permission_request: (data) => withDetail('sandbox permission request', text(data, 'host')),
  sandbox_permission_response: (data) => withDetail(answered('sandbox access', verdictOf(data), 'allowed', 'denied'), text(data, 'host')),
  mode_set_request: (data) => withDetail('mode change requested', text(data, 'mode')),
  join_request(data) {
    const name = text(data, 'proposedName');
    return withDetail(name ? `join request from ${name}` : 'join request', text(data, 'capabilities'));
  },
  join_approved: (data) => withDetail('join approved', text(data, 'agentName')),
  join_rejected: (data) => withDetail('join rejected', text(data, 'reason')),
  join_response: (data) => withDetail(answered('join', verdictOf(data), 'approved', 'rejected'), text(data, 'reason')),
  team_permission_update: (data) => withDetail('team permission update', text(data, 'toolName') ?? text(data, 'tool_name')),
};

const MAX_FIELD = 60;

function describeValue(value: unknown): string {
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  return shown.length > MAX_FIELD ? `${shown.slice(0, MAX_FIELD - 1)}…` : shown;
}

/** Its name and its fields, so nothing new is ever hidden. */
function renderUnknown(data: ProtocolMessage): string {
  const fields = Object.entries(data)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => `${key}=${describeValue(value)}`);
  return fields.length > 0 ? `${data.type}: ${fields.join(' ')}` : data.type;
}

export function renderProtocol(data: ProtocolMessage): string {
  const render = Object.hasOwn(renderers, data.type) ? renderers[data.type] : undefined;
  return render ? render(data) : renderUnknown(data);
}

export const KNOWN_PROTOCOL_TYPES: readonly string[] = Object.keys(renderers);

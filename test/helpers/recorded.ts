/**
 * What a recording of the real client says happened, worked out from the
 * recording itself (its operations and the bytes they wrote), independently of
 * teamtop's decoder: the expectations of the conformance suite.
 */
import { inboxMessages, type Operation, type RecordedMessage, type Recording } from '../../scripts/reenact.mjs';

const CONFIG = /^teams\/([^/.]+)\/config\.json$/u;
const TASK = /^tasks\/([^/]+)\/(\d+)\.json$/u;

export interface RecordedAnswer {
  readonly state: 'approved' | 'rejected';
  readonly from: string;
  readonly msgId: string;
}

export interface RecordedHandshake {
  readonly requestId: string;
  readonly type: string;
  readonly from: string;
  readonly to: string;
  /** Every answer, in the order they were written. */
  readonly answers: readonly RecordedAnswer[];
}

export interface RecordedRun {
  /** The team's name (the folder that has a config.json), or the folder of a session with none. */
  readonly team: string;
  /** Every name any version of config.json listed, and those its last version listed. */
  readonly members: ReadonlySet<string>;
  readonly finalMembers: ReadonlySet<string>;
  readonly lead: string | undefined;
  /** Task files as they were last written: id → its JSON. */
  readonly tasks: ReadonlyMap<string, Record<string, unknown>>;
  readonly messages: readonly RecordedMessage[];
  readonly handshakes: readonly RecordedHandshake[];
  /** Whether the team's folder was gone at the end (renamed away and removed). */
  readonly ended: boolean;
}

function parse(content: Buffer): unknown {
  try {
    return JSON.parse(content.toString('utf8'));
  } catch {
    return undefined; // torn or empty: a later version says more
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The protocol object inside an envelope's text, if it is one. */
function protocolOf(message: RecordedMessage): Record<string, unknown> | undefined {
  const text = message.entry['text'];
  if (typeof text !== 'string' || !text.startsWith('{')) return undefined;
  const data = parse(Buffer.from(text));
  return isRecord(data) && typeof data['type'] === 'string' ? data : undefined;
}

/** Yes or no, as the client wrote it: by type, or by its approve/approved/subtype field. */
function verdict(data: Record<string, unknown>): 'approved' | 'rejected' {
  if (data['type'] === 'shutdown_rejected') return 'rejected';
  if (data['approved'] === false || data['approve'] === false || data['subtype'] === 'error') return 'rejected';
  return 'approved';
}

function handshakesOf(messages: readonly RecordedMessage[]): RecordedHandshake[] {
  const handshakes = new Map<string, { requestId: string; type: string; from: string; to: string; answers: RecordedAnswer[] }>();
  const ordered = [...messages].sort((a, b) => a.writtenAt - b.writtenAt);
  for (const message of ordered) {
    const data = protocolOf(message);
    const id = data?.['requestId'] ?? data?.['request_id'];
    if (!data || typeof id !== 'string' || !String(data['type']).endsWith('_request')) continue;
    handshakes.set(id, { requestId: id, type: String(data['type']), from: String(message.entry['from']), to: message.member, answers: [] });
  }
  for (const message of ordered) {
    const data = protocolOf(message);
    const id = data?.['requestId'] ?? data?.['request_id'];
    if (!data || typeof id !== 'string' || String(data['type']).endsWith('_request')) continue;
    handshakes.get(id)?.answers.push({ state: verdict(data), from: String(message.entry['from']), msgId: message.msgId });
  }
  return [...handshakes.values()];
}

/** Replay the recording's writes in memory: the last content of every path, and every config version. */
export function recordedRun(recording: Recording): RecordedRun {
  const contents = new Map<string, Buffer>();
  const configs: Record<string, unknown>[] = [];
  let team: string | undefined;
  const written = (path: string, content: Buffer) => {
    contents.set(path, content);
    const config = CONFIG.exec(path);
    if (!config) return;
    team = config[1];
    const value = parse(content);
    if (isRecord(value) && Array.isArray(value['members'])) configs.push(value);
  };
  const moved = (op: Extract<Operation, { kind: 'rename' }>) => {
    for (const [path, content] of [...contents]) {
      if (path !== op.from && !path.startsWith(`${op.from}/`)) continue;
      contents.delete(path);
      written(op.to + path.slice(op.from.length), content);
    }
  };
  for (const op of recording.ops) {
    if (op.kind === 'create' || op.kind === 'write') written(op.path, op.content);
    else if (op.kind === 'rename') moved(op);
    else if (op.kind === 'unlink' || op.kind === 'rmdir') {
      for (const path of [...contents.keys()]) if (path === op.path || path.startsWith(`${op.path}/`)) contents.delete(path);
    }
  }
  const messages = inboxMessages(recording);
  team ??= messages[0]?.team;
  if (team === undefined) throw new Error(`${recording.name}: no team folder in the recording`);
  const names = (config: Record<string, unknown> | undefined) =>
    new Set(((config?.['members'] as unknown[] | undefined) ?? []).filter(isRecord).map((member) => String(member['name'])));
  const members = new Set<string>();
  for (const config of configs) for (const name of names(config)) members.add(name);
  const last = configs.at(-1);
  const tasks = new Map<string, Record<string, unknown>>();
  for (const [path, content] of contents) {
    const task = TASK.exec(path);
    const value = task ? parse(content) : undefined;
    if (task && isRecord(value)) tasks.set(task[2]!, value);
  }
  const ended = ![...contents.keys()].some((path) => path.startsWith(`teams/${team}/`));
  const leadAgentId = last?.['leadAgentId'];
  return {
    team,
    members,
    finalMembers: names(last),
    lead: typeof leadAgentId === 'string' ? leadAgentId.split('@')[0] : undefined,
    tasks,
    messages,
    handshakes: handshakesOf(messages),
    ended,
  };
}

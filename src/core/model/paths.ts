/** Paths relative to a Claude config dir, `/`-separated; `\` is a character a name may hold (layouts: docs/internals/formats.md). */

export type FileTarget = TeamFileTarget | TranscriptTarget;

export type TeamFileTarget =
  | { readonly kind: 'config'; readonly team: string }
  /** `teams/<team>.json`: a whole team in one file, as a config. */
  | { readonly kind: 'team-file'; readonly team: string }
  | { readonly kind: 'inbox'; readonly team: string; readonly member: string }
  | { readonly kind: 'task'; readonly team: string; readonly id: string }
  | { readonly kind: 'agent-status'; readonly team: string; readonly member: string }
  /** An agent's stdout and stderr: followed like `tail -F`, not parsed. */
  | { readonly kind: 'output-log'; readonly team: string; readonly member: string }
  /** The agent's artifacts folder: "read" is a listing of names and sizes. */
  | { readonly kind: 'artifacts'; readonly team: string; readonly member: string };

/** A session's files, named by no team: only the watcher of the known teams' folders reads them (src/io/watch/transcripts/). */
export type TranscriptTarget =
  | { readonly kind: 'transcript'; readonly file: TranscriptFile }
  | { readonly kind: 'session-state'; readonly pid: string }
  /** `sessions/<pid>.<hex>.key`: every claude process's (model/liveness.ts). */
  | { readonly kind: 'process-key'; readonly pid: string; readonly name: string };

export type TranscriptFile =
  | { readonly kind: 'session'; readonly slug: string; readonly sessionId: string }
  | { readonly kind: 'subagent'; readonly slug: string; readonly sessionId: string; readonly agentId: string }
  | { readonly kind: 'subagent-meta'; readonly slug: string; readonly sessionId: string; readonly agentId: string };

export const PROJECTS = 'projects';
export const SESSIONS = 'sessions';

const SESSION = /^([^/]+)\/([^/]+)\.jsonl$/u;
const SUBAGENT = /^([^/]+)\/([^/]+)\/subagents\/agent-([^/]+?)(\.meta\.json|\.jsonl)$/u;

export function transcriptFileOf(path: string): TranscriptFile | undefined {
  const subagent = SUBAGENT.exec(path);
  if (subagent) {
    const [, slug = '', sessionId = '', agentId = '', extension] = subagent;
    return { kind: extension === '.jsonl' ? 'subagent' : 'subagent-meta', slug, sessionId, agentId };
  }
  const session = SESSION.exec(path);
  if (session) return { kind: 'session', slug: session[1] ?? '', sessionId: session[2] ?? '' };
  return undefined;
}

export function transcriptPathOf(file: TranscriptFile): string {
  if (file.kind === 'session') return `${file.slug}/${file.sessionId}.jsonl`;
  return `${file.slug}/${file.sessionId}/subagents/agent-${file.agentId}${file.kind === 'subagent' ? '.jsonl' : '.meta.json'}`;
}

export function classifySessionFile(relative: string): TranscriptTarget | undefined {
  const [root, ...rest] = split(relative) ?? [];
  if (root === SESSIONS) {
    const key = rest.length === 1 ? KEY_FILE.exec(rest[0]!)?.[1] : undefined;
    if (key) return { kind: 'process-key', pid: key, name: rest[0]! };
    const pid = rest.length === 1 ? JSON_FILE.exec(rest[0]!)?.[1] : undefined;
    return pid ? { kind: 'session-state', pid } : undefined;
  }
  const file = root === PROJECTS ? transcriptFileOf(rest.join('/')) : undefined;
  return file ? { kind: 'transcript', file } : undefined;
}

export type FolderTarget = { readonly kind: 'team-dir'; readonly team: string } | { readonly kind: 'tasks-dir'; readonly team: string };

/** `<pid>.<hex>.key` under `sessions/`. */
const KEY_FILE = /^(\d+)\.[0-9a-f]+\.key$/u;

/** A name can hold any character, a line break too (`s`: `.` matches \n, \r, U+2028 and U+2029). */
const JSON_FILE = /^(.+)\.json$/su;

const AGENT_STATUS_FILE = 'task-status.json';
const OUTPUT_LOG_FILE = 'output.log';
const ARTIFACTS_FOLDER = 'artifacts';
const AGENT_ENTRIES = new Set([AGENT_STATUS_FILE, OUTPUT_LOG_FILE, ARTIFACTS_FOLDER]);

/** Claude Code moves a team's folder here on exit and removes it soon after: the team ending, not another team. */
const DELETED_TEAM = /\.deleted-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

/** 2.1.330's temp file, `<file>.tmp.<8 hex>`, renamed over `<file>`. */
const TEMP_FILE = /\.tmp\.[0-9a-f]+$/iu;

/** Locks, temp files, folders on their way out. A name that only holds `.tmp.` (`a.tmp.b`) is not. */
function isBookkeeping(name: string): boolean {
  return name.startsWith('.') || name.endsWith('.lock') || name.endsWith('.tmp') || TEMP_FILE.test(name) || DELETED_TEAM.test(name);
}

/** `.alice.json` is `.alice`'s inbox, not bookkeeping: a writer's temp files there do not end in `.json`. */
const isInbox = (parts: readonly string[], i: number): boolean =>
  i === 3 && parts[0] === 'teams' && parts[2] === 'inboxes' && JSON_FILE.test(parts[3]!);

function split(relative: string): string[] | undefined {
  const parts = relative.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.some((part, i) => part === '..' || (isBookkeeping(part) && !isInbox(parts, i)))) return undefined;
  return parts;
}

function classifyAgentEntry(team: string, member: string, entry: string): TeamFileTarget | undefined {
  if (entry === AGENT_STATUS_FILE) return { kind: 'agent-status', team, member };
  if (entry === OUTPUT_LOG_FILE) return { kind: 'output-log', team, member };
  if (entry === ARTIFACTS_FOLDER) return { kind: 'artifacts', team, member };
  return undefined;
}

/** Undefined for a path the team files' reader does not read; anything in an artifacts folder names the folder. */
export function classifyFile(relative: string): TeamFileTarget | undefined {
  const known = classified.get(relative);
  if (known !== undefined || classified.has(relative)) return known;
  const target = classify(relative);
  if (classified.size >= MAX_CLASSIFIED) classified.clear();
  classified.set(relative, target);
  return target;
}

/** Paths classified lately: a replay asks about the same few paths a million times, and splitting each again cost seconds. */
const classified = new Map<string, TeamFileTarget | undefined>();
const MAX_CLASSIFIED = 4096;

function classify(relative: string): TeamFileTarget | undefined {
  const artifact = /^(tasks\/[^/]+\/[^/]+\/artifacts)\/[^/]+$/u.exec(relative);
  const parts = split(artifact ? artifact[1]! : relative);
  if (!parts) return undefined;
  const [root, team, third, fourth, fifth, ...rest] = parts;
  if (!team || rest.length > 0) return undefined;
  if (root === 'teams' && third === undefined) {
    const name = JSON_FILE.exec(team)?.[1];
    return name ? { kind: 'team-file', team: name } : undefined;
  }
  if (root === 'teams' && third === 'config.json' && fourth === undefined) return { kind: 'config', team };
  if (root === 'teams' && third === 'inboxes' && fourth && fifth === undefined) {
    const member = JSON_FILE.exec(fourth)?.[1];
    return member ? { kind: 'inbox', team, member } : undefined;
  }
  if (root === 'tasks' && third && fourth === undefined) {
    const id = JSON_FILE.exec(third)?.[1];
    return id ? { kind: 'task', team, id } : undefined;
  }
  if (root === 'tasks' && third && fourth && fifth === undefined) return classifyAgentEntry(team, third, fourth);
  return undefined;
}

export function classifyFolder(relative: string): FolderTarget | undefined {
  const parts = split(relative);
  if (!parts || parts.length !== 2) return undefined;
  const [root, team] = parts as [string, string];
  if (root === 'teams') return JSON_FILE.test(team) ? undefined : { kind: 'team-dir', team };
  if (root === 'tasks') return { kind: 'tasks-dir', team };
  return undefined;
}

/** Lock folders churn on every write, and a temp inbox renamed over an inbox (`<inbox>.json.<pid>`) would join the watch each message. */
export function isWatchable(relative: string): boolean {
  const parts = split(relative);
  if (!parts) return false;
  const [root, , entry] = parts;
  if (root === undefined) return true;
  if (root === 'tasks') {
    if (parts.length <= 3) return true;
    if (!AGENT_ENTRIES.has(parts[3]!)) return false;
    return parts.length === 4 || (parts.length === 5 && parts[3] === ARTIFACTS_FOLDER);
  }
  if (root !== 'teams') return false;
  if (entry === undefined) return true;
  if (entry === 'config.json') return parts.length === 3;
  return entry === 'inboxes' && (parts.length === 3 || (parts.length === 4 && JSON_FILE.test(parts[3]!)));
}

export function pathOf(target: FileTarget): string {
  switch (target.kind) {
    case 'config':
      return `teams/${target.team}/config.json`;
    case 'team-file':
      return `teams/${target.team}.json`;
    case 'inbox':
      return `teams/${target.team}/inboxes/${target.member}.json`;
    case 'task':
      return `tasks/${target.team}/${target.id}.json`;
    case 'agent-status':
      return `tasks/${target.team}/${target.member}/${AGENT_STATUS_FILE}`;
    case 'output-log':
      return `tasks/${target.team}/${target.member}/${OUTPUT_LOG_FILE}`;
    case 'artifacts':
      return `tasks/${target.team}/${target.member}/${ARTIFACTS_FOLDER}`;
    case 'transcript':
      return `${PROJECTS}/${transcriptPathOf(target.file)}`;
    case 'session-state':
      return `${SESSIONS}/${target.pid}.json`;
    case 'process-key':
      return `${SESSIONS}/${target.name}`;
  }
}

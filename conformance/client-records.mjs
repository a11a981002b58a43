// What the real client wrote in a recording (a run's folder, or a fixture in
// test-fixtures/captures laid out by `npm run conformance -- --record`), read
// for a scenario's `client` checks: the checks of what Claude Code itself did
// (a transcript ending at a tool_use, an API error record, a compaction), as
// opposed to what teamtop made of it. Runs on the run's own folder and on its
// redacted recording alike: nothing here reads a string the redaction replaces.
//
// - transcripts: every session transcript under snap/final/projects/ (after the
//   client exited; final_before_exit/projects/ in a recording without it),
//   with its `.meta.json` when it has one, and whose it is (`member`: the
//   lead's name, a teammate's; `subagentOf`: the member whose own subagent it is)
// - sessions: final_before_exit/sessions/*.json (the lead's live state), and the
//   names of the `sessions/<pid>.<hex>.key` files the recording saw
// - messages: every message the client wrote to an inbox (recordedRun), with
//   `writtenMs` and `removedMs` on the wall clock
// - taskVersions(id): each version of tasks/<team>/<id>.json, in order, with `ms`
// - kills: what the run killed (kills.jsonl: who, pid, t)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { loadRecording, recordedRun } from '../harness/recording.mjs';

const TEAMMATE_MESSAGE = /<teammate-message\b([^>]*)>([\s\S]*?)<\/teammate-message>/gu;
const ATTRIBUTE = /([\w-]+)="([^"]*)"/gu;

function* walk(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A transcript's records, a line cut short (the tree copied mid-write) left out. */
function readRecords(path) {
  const records = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      records.push(JSON.parse(line));
    } catch {
      // cut short
    }
  }
  return records;
}

const textsOf = (record) => {
  const content = record.message?.content;
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return content.filter((block) => block?.type === 'text' && typeof block.text === 'string').map((block) => block.text);
};

/**
 * The `<teammate-message>` elements of a transcript's user records: `{ record,
 * timestamp, attributes { teammate_id, color, summary, … }, body, protocol }`
 * (`protocol`: the JSON object a protocol message's body begins with).
 */
export function teammateMessages(records) {
  const found = [];
  for (const record of records) {
    if (record.type !== 'user') continue;
    for (const text of textsOf(record)) {
      for (const [, attributeText, body] of text.matchAll(TEAMMATE_MESSAGE)) {
        const attributes = Object.fromEntries([...attributeText.matchAll(ATTRIBUTE)].map(([, key, value]) => [key, value]));
        const firstLine = body.replace(/^\n/u, '').split('\n')[0];
        let protocol;
        try {
          const value = JSON.parse(firstLine);
          if (value && typeof value === 'object' && typeof value.type === 'string') protocol = value;
        } catch {
          // plain text
        }
        found.push({ record, timestamp: record.timestamp, attributes, body, protocol });
      }
    }
  }
  return found;
}

/** Every transcript under `tree`/projects, with whose it is. */
function transcriptsOf(tree, config) {
  const projects = join(tree, 'projects');
  const all = [];
  for (const path of walk(projects)) {
    if (!path.endsWith('.jsonl')) continue;
    const records = readRecords(path);
    const metaPath = path.replace(/\.jsonl$/u, '.meta.json');
    const meta = existsSync(metaPath) ? readJson(metaPath) : undefined;
    const file = basename(path, '.jsonl');
    const inSubagents = basename(dirname(path)) === 'subagents';
    const sessionId = inSubagents ? basename(dirname(dirname(path))) : file;
    all.push({
      path: relative(tree, path),
      records,
      meta,
      sessionId,
      inSubagents,
      agentId: inSubagents ? file.replace(/^agent-/u, '') : undefined,
    });
  }
  const leadName = config?.members?.find((member) => member.agentId === config.leadAgentId)?.name ?? 'team-lead';
  // A session is a member's: the lead's (leadSessionId), a tmux teammate's (its records name it).
  const sessionMember = new Map();
  for (const transcript of all) {
    if (transcript.inSubagents) continue;
    if (transcript.sessionId === config?.leadSessionId) sessionMember.set(transcript.sessionId, leadName);
    else {
      const named = transcript.records.find((record) => typeof record.agentName === 'string');
      if (named) sessionMember.set(transcript.sessionId, named.agentName);
    }
  }
  for (const transcript of all) {
    if (!transcript.inSubagents) transcript.member = sessionMember.get(transcript.sessionId);
    else if (typeof transcript.meta?.name === 'string') transcript.member = transcript.meta.name; // an in-process teammate
  }
  for (const transcript of all) {
    if (transcript.inSubagents && typeof transcript.meta?.name !== 'string') {
      // An ordinary subagent: of the member whose agent id it names as parent, else of the session's member.
      const parent = all.find((other) => other.inSubagents && other.agentId === transcript.meta?.parentAgentId);
      transcript.subagentOf = parent?.member ?? sessionMember.get(transcript.sessionId);
    }
  }
  return all;
}

export function readClientRecords(folder) {
  const tree = join(folder, 'final_before_exit');
  const recording = loadRecording(folder);
  const run = recordedRun(recording);
  const config = readJson(join(tree, 'teams', run.team, 'config.json'));
  // The transcripts as the recorder left them, after the client exited (with what it
  // writes as it ends: cost-state); the rest of the tree as it was just before.
  const after = join(folder, 'snap', 'final');
  const transcripts = transcriptsOf(existsSync(join(after, 'projects')) ? after : tree, config);
  const first = recording.events[0];
  // recording times (ms from its start, on the monotonic clock) on the wall clock
  const wallOf = (at) => (at === null || at === undefined ? null : first.t * 1000 + at);
  const messages = run.messages.map((message) => ({
    ...message,
    writtenMs: wallOf(message.writtenAt),
    removedMs: wallOf(message.removedAt),
  }));
  const sessionsDir = join(tree, 'sessions');
  const sessions = existsSync(sessionsDir)
    ? readdirSync(sessionsDir)
        .filter((name) => name.endsWith('.json'))
        .map((name) => ({ file: name, data: readJson(join(sessionsDir, name)) }))
    : [];
  const sessionKeys = [
    ...new Set(recording.events.map((event) => event.path).filter((path) => /^sessions\/\d+\.[0-9a-f]+\.key$/u.test(path))),
  ];
  const killsFile = join(folder, 'kills.jsonl');
  const kills = existsSync(killsFile)
    ? readFileSync(killsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  const taskPath = (id) => `tasks/${run.team}/${id}.json`;
  return {
    folder,
    /** The recording's first event on the wall clock (ms) and, when the recorder took it, the monotonic one (monoMs). */
    recordingStartMs: first.t * 1000,
    recordingStartMono: first.mono,
    run,
    config,
    transcripts,
    messages,
    sessions,
    sessionKeys,
    kills,
    /** The transcript of member `name` (the lead by its name), not its subagents'. */
    member: (name) => transcripts.find((transcript) => transcript.member === name && !transcript.subagentOf),
    /** The transcripts of the subagents member `name` started. */
    subagentsOf: (name) => transcripts.filter((transcript) => transcript.subagentOf === name),
    taskVersions: (id) =>
      versionsOf(recording.ops, taskPath(id)).map(({ at, content }) => ({ ms: wallOf(at), data: readJsonText(content) })),
  };
}

/** Each content `path` had, in order, with when (`at`): written there, or a temp file renamed over it. Empty and torn versions left out. */
function versionsOf(ops, path) {
  const contents = new Map();
  const versions = [];
  for (const op of ops) {
    if (op.kind === 'create' || op.kind === 'write') contents.set(op.path, op.content);
    else if (op.kind === 'rename') {
      contents.set(op.to, contents.get(op.from));
      contents.delete(op.from);
    } else if (op.kind === 'unlink') contents.delete(op.path);
    const target = op.kind === 'rename' ? op.to : op.path;
    const content = contents.get(target);
    if (target !== path || content === undefined || readJsonText(content) === undefined) continue;
    if (versions.at(-1)?.content.equals(content)) continue;
    versions.push({ at: op.at, content });
  }
  return versions;
}

function readJsonText(content) {
  try {
    return JSON.parse(content.toString('utf8'));
  } catch {
    return undefined; // empty or torn: the next version says more
  }
}

/**
 * A scenario's checks of what the client wrote, run on `records` of a run in
 * `mode` (a check with `modes` is for those only): the failures, in words (an empty list: the client did what the scenario
 * records). A check returns true, or what it found instead.
 */
export function checkClient(checks, records, mode) {
  const failures = [];
  for (const { says, check, modes } of checks) {
    if (modes && mode && !modes.includes(mode)) continue;
    let verdict;
    try {
      verdict = check(records);
    } catch (error) {
      verdict = `threw ${error.message}`;
    }
    if (verdict !== true) failures.push(`${says}: ${verdict === false ? 'no' : verdict}`);
  }
  return failures;
}

/** The tool uses in a transcript's assistant records: `{ id, name, input, record }`, in order. */
export function toolUses(records) {
  return records
    .filter((record) => record.type === 'assistant' && Array.isArray(record.message?.content))
    .flatMap((record) =>
      record.message.content
        .filter((block) => block?.type === 'tool_use')
        .map((block) => ({ id: block.id, name: block.name, input: block.input, record })),
    );
}

/** The tool results in a transcript's user records, by tool use id: the record that carried each. */
export function toolResults(records) {
  const results = new Map();
  for (const record of records) {
    if (record.type !== 'user' || !Array.isArray(record.message?.content)) continue;
    for (const block of record.message.content) if (block?.type === 'tool_result') results.set(block.tool_use_id, record);
  }
  return results;
}

/** A transcript's responses, each once (the blocks of one response are records of their own, sharing `message.id`). */
export function responses(records) {
  const seen = new Map();
  for (const record of records)
    if (record.type === 'assistant' && record.message?.id && !seen.has(record.message.id)) seen.set(record.message.id, record);
  return [...seen.values()];
}

/** The sum of `field` (input_tokens, …) over responses. */
export const usageSum = (records, field) => responses(records).reduce((total, record) => total + (record.message.usage?.[field] ?? 0), 0);

/** A transcript's last `cost-state` record (written as its session ends), or undefined. */
export const lastCostState = (records) => records.filter((record) => record.type === 'cost-state').at(-1);

/** When a record was written, ms on the wall clock. */
export const msOf = (record) => Date.parse(record.timestamp);

// Makes session transcripts written by the real Claude Code safe to keep in this
// repository, and checks that they are. A port of the project's shared
// ../shared/realcc/redact.py (same kept keys, same rules), so that a clean clone
// can check its fixtures and the conformance runner can redact what it records
// without Python, with one rule more: a protocol message delivered to a model
// (a <teammate-message> whose body is a JSON object) is followed by the client's
// own instructions ("This is a shutdown request. To approve it, call …"), which
// the shared tool keeps as the agents' words. Here only the JSON line is kept.
// And one more: the client's wording after an API error's status and message
// (an `idle_notification`'s `failureReason`, the text of the `<synthetic>`
// assistant record that ends a failed turn) becomes x's, in every file (inboxes
// too): `API Error: 500 fake internal error.` stays, what the client adds goes.
// And the recording machine's id (`/etc/machine-id`, in every `pidDomain` of
// `sessions/`) becomes zeros: a recording is of no machine, so a process it
// names is never taken for one running where it is replayed.
//
//   node scripts/redact.mjs SRC DST       copy SRC (a recording or a claude dir), transcripts redacted
//   node scripts/redact.mjs --check DIR   exit 1, naming them, if a transcript under DIR still needs it
//
// What stays: every record's type, subtype, ids, times, session and agent fields,
// models, usage and cost figures, tool names, tool_use inputs and assistant text
// (the scripted model's), the bodies of <teammate-message> elements (what the
// scenario's agents wrote). Every other string becomes `x` repeated to its
// length, so sizes, line lengths and parsing costs stay realistic.
import { copyFileSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

const TEAMMATE_MESSAGE = /(<teammate-message\b[^>]*>)([\s\S]*?)(<\/teammate-message>)/gu;
const KEEP_KEYS = new Set(
  'type subtype id uuid parentUuid sessionId agentId agentName teamName timestamp model role name tool_use_id stop_reason requestId promptId messageId leafUuid version cwd entrypoint userType isSidechain isMeta querySource shapeHash hash decision source reasonType permissionMode mode level gitBranch sourceToolAssistantUUID durationMs messageCount teammate_id'.split(
    ' ',
  ),
);
const KEPT_WHOLE = new Set(['cost-state', 'mode', 'permission-mode', 'tools-used', 'turn_duration']);

const x = (text) => 'x'.repeat(text.length);

/** `API Error: <status> <the API's message, to its first full stop>` and the client's wording after it, to the end of the string. */
const API_ERROR = /(API Error: \d{3}\b[^."\\]*\.?)((?:[^"\\]|\\u[0-9a-fA-F]{4})*)/gu;

/** `text` with the client's wording after each API error x'd out (its length kept). */
export function redactApiErrors(text) {
  return text.replace(API_ERROR, (_, kept, wording) => kept + x(wording));
}

/** Every string not under a kept key becomes x's. */
function scrub(value, key) {
  if (typeof value === 'string') return KEEP_KEYS.has(key) ? value : x(value);
  if (Array.isArray(value)) return value.map((item) => scrub(item, key));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, k)]));
  return value;
}

/** A protocol message's body: its JSON line is the team's data, what follows it is the client's wording. */
function teammateBody(body) {
  const start = body.startsWith('\n') ? 1 : 0;
  const end = body.indexOf('\n', start);
  const first = body.slice(start, end < 0 ? undefined : end);
  try {
    const value = JSON.parse(first);
    if (value === null || typeof value !== 'object' || Array.isArray(value) || typeof value.type !== 'string') return body;
  } catch {
    return body;
  }
  // Line breaks stay: the body keeps its lines, and the JSON its own.
  return end < 0 ? body : body.slice(0, end) + body.slice(end).replace(/[^\n]/gu, 'x');
}

/** Keep teammate-message bodies (the agents' own words); x out everything around them. */
function userText(text) {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(TEAMMATE_MESSAGE)) {
    out += x(text.slice(last, match.index)) + match[1] + teammateBody(match[2]) + match[3];
    last = match.index + match[0].length;
  }
  return out + x(text.slice(last));
}

/** One record as it may be kept. */
export function redactRecord(record) {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return scrub(record);
  const type = record.type;
  if (type === 'assistant') return record;
  if (KEPT_WHOLE.has(type)) return record;
  if (type !== 'user') return scrub(record);
  const original = record.message;
  const message = original !== null && typeof original === 'object' && !Array.isArray(original) ? { ...original } : {};
  const content = message.content;
  if (typeof content === 'string') message.content = userText(content);
  else if (Array.isArray(content))
    message.content = content.map((block) => {
      if (block?.type === 'text') return { ...block, text: userText(block.text ?? '') };
      if (block?.type === 'tool_result') return { ...block, content: scrub(block.content) };
      return block;
    });
  const redacted = { ...record, message };
  for (const key of ['toolUseResult', 'origin', 'turnOrigin', 'promptSource']) if (key in redacted) redacted[key] = scrub(redacted[key]);
  return redacted;
}

/** A transcript's text, redacted line by line (a line that is not JSON becomes x's). */
export function redactTranscript(text) {
  return text
    .split('\n')
    .map((line) => {
      if (line.trim() === '') return line;
      try {
        return redactApiErrors(JSON.stringify(redactRecord(JSON.parse(line))));
      } catch {
        return x(line);
      }
    })
    .join('\n');
}

/** This machine's id, as the client writes it into `pidDomain` (`linux:<machine-id>:pid:[…]`); undefined where there is none. */
function machineId() {
  for (const path of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    try {
      const id = readFileSync(path, 'utf8').trim();
      if (/^[0-9a-f]{32}$/u.test(id)) return id;
    } catch {
      // none there
    }
  }
  return undefined;
}
const MACHINE = machineId();
/** What stands for the recording machine's id. */
export const NO_MACHINE = '0'.repeat(32);

/** `text` with this machine's id as zeros. */
const redactMachine = (text) => (MACHINE === undefined ? text : text.replaceAll(MACHINE, NO_MACHINE));

/** A file that is not a transcript, as it may be kept: as it is, unless it holds an API error's wording or this machine's id. */
function redactOther(content) {
  const text = content.toString('utf8');
  if (!text.includes('API Error: ') && (MACHINE === undefined || !text.includes(MACHINE))) return content;
  return Buffer.from(redactMachine(redactApiErrors(text)), 'utf8');
}

/**
 * A transcript: under a claude dir's projects/, or a recorder's version of one
 * (`snap/versions/<seq>__projects%<slug>%<session>.jsonl`: what an append added).
 */
const isTranscript = (path) =>
  path.endsWith('.jsonl') &&
  (path.includes(`${sep}projects${sep}`) || path.includes('%projects%') || /^\d+__projects%/u.test(basename(path)));

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isDirectory()) yield* files(path);
    else if (stat.isFile()) yield path;
  }
}

/** Copies `src` to `dst` with every transcript redacted. */
export function redactTree(src, dst) {
  for (const path of files(src)) {
    const target = join(dst, relative(src, path));
    mkdirSync(join(target, '..'), { recursive: true });
    if (isTranscript(path)) writeFileSync(target, redactTranscript(readFileSync(path, 'utf8')));
    else {
      const content = readFileSync(path);
      const redacted = redactOther(content);
      if (redacted === content) copyFileSync(path, target);
      else writeFileSync(target, redacted);
    }
  }
}

/** The transcripts under `dir` that still hold text to redact, and the other files that hold an API error's wording (paths relative to `dir`). */
export function unredacted(dir) {
  const bad = [];
  for (const path of files(dir)) {
    if (!isTranscript(path)) {
      const content = readFileSync(path);
      if (!redactOther(content).equals(content)) bad.push(relative(dir, path));
      continue;
    }
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (redactApiErrors(line) !== line) {
        bad.push(relative(dir, path));
        break;
      }
      let record;
      try {
        record = JSON.parse(line);
      } catch {
        continue;
      }
      if (!isDeepStrictEqual(redactRecord(record), record)) {
        bad.push(relative(dir, path));
        break;
      }
    }
  }
  return bad;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const [first, second, ...rest] = process.argv.slice(2);
  if (first === undefined || second === undefined || rest.length > 0) {
    process.stderr.write('usage: node scripts/redact.mjs SRC DST | --check DIR\n');
    process.exit(2);
  }
  if (first === '--check') {
    const bad = unredacted(second);
    for (const path of bad) process.stdout.write(`not redacted: ${path}\n`);
    process.exit(bad.length > 0 ? 1 : 0);
  }
  redactTree(first, second);
}

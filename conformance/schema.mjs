// The shape of what a Claude Code version writes, without a word of what it
// writes: the keys of each kind of file, the protocol message types (and each
// one's keys), and the file operations of its lifecycle, with names, ids and
// numbers replaced by placeholders. `npm run conformance` works it out from its
// recordings and compares it with the last verified version's
// (conformance/verified/<version>.json), so that a new client's new key, new
// message type or new way of writing a file is put in front of a person.
//
// Types in schema.d.mts.
import { recordedRun } from '../harness/recording.mjs';

const CONFIG = /^teams\/[^/]+\/config\.json$/u;
const INBOX = /^teams\/[^/]+\/inboxes\/[^/]+\.json$/u;
const TASK = /^tasks\/[^/]+\/\d+\.json$/u;
const TEMP = /\.tmp\.[^/]+$/u;

/** A path with what differs from run to run (team, member, ids, numbers) replaced by placeholders. */
export function pathShape(path) {
  return path
    .replace(/^(teams|tasks)\/[^/.]+/u, '$1/<team>')
    .replace(/\.deleted-[0-9a-f-]+/giu, '.deleted-<id>')
    .replace(/^projects\/[^/]+/u, 'projects/<slug>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gu, '<session>')
    .replace(/\/agent-[^/]+?(\.meta\.json|\.jsonl)/u, '/agent-<id>$1')
    .replace(/^sessions\/\d+\.([0-9a-f]+\.key|json)/u, (_, rest) => `sessions/<pid>.${rest === 'json' ? 'json' : '<hash>.key'}`)
    .replace(/\/inboxes\/[^/]+?\.json/u, '/inboxes/<name>.json')
    .replace(/\.tmp\.[^/]+$/u, '.tmp.<id>')
    .replace(/\d+/gu, '<n>');
}

/**
 * A file operation as a step of the client's lifecycle, or undefined for one
 * that says more about the recorder than the client: what happens to a temp
 * file before its rename (seen or not, depending on when the recorder looked).
 * A file made and a file written are one step: whether a version was caught
 * empty first is timing too.
 */
function lifecycleStep(op) {
  if (op.kind === 'rename') return `rename ${pathShape(op.from)} → ${pathShape(op.to)}`;
  if (TEMP.test(op.path)) return undefined;
  return `${op.kind === 'create' ? 'write' : op.kind} ${pathShape(op.path)}`;
}

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every key of `value` two levels down (`members[].name`), into `into`. */
function addKeys(into, value, prefix = '', depth = 0) {
  if (Array.isArray(value)) {
    for (const item of value) addKeys(into, item, `${prefix}[]`, depth);
    return;
  }
  if (!isObject(value) || depth === 2) return;
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    into.add(path);
    addKeys(into, inner, path, depth + 1);
  }
}

function parse(bytes) {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    // An empty or torn version: the next one says the same, whole.
    return undefined;
  }
}

const sortedSets = (map) =>
  Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b)).map(([name, set]) => [name, [...set].sort()]));

/** The schema of what `recordings` hold (several runs of one version: the union). */
export function schemaOf(recordings) {
  const files = new Map([
    ['config.json', new Set()],
    ['inbox message', new Set()],
    ['task', new Set()],
  ]);
  const types = new Map();
  const lifecycle = new Set();
  for (const recording of recordings) {
    // What each file holds: a temp file's bytes are its target's once renamed.
    const contents = new Map();
    for (const op of recording.ops) {
      const step = lifecycleStep(op);
      if (step) lifecycle.add(step);
      let path;
      if (op.kind === 'create' || op.kind === 'write') {
        contents.set(op.path, op.content);
        path = op.path;
      } else if (op.kind === 'rename' && contents.has(op.from)) {
        contents.set(op.to, contents.get(op.from));
        contents.delete(op.from);
        path = op.to;
      }
      const data = path === undefined ? undefined : parse(contents.get(path));
      if (data === undefined) continue;
      if (CONFIG.test(path)) addKeys(files.get('config.json'), data);
      else if (TASK.test(path)) addKeys(files.get('task'), data);
      else if (INBOX.test(path) && Array.isArray(data)) for (const message of data) addKeys(files.get('inbox message'), message);
    }
    const run = recordedRun(recording);
    for (const message of run.messages) {
      if (!message.protocol) continue;
      if (!types.has(message.kind)) types.set(message.kind, new Set());
      addKeys(types.get(message.kind), message.protocol);
    }
    // How a delivered message leaves its inbox: removed, or left there marked read.
    if (run.messages.some((message) => message.removedAt !== null)) lifecycle.add('a delivered message is removed from its inbox');
  }
  return { files: sortedSets(files), messageTypes: sortedSets(types), lifecycle: [...lifecycle].sort() };
}

const minus = (a = [], b = []) => a.filter((item) => !b.includes(item));

/**
 * What `seen` has that `verified` has not (`added`), and the reverse
 * (`missing`: either the client stopped doing it or these runs did not get
 * there), each a list of lines for a person to read.
 */
export function diffSchemas(verified, seen) {
  const added = [];
  const missing = [];
  for (const kind of new Set([...Object.keys(verified.files), ...Object.keys(seen.files)])) {
    for (const key of minus(seen.files[kind], verified.files[kind])) added.push(`key ${key} in ${kind}`);
    for (const key of minus(verified.files[kind], seen.files[kind])) missing.push(`key ${key} in ${kind}`);
  }
  for (const type of minus(Object.keys(seen.messageTypes), Object.keys(verified.messageTypes))) added.push(`message type ${type}`);
  for (const type of minus(Object.keys(verified.messageTypes), Object.keys(seen.messageTypes))) missing.push(`message type ${type}`);
  for (const type of Object.keys(seen.messageTypes).filter((name) => name in verified.messageTypes)) {
    for (const key of minus(seen.messageTypes[type], verified.messageTypes[type])) added.push(`key ${key} in ${type}`);
    for (const key of minus(verified.messageTypes[type], seen.messageTypes[type])) missing.push(`key ${key} in ${type}`);
  }
  for (const step of minus(seen.lifecycle, verified.lifecycle)) added.push(`lifecycle: ${step}`);
  for (const step of minus(verified.lifecycle, seen.lifecycle)) missing.push(`lifecycle: ${step}`);
  return { added, missing };
}

/** The diff in words: what is new first, then what these runs did not see. */
export function describeDiff(diff, { verifiedVersion, version }) {
  if (diff.added.length === 0 && diff.missing.length === 0)
    return `Claude Code ${version} wrote the keys, message types and file operations of ${verifiedVersion}, nothing else.\n`;
  const lines = [`Claude Code ${version} against ${verifiedVersion}, the last version verified:`];
  if (diff.added.length > 0) lines.push(`new in ${version} (to review):`, ...diff.added.map((line) => `  + ${line}`));
  if (diff.missing.length > 0)
    lines.push(`written by ${verifiedVersion}, not seen in these runs:`, ...diff.missing.map((line) => `  - ${line}`));
  return `${lines.join('\n')}\n`;
}

// What a recording (every version of every file, as recorder.mjs and
// ../shared/realcc/snapshot.py write it) holds: its messages, members and tasks;
// and which of them teamtop kept.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stats } from '../bench/stats.mjs';

const INBOX = /^teams\/([^/]+)\/inboxes\/([^/]+)\.json$/u;
const CONFIG = /^teams\/([^/]+)\/config\.json$/u;
const TASK = /^tasks\/([^/]+)\/([^/]+)\.json$/u;

export function readEvents(snapDir) {
  return readFileSync(join(snapDir, 'events.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** The protocol type inside a message's text, or 'text' for plain text (as teamtop's `kind`). */
function kindOf(text) {
  try {
    const data = JSON.parse(text);
    if (data && typeof data === 'object' && typeof data.type === 'string') return data.type;
  } catch {
    // Plain text.
  }
  return 'text';
}

/**
 * Every distinct message (by `msg_id`) that was ever in an inbox file, in the
 * order it first appeared: `{ id, team, to, from, timestamp, kind, text, seq,
 * firstSeen, written, removed }`: `seq` is the event that first held it,
 * `firstSeen` its time on the machine's monotonic clock (comparable with
 * monoMs() taken in another process; wall-clock in recordings without one):
 * the earlier of when the recorder saw it and the file's ctime, which the
 * kernel may round down by a clock tick, so a time measured from it is never
 * too short,
 * `written` and `removed` (from its inbox) wall-clock ms.
 * Inboxes of a team folder renamed for deletion (`<team>.deleted-<uuid>`) are
 * the same messages on their way out, not new ones.
 */
export function recordedMessages(snapDir, events = readEvents(snapDir)) {
  const messages = new Map();
  const present = new Map();
  for (const { event, path, data } of versions(snapDir, events, INBOX)) {
    if (data !== null && !Array.isArray(data)) continue;
    const [, team, to] = path;
    const ids = new Set();
    for (const message of data ?? []) {
      const id = message.msg_id ?? `${message.from}|${message.timestamp}|${message.text}`;
      ids.add(id);
      if (messages.has(id)) continue;
      const text = typeof message.text === 'string' ? message.text : JSON.stringify(message.text);
      messages.set(id, {
        id,
        team,
        to,
        from: message.from,
        timestamp: message.timestamp,
        kind: kindOf(text),
        text,
        seq: event.seq,
        firstSeen: Math.min(event.mono ?? event.t * 1000, event.changed ?? Infinity),
        written: event.t * 1000,
        removed: undefined,
      });
    }
    for (const id of present.get(event.path) ?? []) {
      const message = messages.get(id);
      if (!ids.has(id) && message.removed === undefined) message.removed = event.t * 1000;
    }
    present.set(event.path, ids);
  }
  return [...messages.values()];
}

/**
 * The readable versions of the files whose path matches `pattern`, outside
 * folders renamed for deletion (`<team>.deleted-<uuid>`: the same files on
 * their way out): `{ event, path (the match), data }`, data null for a removal.
 * Torn and empty versions (in the middle of an in-place write) are skipped.
 */
function* versions(snapDir, events, pattern) {
  for (const event of events) {
    const path = pattern.exec(event.path);
    if (!path || path[1].includes('.deleted-')) continue;
    if (!event.version_file) {
      if (event.kind === 'delete') yield { event, path, data: null };
      continue;
    }
    try {
      yield { event, path, data: JSON.parse(readFileSync(join(snapDir, event.version_file), 'utf8')) };
    } catch {
      // A version in the middle of a write.
    }
  }
}

/** Each team's members (every name its config ever listed) and tasks (id → the last readable version of its file). */
export function recordedTeams(snapDir, events = readEvents(snapDir)) {
  const teams = new Map();
  const team = (name) => {
    if (!teams.has(name)) teams.set(name, { members: new Set(), tasks: new Map() });
    return teams.get(name);
  };
  for (const { path, data } of versions(snapDir, events, CONFIG)) {
    for (const member of data?.members ?? []) team(path[1]).members.add(member.name);
  }
  for (const { path, data } of versions(snapDir, events, TASK)) {
    if (data) team(path[1]).tasks.set(data.id ?? path[2], data);
  }
  return teams;
}

const identity = (to, from, timestamp, kind) => `${to}|${from}|${Date.parse(timestamp)}|${kind}`;

/**
 * Pairs each recorded message with teamtop's (`--json`) message for it: the
 * same inbox, sender, time and kind (teamtop's JSON has no message ids).
 * `match[i]` is teamtop's message for `recorded[i]`, or undefined: lost.
 */
function matchMessages(recorded, teamtopMessages) {
  const pool = new Map();
  for (const message of teamtopMessages) {
    const key = identity(message.to, message.from, message.timestamp, message.kind);
    if (!pool.has(key)) pool.set(key, []);
    pool.get(key).push(message);
  }
  return recorded.map((message) => pool.get(identity(message.to, message.from, message.timestamp, message.kind))?.shift());
}

/**
 * What teamtop made of a recording: which messages it kept (in `teamtop`, its
 * `--json`), and how long after `writtenAt(message)` each reached the screen
 * (`firstDrawn(messages)`: when each of teamtop's messages was first drawn);
 * which members it kept, and which tasks, with the status of their last version.
 */
export function verdict({ recorded, teams }, teamtop, firstDrawn, writtenAt = (message) => message.firstSeen) {
  const shown = teamtop.teams.filter((team) => teams.has(team.name));
  const match = matchMessages(
    recorded,
    shown.flatMap((team) => team.messages),
  );
  const times = firstDrawn(match.filter(Boolean));
  let next = 0;
  /** ms from the write to the frame that showed it; undefined: never drawn. */
  const drawn = recorded.map((message, i) => {
    const at = match[i] ? times[next++] : undefined;
    return at === undefined ? undefined : at - writtenAt(message);
  });
  const latencies = drawn.filter((ms) => ms !== undefined);
  const members = { seen: 0, kept: 0, lost: [] };
  const tasks = { seen: 0, kept: 0, lost: [] };
  for (const [name, { members: names, tasks: files }] of teams) {
    const team = shown.find((candidate) => candidate.name === name);
    for (const member of names) {
      members.seen++;
      if (team?.members.some((kept) => kept.name === member)) members.kept++;
      else members.lost.push(member);
    }
    for (const [id, task] of files) {
      tasks.seen++;
      const kept = team?.tasks.find((candidate) => candidate.id === id);
      if (kept?.status === task.status) tasks.kept++;
      else tasks.lost.push(`#${id} ${task.status}${kept ? ` (teamtop: ${kept.status})` : ''}`);
    }
  }
  return {
    written: recorded.length,
    kept: next,
    drawn: latencies.length,
    latency: stats(latencies),
    match,
    drawnAfter: drawn,
    members,
    tasks,
  };
}

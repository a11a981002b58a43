// A recording of the real Claude Code (every version of every file under a
// config dir's teams/ and tasks/, as recorder.mjs and ../shared/realcc/snapshot.py
// write it: `snap/events.jsonl` + `snap/versions/`; recorder.mjs's have
// sessions/ and projects/ too, a transcript as what was appended to it), read two ways:
//
// - as the file operations of the client that explain what was recorded
//   (`loadRecording`), which reenact.mjs plays back into a folder;
// - as what the client wrote (`recordedRun`): its messages, roster, tasks and
//   handshakes, worked out from the bytes alone, independently of teamtop's
//   decoder. The tests, the benchmark and `npm run conformance` all judge
//   teamtop against it (`verdict` for the last two).
//
// Types in recording.d.mts.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const TEMP = /^(.+)\.tmp\.[^/]+$/u;
const CONFIG = /^teams\/([^/]+)\/config\.json$/u;
const INBOX = /^teams\/([^/]+)\/inboxes\/([^/]+)\.json$/u;
const TASK = /^tasks\/([^/]+)\/(\d+)\.json$/u;
/** Where 2.1.330 moves a team's folder on exit, just before removing it: the same files on their way out. */
const DELETED = /\.deleted-[0-9a-f-]+$/iu;

const within = (path, folder) => path === folder || path.startsWith(`${folder}/`);

/**
 * When the recording has `event` happen, in ms: the earlier of when the
 * recorder saw it and the version's ctime (which the kernel may round down by
 * a tick), on the machine's monotonic clock, so a time measured from it is
 * never too short. snapshot.py's recordings have the wall clock only.
 */
const timeOf = (event) => (event.mono === undefined ? event.t * 1000 : Math.min(event.mono, event.changed ?? Infinity));

/**
 * The writer's operations that produce what the recorder saw. The recorder reads
 * a file on each inotify event (and polls every 10 ms), so one operation can show
 * as several events (a rename is a MOVED_FROM and a MOVED_TO; a folder moved
 * reports each file in it again; recorder.mjs reports a folder both from its
 * watch and from its poll) and some show late, half done or not at all (a temp
 * file renamed before it was read, or read before it was filled). A model of the
 * tree (file → content, and its folders) turns the events into the operations
 * that explain them, each once.
 */
function operationsOf(events, versionsDir) {
  const files = new Map();
  const folders = new Set();
  const ops = [];
  const startedAt = events.length === 0 ? 0 : timeOf(events[0]);
  let last = 0;
  const contentOf = (event) => readFileSync(join(versionsDir, basename(event.version_file)));
  const nextEventOn = (from, path) => events.slice(from + 1).find((event) => event.path === path);
  const addFolders = (path) => {
    for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) folders.add(path.slice(0, at));
  };
  const moveTree = (from, to) => {
    for (const [path, content] of [...files]) {
      if (!within(path, from)) continue;
      files.delete(path);
      files.set(to + path.slice(from.length), content);
    }
    for (const folder of [...folders]) {
      if (!within(folder, from)) continue;
      folders.delete(folder);
      folders.add(to + folder.slice(from.length));
    }
    addFolders(`${to}/`);
  };
  const dropTree = (folder) => {
    for (const path of [...files.keys()]) if (within(path, folder)) files.delete(path);
    for (const known of [...folders]) if (within(known, folder)) folders.delete(known);
  };

  // Folders moved (the team's, on exit): a MOVED_FROM and the MOVED_TO after it.
  const moves = new Map();
  events.forEach((event, index) => {
    if (event.kind !== 'dir-delete' || !event.raw?.includes('MOVED_FROM')) return;
    const to = events.slice(index + 1).find((next) => next.kind === 'dir-create' && next.raw?.includes('MOVED_TO'));
    if (!to) throw new Error(`event ${event.seq}: ${event.path} moved away to nowhere`);
    moves.set(index, { from: event.path, to: to.path, done: false });
  });

  events.forEach((event, index) => {
    const op = (operation, ...explained) => {
      const seenAt = Math.min(timeOf(event), ...explained.map(timeOf));
      // In the recorded order: a time that goes backwards (a ctime rounded
      // down, a poll that saw a write before the watch told of the lock taken
      // for it) is the time before it.
      last = Math.max(last, seenAt - startedAt);
      ops.push({ at: last, seenAt, seq: event.seq, ...operation });
    };
    const raw = event.raw ?? [];
    const { path } = event;
    const move = (moved) => {
      op({ kind: 'rename', from: moved.from, to: moved.to });
      moveTree(moved.from, moved.to);
      moved.done = true;
    };
    // The poll can see a folder's files at their new place (or gone from the
    // old) before inotify reports the move: then the move came first.
    for (const [movedAt, moved] of moves) {
      const seenMoved = (seen) => within(seen.path, moved.to) || (seen.kind === 'delete' && within(seen.path, moved.from));
      if (!moved.done && movedAt >= index && events.slice(index, movedAt).every(seenMoved)) move(moved);
    }
    switch (event.kind) {
      case 'dir-create':
        // Known already: a folder moved here (moved at its MOVED_FROM), or one
        // both the watch and the poll reported.
        if (folders.has(path)) return;
        op({ kind: 'mkdir', path });
        folders.add(path);
        addFolders(path);
        return;
      case 'dir-delete': {
        const moved = moves.get(index);
        if (moved) {
          if (!moved.done) move(moved);
          return;
        }
        // Gone already: moved away with its parent, or removed with it.
        if (!folders.has(path)) return;
        op({ kind: 'rmdir', path });
        dropTree(path);
        return;
      }
      case 'delete': {
        if (!files.has(path)) return; // moved away with its folder, or a temp file renamed before it was seen
        const target = TEMP.exec(path)?.[1];
        const next = target === undefined ? undefined : nextEventOn(index, target);
        const then = next?.version_file === undefined ? undefined : contentOf(next);
        if (target !== undefined && (raw.includes('MOVED_FROM') || then?.equals(files.get(path)))) {
          if (then !== undefined && !then.equals(files.get(path))) {
            // Read before it was filled: it held what its target holds next.
            op({ kind: 'write', path, content: then });
            files.set(path, then);
          }
          op({ kind: 'rename', from: path, to: target }, ...(next ? [next] : []));
          files.set(target, files.get(path));
        } else {
          op({ kind: 'unlink', path });
        }
        files.delete(path);
        return;
      }
      case 'create':
      case 'modify': {
        if (!event.version_file) throw new Error(`event ${event.seq}: ${path} has no recorded version`);
        const content = contentOf(event);
        const known = files.get(path);
        if (known?.equals(content)) return; // what a rename or a folder move already put there
        const temps = TEMP.test(path) ? [] : [...files.keys()].filter((candidate) => TEMP.exec(candidate)?.[1] === path);
        const temp = temps.find((candidate) => files.get(candidate).equals(content));
        // A temp file read before it was filled, then seen going as it was renamed over its target.
        const filled = temps.find((candidate) => {
          const gone = nextEventOn(index, candidate);
          return gone?.kind === 'delete' && (gone.raw === undefined || gone.raw.includes('MOVED_FROM'));
        });
        if (temp !== undefined) {
          // Seen at its new name before its temp file was seen going.
          op({ kind: 'rename', from: temp, to: path });
          files.delete(temp);
        } else if (filled !== undefined && !raw.includes('MODIFY') && (known !== undefined || raw.includes('MOVED_TO'))) {
          op({ kind: 'write', path: filled, content });
          op({ kind: 'rename', from: filled, to: path });
          files.delete(filled);
        } else if (known === undefined && (!raw.includes('MOVED_TO') || TEMP.test(path))) {
          // A new file; a temp file the recorder first saw arrive (its creation unseen: told from its inode as
          // moved in) is one too, the client renames temp files only away.
          op({ kind: 'create', path, content });
          addFolders(path);
        } else if (TEMP.test(path) || path.endsWith('/config.json') || raw.includes('MODIFY')) {
          op({ kind: 'write', path, content });
        } else {
          // Renamed over it from a temp file the recorder never saw.
          const from = `${path}.tmp.reenact${event.seq}`;
          op({ kind: 'create', path: from, content });
          op({ kind: 'rename', from, to: path });
          addFolders(path);
        }
        files.set(path, content);
        return;
      }
      case 'append': {
        // A transcript's new lines (recorder.mjs): what it held up to `offset`, then these bytes.
        const content = contentOf(event);
        const known = files.get(path) ?? Buffer.alloc(0);
        op({ kind: 'append', path, offset: event.offset, content });
        files.set(path, Buffer.concat([known.subarray(0, event.offset), content]));
        return;
      }
      default:
        throw new Error(`event ${event.seq}: unknown kind ${String(event.kind)}`);
    }
  });
  return { ops, startedAt };
}

/** The events of a recording folder (holding `snap/events.jsonl`), in the order they were recorded. */
function readEvents(folder) {
  return readFileSync(join(folder, 'snap', 'events.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))
    .sort((a, b) => a.seq - b.seq);
}

/** A recording folder (holding `snap/events.jsonl` and `snap/versions/`), as operations to replay. */
export function loadRecording(folder) {
  const events = readEvents(folder);
  const { ops, startedAt } = operationsOf(events, join(folder, 'snap', 'versions'));
  const endedAt = events.length === 0 ? 0 : Math.round(events.at(-1).t * 1000);
  return { folder, name: basename(folder), events, ops, startedAt, durationMs: ops.at(-1)?.at ?? 0, endedAt };
}

function parse(content) {
  try {
    return JSON.parse(content.toString('utf8'));
  } catch {
    return undefined; // torn or empty: a later version says more
  }
}

const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The protocol object inside a message's text, if it is one. */
function protocolOf(text) {
  const data = parse(Buffer.from(text));
  return isRecord(data) && typeof data.type === 'string' ? data : undefined;
}

/** Yes or no, as the client wrote it: by type, or by its approve/approved/subtype field. */
function answerOf(data) {
  if (data.type === 'shutdown_rejected') return 'rejected';
  if (data.approved === false || data.approve === false || data.subtype === 'error') return 'rejected';
  return 'approved';
}

function handshakesOf(messages) {
  const handshakes = new Map();
  const ordered = [...messages].sort((a, b) => a.writtenAt - b.writtenAt);
  const requestIdOf = (data) => data?.requestId ?? data?.request_id;
  for (const message of ordered) {
    const id = requestIdOf(message.protocol);
    if (typeof id !== 'string' || !message.kind.endsWith('_request')) continue;
    handshakes.set(id, { requestId: id, type: message.kind, from: message.from, to: message.to, answers: [] });
  }
  for (const message of ordered) {
    const id = requestIdOf(message.protocol);
    if (typeof id !== 'string' || message.kind.endsWith('_request')) continue;
    handshakes.get(id)?.answers.push({ state: answerOf(message.protocol), from: message.from, msgId: message.msgId });
  }
  return [...handshakes.values()];
}

/**
 * What the client wrote, from the recording's operations played in memory:
 * every distinct message that reached an inbox, the roster's history, the
 * tasks, every answer of every request, and whether the team's folder was gone
 * at the end. Files of a `.deleted-<uuid>` folder are the team's on their way
 * out: they add nothing.
 */
export function recordedRun(recording) {
  const contents = new Map();
  const messages = new Map();
  const inInbox = new Map();
  const configs = [];
  const tasks = new Map();
  let team;

  const inbox = (path, content, index, op) => {
    const [, teamName, to] = INBOX.exec(path);
    const elements = parse(content);
    if (!Array.isArray(elements)) return;
    const now = new Set();
    for (const entry of elements) {
      if (!isRecord(entry)) continue;
      const text = typeof entry.text === 'string' ? entry.text : JSON.stringify(entry.text);
      // Clients before msg_id: a message is its sender, time and text.
      const msgId = typeof entry.msg_id === 'string' ? entry.msg_id : `${entry.from}|${entry.timestamp}|${text}`;
      now.add(msgId);
      if (messages.has(msgId)) continue;
      const protocol = protocolOf(text);
      messages.set(msgId, {
        msgId,
        team: teamName,
        to,
        from: String(entry.from),
        timestamp: entry.timestamp,
        text,
        kind: protocol?.type ?? 'text',
        protocol,
        op: index,
        writtenAt: op.at,
        seenAt: op.seenAt,
        removedAt: null,
      });
    }
    for (const msgId of inInbox.get(path) ?? []) {
      const message = messages.get(msgId);
      if (!now.has(msgId) && message.removedAt === null) message.removedAt = op.at;
    }
    inInbox.set(path, now);
  };

  const written = (path, content, index, op) => {
    contents.set(path, content);
    const [, name] = /^(?:teams|tasks)\/([^/]+)\//u.exec(path) ?? [];
    if (name === undefined || DELETED.test(name)) return;
    if (CONFIG.test(path)) {
      team = name;
      const config = parse(content);
      if (isRecord(config) && Array.isArray(config.members)) configs.push(config);
    } else if (INBOX.test(path)) {
      inbox(path, content, index, op);
    } else if (TASK.test(path)) {
      const task = parse(content);
      if (isRecord(task)) tasks.set(TASK.exec(path)[2], { path, data: task });
    }
  };

  recording.ops.forEach((op, index) => {
    if (op.kind === 'create' || op.kind === 'write') written(op.path, op.content, index, op);
    else if (op.kind === 'rename') {
      for (const [path, content] of [...contents]) {
        if (!within(path, op.from)) continue;
        contents.delete(path);
        written(op.to + path.slice(op.from.length), content, index, op);
      }
    } else if (op.kind === 'unlink' || op.kind === 'rmdir') {
      for (const path of [...contents.keys()]) if (within(path, op.path)) contents.delete(path);
    }
  });

  const recorded = [...messages.values()];
  // A claude -p run has a session folder of inboxes and no config.
  team ??= recorded[0]?.team;
  if (team === undefined) throw new Error(`${recording.name}: no team folder in the recording`);
  const names = (config) => new Set((config?.members ?? []).filter(isRecord).map((member) => String(member.name)));
  const members = new Set();
  for (const config of configs) for (const name of names(config)) members.add(name);
  const last = configs.at(-1);
  const leadAgentId = last?.leadAgentId;
  return {
    team,
    members,
    finalMembers: names(last),
    lead: typeof leadAgentId === 'string' ? leadAgentId.split('@')[0] : undefined,
    tasks: new Map([...tasks].map(([id, { path, data }]) => [id, { data, deleted: !contents.has(path) }])),
    messages: recorded,
    handshakes: handshakesOf(recorded),
    ended: ![...contents.keys()].some((path) => within(path, `teams/${team}`)),
  };
}

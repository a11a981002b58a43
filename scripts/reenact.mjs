#!/usr/bin/env node
// Re-enact a recording of the real Claude Code (made by ../shared/realcc/run.sh:
// `snap/events.jsonl` + `snap/versions/`) into a config dir, file operation by file
// operation, in the recorded order and with the recorded gaps, the way the client
// wrote: a temp file written and renamed over an inbox or task under its lock dir,
// `config.json` rewritten in place (the torn and empty versions a reader saw
// included), new task files empty first, and at exit the team folder renamed to
// `<team>.deleted-<uuid>` and removed.
//
//   node scripts/reenact.mjs RECORDING CLAUDE_DIR [--speed N]
//
// Tests, the benchmark and the conformance driver import `loadRecording`,
// `reenact` and `inboxMessages` (types in reenact.d.mts).
import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const TEMP = /^(.+)\.tmp\.[^/]+$/u;
const INBOX = /^teams\/([^/]+)\/inboxes\/([^/]+)\.json$/u;
/** Where 2.1.330 moves a team's folder on exit, just before removing it. */
const DELETED = /\.deleted-[0-9a-f-]+$/iu;

const within = (path, folder) => path === folder || path.startsWith(`${folder}/`);

/**
 * The writer's operations that produce what the recorder saw. The recorder reads
 * a file on each inotify event (and polls every 10 ms), so one operation can show
 * as several events (a rename is a MOVED_FROM and a MOVED_TO; a folder moved
 * reports each file in it again) and some show late or not at all (a temp file
 * renamed before it was read). A model of the tree (path → content) turns the
 * events into the operations that explain them, each once.
 */
function operationsOf(events, versionsDir) {
  const files = new Map();
  const ops = [];
  const t0 = events[0]?.t ?? 0;
  let last = 0;
  const contentOf = (event) => readFileSync(join(versionsDir, basename(event.version_file)));
  const nextEventOn = (from, path) => events.slice(from + 1).find((event) => event.path === path);
  const moveTree = (from, to) => {
    for (const [path, content] of [...files]) {
      if (!within(path, from)) continue;
      files.delete(path);
      files.set(to + path.slice(from.length), content);
    }
  };
  const dropTree = (folder) => {
    for (const path of [...files.keys()]) if (within(path, folder)) files.delete(path);
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
    // The recorder's clock: never backwards, in ms since its first event.
    const at = (last = Math.max(last, (event.t - t0) * 1000));
    const op = (operation) => ops.push({ at, seq: event.seq, ...operation });
    const raw = event.raw ?? [];
    const { path } = event;
    // The poll can see a folder's files at their new place (or gone from the
    // old) before inotify reports the move: then the move came first.
    for (const [movedAt, move] of moves) {
      const seenMoved = (seen) => within(seen.path, move.to) || (seen.kind === 'delete' && within(seen.path, move.from));
      if (move.done || movedAt < index || !events.slice(index, movedAt).every(seenMoved)) continue;
      op({ kind: 'rename', from: move.from, to: move.to });
      moveTree(move.from, move.to);
      move.done = true;
    }
    switch (event.kind) {
      case 'dir-create':
        // A folder moved here was moved at its MOVED_FROM (below).
        if (!raw.includes('MOVED_TO')) op({ kind: 'mkdir', path });
        return;
      case 'dir-delete': {
        const move = moves.get(index);
        if (move) {
          if (move.done) return;
          op({ kind: 'rename', from: move.from, to: move.to });
          moveTree(move.from, move.to);
          move.done = true;
          return;
        }
        op({ kind: 'rmdir', path });
        dropTree(path);
        return;
      }
      case 'delete': {
        if (!files.has(path)) return; // moved away with its folder, or a temp file renamed before it was seen
        const target = TEMP.exec(path)?.[1];
        const next = target === undefined ? undefined : nextEventOn(index, target);
        if (next?.version_file !== undefined && files.get(path).equals(contentOf(next))) {
          op({ kind: 'rename', from: path, to: target });
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
        const temp = TEMP.test(path)
          ? undefined
          : [...files.keys()].find((candidate) => TEMP.exec(candidate)?.[1] === path && files.get(candidate).equals(content));
        if (temp !== undefined) {
          // Seen at its new name before its temp file was seen going.
          op({ kind: 'rename', from: temp, to: path });
          files.delete(temp);
        } else if (known === undefined && !raw.includes('MOVED_TO')) {
          op({ kind: 'create', path, content });
        } else if (TEMP.test(path) || path.endsWith('/config.json') || raw.includes('MODIFY')) {
          op({ kind: 'write', path, content });
        } else {
          // Renamed over it from a temp file the recorder never saw.
          const from = `${path}.tmp.reenact${event.seq}`;
          op({ kind: 'create', path: from, content });
          op({ kind: 'rename', from, to: path });
        }
        files.set(path, content);
        return;
      }
      default:
        throw new Error(`event ${event.seq}: unknown kind ${String(event.kind)}`);
    }
  });
  return ops;
}

/** A recording folder (holding `snap/events.jsonl` and `snap/versions/`) as operations to replay. */
export function loadRecording(folder) {
  const snap = join(folder, 'snap');
  const events = readFileSync(join(snap, 'events.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))
    .sort((a, b) => a.seq - b.seq);
  const ops = operationsOf(events, join(snap, 'versions'));
  return { folder, name: basename(folder), ops, durationMs: ops.at(-1)?.at ?? 0 };
}

/** Apply one operation under `claudeDir`, as the client's system calls did. */
export function applyOperation(claudeDir, op) {
  const at = (path) => join(claudeDir, path);
  switch (op.kind) {
    case 'mkdir':
      mkdirSync(at(op.path), { recursive: true });
      return;
    case 'rmdir':
      rmSync(at(op.path), { recursive: true, force: true });
      return;
    case 'create':
      mkdirSync(dirname(at(op.path)), { recursive: true });
      writeFileSync(at(op.path), op.content);
      return;
    case 'write': {
      // In place: same inode, new bytes over the old, then cut to length (a reader
      // in between sees what the client's reader saw: a torn file).
      const fd = openSync(at(op.path), 'r+');
      try {
        writeSync(fd, op.content, 0, op.content.length, 0);
        ftruncateSync(fd, op.content.length);
      } finally {
        closeSync(fd);
      }
      return;
    }
    case 'rename':
      mkdirSync(dirname(at(op.to)), { recursive: true });
      renameSync(at(op.from), at(op.to));
      return;
    case 'unlink':
      rmSync(at(op.path), { force: true });
      return;
    default:
      throw new Error(`unknown operation ${String(op.kind)}`);
  }
}

/**
 * Replay a recording into `claudeDir` (created if missing). Each operation waits
 * out its recorded gap to the previous one, divided by `speed`: on a busy machine
 * the whole run slides later, but no two writes come closer together than they
 * did (a message written and removed 0.2 s later is never removed at once).
 * Gaps under a millisecond are not waited for.
 */
export async function reenact(recording, claudeDir, { speed = 1, signal, onOperation } = {}) {
  mkdirSync(claudeDir, { recursive: true });
  const started = performance.now();
  let previousAt = 0;
  let appliedAt = started;
  for (const op of recording.ops) {
    signal?.throwIfAborted();
    const due = appliedAt + (op.at - previousAt) / speed;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait, undefined, signal ? { signal } : undefined);
    applyOperation(claudeDir, op);
    previousAt = op.at;
    appliedAt = Math.max(due, performance.now());
    onOperation?.(op);
  }
  return { operations: recording.ops.length, ms: performance.now() - started };
}

/**
 * Every distinct message (by `msg_id`) that reached an inbox file during the
 * recording, with the recording's own account of it: when it first appeared
 * (`writtenAt`, ms into the recording) and when a rewrite of its inbox first
 * left it out (`removedAt`; null when it was still there when the team's
 * folder went). Inboxes of a `.deleted-<uuid>` folder are the same files
 * moved: they add nothing.
 */
export function inboxMessages(recording) {
  const messages = new Map();
  const contents = new Map();
  const present = new Map();
  const look = (path, at) => {
    const inbox = INBOX.exec(path);
    if (!inbox || DELETED.test(inbox[1])) return;
    let elements;
    try {
      elements = JSON.parse(contents.get(path).toString('utf8'));
    } catch {
      return; // torn: the next version says more
    }
    if (!Array.isArray(elements)) return;
    const now = new Set();
    for (const entry of elements) {
      if (typeof entry?.msg_id !== 'string') continue;
      now.add(entry.msg_id);
      if (!messages.has(entry.msg_id)) {
        messages.set(entry.msg_id, { msgId: entry.msg_id, team: inbox[1], member: inbox[2], entry, writtenAt: at, removedAt: null });
      }
    }
    for (const id of present.get(path) ?? []) {
      const message = messages.get(id);
      if (!now.has(id) && message.removedAt === null) message.removedAt = at;
    }
    present.set(path, now);
  };
  for (const op of recording.ops) {
    if (op.kind === 'create' || op.kind === 'write') {
      contents.set(op.path, op.content);
      look(op.path, op.at);
    } else if (op.kind === 'rename') {
      for (const [path, content] of [...contents]) {
        if (!within(path, op.from)) continue;
        contents.delete(path);
        const moved = op.to + path.slice(op.from.length);
        contents.set(moved, content);
        look(moved, op.at);
      }
    } else if (op.kind === 'unlink' || op.kind === 'rmdir') {
      for (const path of [...contents.keys()]) if (within(path, op.path)) contents.delete(path);
    }
  }
  return [...messages.values()];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [folder, claudeDir, ...rest] = process.argv.slice(2);
  const speedAt = rest.indexOf('--speed');
  const speed = speedAt >= 0 ? Number(rest[speedAt + 1]) : 1;
  if (!folder || !claudeDir || !(speed > 0)) {
    process.stderr.write('usage: node scripts/reenact.mjs RECORDING CLAUDE_DIR [--speed N]\n');
    process.exit(2);
  }
  const recording = loadRecording(folder);
  process.stderr.write(
    `${recording.name}: ${recording.ops.length} operations over ${(recording.durationMs / 1000).toFixed(1)} s, at ${speed}×, into ${claudeDir}\n`,
  );
  const { ms } = await reenact(recording, claudeDir, { speed });
  process.stderr.write(`done in ${(ms / 1000).toFixed(1)} s\n`);
}

#!/usr/bin/env node
// Plays a recording of the real Claude Code (recording.mjs reads it) back into
// a config dir, operation by operation, in the recorded order and with the
// recorded gaps, the way the client wrote: a temp file written and renamed over
// an inbox or task under its lock folder, `config.json` rewritten in place (the
// torn and empty versions a reader saw included), new task files empty first,
// and at exit the team folder renamed to `<team>.deleted-<uuid>` and removed;
// a session's transcript appended to.
// A watcher beside it sees what it saw when the real client wrote.
//
//   node harness/reenact.mjs RECORDING CLAUDE_DIR [--speed N]
//
// The tests, the benchmark's replay and the conformance suite import
// `applyOperation` and `reenact` (types in reenact.d.mts).
import { appendFileSync, closeSync, ftruncateSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { monoMs } from './stats.mjs';
import { loadRecording } from './recording.mjs';

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
    case 'append':
      appendFileSync(at(op.path), op.content);
      return;
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
 * Until `due` on monoMs()'s clock: a timer for all but the last 2 ms (a timer
 * fires a millisecond or more late), then turns of the event loop, which let
 * I/O and other timers run meanwhile.
 */
async function until(due, signal) {
  const wait = due - monoMs();
  if (wait > 2) await sleep(wait - 2, undefined, signal ? { signal } : undefined);
  while (monoMs() < due) {
    signal?.throwIfAborted();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Replay a recording into `claudeDir` (created if missing). Each operation waits
 * out its recorded gap to the previous one, divided by `speed`: on a busy machine
 * the whole run slides later, but no two writes come closer together than they
 * did (a message written and removed 0.2 s later is never removed at once).
 * Resolves with when each operation was applied (`appliedAt[i]`, on monoMs()'s
 * clock, taken just before it: a time measured from it is never too short).
 * `maxGapMs` plays a longer gap (after `speed`) as that long: the client idle.
 */
export async function reenact(recording, claudeDir, { speed = 1, maxGapMs = Infinity, signal } = {}) {
  mkdirSync(claudeDir, { recursive: true });
  const started = monoMs();
  const appliedAt = [];
  let previous = { at: 0, appliedAt: started };
  for (const op of recording.ops) {
    signal?.throwIfAborted();
    await until(previous.appliedAt + Math.min((op.at - previous.at) / speed, maxGapMs), signal);
    previous = { at: op.at, appliedAt: monoMs() };
    appliedAt.push(previous.appliedAt);
    applyOperation(claudeDir, op);
  }
  return { appliedAt, ms: monoMs() - started };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [folder, claudeDir, ...rest] = process.argv.slice(2);
  const speedAt = rest.indexOf('--speed');
  const speed = speedAt >= 0 ? Number(rest[speedAt + 1]) : 1;
  if (!folder || !claudeDir || !(speed > 0)) {
    process.stderr.write('usage: node harness/reenact.mjs RECORDING CLAUDE_DIR [--speed N]\n');
    process.exit(2);
  }
  const recording = loadRecording(folder);
  process.stderr.write(
    `${recording.name}: ${recording.ops.length} operations over ${(recording.durationMs / 1000).toFixed(1)} s, at ${speed}×, into ${claudeDir}\n`,
  );
  const { ms } = await reenact(recording, claudeDir, { speed });
  process.stderr.write(`done in ${(ms / 1000).toFixed(1)} s\n`);
}

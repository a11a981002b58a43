// Plays a recording back into a folder with its timing and its write protocol,
// so a watcher sees what it saw when the real client wrote: in-place rewrites
// (empty and torn versions included) where the client wrote in place, a temp
// file renamed over the target where it did (2.1.330's inboxes and tasks), lock
// folders made and removed, and the team folder renamed away before it is
// deleted. Reads recordings of recorder.mjs and of ../shared/realcc/snapshot.py.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { monoMs } from '../bench/stats.mjs';
import { readEvents } from './recording.mjs';

const TEMP = /^(.*)\.tmp\.[0-9a-f]+$/u;
/** A temp file's removal and its target's new version closer than this are one rename. */
const RENAME_MS = 50;

/** Whether `to` is `from` renamed: snapshot.py's inotify pair, or recorder.mjs's moved fields. */
const movedPair = (from, to) =>
  from?.kind === 'dir-delete' &&
  to?.kind === 'dir-create' &&
  (from.movedTo === to.path || (from.raw?.includes('MOVED_FROM') && to.raw?.includes('MOVED_TO')));

/**
 * A new version of an existing file that was not written in place: renamed
 * over it from a temp file the recorder never saw (it lived less than a read).
 * The client writes config.json in place, and the recorder says MODIFY when
 * it saw a write in place.
 */
const renamedHere = (event) =>
  event.kind === 'modify' && !TEMP.test(event.path) && !event.path.endsWith('/config.json') && !event.raw?.includes('MODIFY');

function sameBytes(path, data) {
  try {
    return readFileSync(path).equals(data);
  } catch {
    return false;
  }
}

/**
 * Applies `snapDir`'s events to `target` at `speed` times their pace. Resolves
 * with when each event was applied (seq → monoMs), for measuring what a watcher
 * shows against when it was written.
 */
export async function reenact(snapDir, target, { speed = 1, events = readEvents(snapDir) } = {}) {
  const applied = new Map();
  /** Temp files whose removal is the rename over their target, kept until that version comes. */
  const pending = new Map();
  let previousStart = monoMs();
  for (const [i, event] of events.entries()) {
    // Each gap as long as it was: a replay that fell behind (a busy machine) must
    // not catch up by writing a message and its removal back to back.
    const due = previousStart + (i === 0 ? 0 : ((event.t - events[i - 1].t) * 1000) / speed);
    const wait = due - monoMs();
    if (wait > 2) await sleep(wait - 2);
    while (monoMs() < due) await new Promise((resolve) => setImmediate(resolve));
    previousStart = monoMs();
    const path = join(target, event.path);
    const previous = events[i - 1];
    if (event.kind === 'dir-create') {
      if (!movedPair(previous, event)) mkdirSync(path, { recursive: true });
    } else if (event.kind === 'dir-delete') {
      const next = events[i + 1];
      if (movedPair(event, next)) renameSync(path, join(target, next.path));
      else rmSync(path, { recursive: true, force: true });
    } else if (event.kind === 'delete') {
      const temp = TEMP.exec(event.path);
      const next = temp && events.slice(i + 1).find((later) => later.path === temp[1]);
      if (next && next.kind !== 'delete' && (next.t - event.t) * 1000 < RENAME_MS && existsSync(path)) pending.set(temp[1], path);
      else rmSync(path, { force: true });
    } else {
      const data = readFileSync(join(snapDir, event.version_file));
      // Already there: the files of a folder that was just renamed.
      if (!sameBytes(path, data)) {
        mkdirSync(dirname(path), { recursive: true });
        const temp = pending.get(event.path) ?? (renamedHere(event) ? `${path}.tmp.reenact${event.seq}` : undefined);
        pending.delete(event.path);
        if (temp) {
          if (!sameBytes(temp, data)) writeFileSync(temp, data);
          renameSync(temp, path);
        } else {
          writeFileSync(path, data);
        }
      }
    }
    applied.set(event.seq, monoMs());
  }
  return applied;
}

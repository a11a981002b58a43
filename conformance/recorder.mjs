// Records every version of every file under a Claude config dir's teams/,
// tasks/, sessions/ and projects/ while a run goes on, in the format of
// ../shared/realcc/snapshot.py (so the recordings in test-fixtures/captures and
// new ones read alike). A session's transcript (projects/…/*.jsonl) only ever
// grows: what was added to it is recorded, as an `append` at `offset`, not the
// whole file again (it grows to megabytes, appended to every few ms).
//
//   OUT/events.jsonl   one line per change seen: seq, t (unix seconds), mono (ms, the
//                      machine's monotonic clock, to compare with times taken in
//                      another process), path, kind (create | modify | delete |
//                      dir-create | dir-delete | append), src (fs.watch | poll: which saw
//                      it first), raw (the inotify event it stands for, as
//                      snapshot.py names it, told by the inodes), size, sha1, version_file;
//                      changed: the version's ctime on the same clock as mono;
//                      movedTo / movedFrom: a folder renamed (the same inode);
//                      offset: where an append's bytes go (its version_file holds them alone)
//   OUT/versions/      the bytes of every version seen (temp files and torn writes too)
//   OUT/final/         the tree when the recording stops
//
// Two mechanisms at once, as snapshot.py: a watch on every folder (fs.watch, each
// folder on its own: Node's recursive watch misses short-lived folders), reading
// a file the moment an event names it, and a poll of the whole tree every 10 ms.
// Run as a child process (fork): it says { ready } once it watches, and on
// { stop } it looks once more, copies the tree and says { stopped }.
import { createHash } from 'node:crypto';
import {
  closeSync,
  cpSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  statSync,
  watch,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { setPriority } from 'node:os';
import { basename, dirname, join, relative, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { monoMs } from '../harness/stats.mjs';

const SUBDIRS = ['teams', 'tasks', 'sessions', 'projects'];
/** Files written only by appending to them: a session's transcript. */
const APPENDED = /^projects\/.+\.jsonl$/u;
/** The sessions' files: read again only when the kernel says they changed (the poll reads each every 10 ms otherwise). */
const SESSIONS = /^(projects|sessions)\//u;

/** Wall-clock ms minus monoMs(): both clocks read back to back. */
const REAL_TO_MONO = performance.timeOrigin + performance.now() - monoMs();

const sha1Of = (data) => createHash('sha1').update(data).digest('hex');

/** What an open file holds from `offset` on. */
function readFrom(fd, offset) {
  const chunks = [];
  let position = offset;
  for (;;) {
    const chunk = Buffer.alloc(1 << 16);
    const read = readSync(fd, chunk, 0, chunk.length, position);
    if (read === 0) return Buffer.concat(chunks);
    chunks.push(chunk.subarray(0, read));
    position += read;
  }
}

class Recorder {
  constructor(root, out) {
    this.root = root;
    this.out = out;
    /** relative path → { sha1 (of the last version seen), ino } for a file, { dir: true, ino } for a folder. */
    this.state = new Map();
    this.watchers = new Map();
    /** Lock folders made and not yet removed, by the watch's account. */
    this.locks = new Set();
    /** Inodes of files that just left their name (for a second): one that turns up again was renamed. */
    this.vanished = new Set();
    this.seq = 0;
    mkdirSync(join(out, 'versions'), { recursive: true });
    this.events = openSync(join(out, 'events.jsonl'), 'a');
  }

  start() {
    this.watchFolder(this.root);
    this.poll();
    this.timer = setInterval(() => this.poll(), 10);
  }

  stop() {
    clearInterval(this.timer);
    this.poll();
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    const final = join(this.out, 'final');
    mkdirSync(final, { recursive: true });
    for (const sub of SUBDIRS) {
      try {
        cpSync(join(this.root, sub), join(final, sub), { recursive: true, verbatimSymlinks: true });
      } catch {
        // Not there (any more).
      }
    }
  }

  rel(path) {
    return relative(this.root, path).split(sep).join('/');
  }

  inScope(rel) {
    return SUBDIRS.includes(rel.split('/')[0]);
  }

  watchFolder(path) {
    // Nothing lives in a lock folder, and it lives a millisecond.
    if (this.watchers.has(path) || path.endsWith('.lock')) return;
    try {
      const watcher = watch(path, { persistent: true }, (event, name) => {
        if (!name) return;
        // A watched folder that goes is reported under its own name.
        const self = name === basename(path) && !this.state.has(this.rel(join(path, name)));
        this.observe(self ? path : join(path, name), 'fs.watch', event);
      });
      watcher.on('error', () => this.unwatch(path));
      this.watchers.set(path, watcher);
    } catch {
      // Gone already: the poll says so.
    }
  }

  unwatch(path) {
    for (const [folder, watcher] of this.watchers) {
      if (folder === path || folder.startsWith(`${path}${sep}`)) {
        watcher.close();
        this.watchers.delete(folder);
      }
    }
  }

  /**
   * Looks at `path` after `event` (fs.watch's 'rename' or 'change'; 'listed'
   * in a new folder; none from the poll) and records what changed, with the
   * inotify event it stands for in `raw`, as snapshot.py names them: the inodes
   * tell a write in place from a rename, whichever of the watch and the poll
   * saw it first.
   */
  observe(path, src, event) {
    // When the event came (or the poll looked), not when the read was done.
    const at = monoMs();
    const rel = this.rel(path);
    if (!this.inScope(rel)) return;
    let stats;
    try {
      stats = statSync(path);
    } catch {
      stats = undefined;
    }
    if (rel.endsWith('.lock') && (stats === undefined || stats.isDirectory())) {
      if (src === 'fs.watch' && event === 'rename') this.lock(rel, stats !== undefined);
      return;
    }
    if (stats === undefined) {
      this.gone(rel, path, src);
      return;
    }
    const old = this.state.get(rel);
    if (stats.isDirectory()) {
      if (old?.dir && old.ino === stats.ino) return;
      if (old) this.gone(rel, path, src);
      this.state.set(rel, { dir: true, ino: stats.ino });
      this.emit(rel, 'dir-create', src, ['CREATE', 'ISDIR']);
      this.watchFolder(path);
      this.walk(path, src);
      return;
    }
    // Unchanged since the last look, by the kernel's account: nothing to read.
    const stamp = `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
    if (SESSIONS.test(rel) && old?.stamp === stamp) return;
    const appended = APPENDED.test(rel) && old !== undefined && !old.dir && old.ino === stats.ino && old.size <= stats.size;
    let data;
    let changed;
    try {
      const fd = openSync(path, 'r');
      try {
        // When this version got to this path (renamed over it, or written in
        // place), by the kernel's clock: a recorder that ran late does not move it.
        changed = Number(fstatSync(fd, { bigint: true }).ctimeNs) / 1e6 - REAL_TO_MONO;
        data = appended ? readFrom(fd, old.size) : readFileSync(fd);
      } finally {
        closeSync(fd);
      }
    } catch {
      this.gone(rel, path, src);
      return;
    }
    if (appended) {
      if (data.length > 0) {
        this.state.set(rel, { ...old, size: old.size + data.length, stamp });
        this.emit(rel, 'append', src, ['MODIFY'], { data, sha1: sha1Of(data), at, changed, offset: old.size });
      }
      return;
    }
    const sha1 = sha1Of(data);
    if (old?.sha1 === sha1) {
      this.state.set(rel, { ...old, stamp });
      return;
    }
    if (old?.dir) this.gone(rel, path, src);
    this.state.set(rel, { sha1, ino: stats.ino, size: data.length, stamp });
    // The same inode: written in place. Another, or one that just left another
    // name: renamed here.
    const file = old !== undefined && !old.dir;
    const raw = file && old.ino === stats.ino ? ['MODIFY'] : file || this.vanished.has(stats.ino) ? ['MOVED_TO'] : ['CREATE'];
    this.emit(rel, file ? 'modify' : 'create', src, raw, { data, sha1, at, changed });
  }

  gone(rel, path, src) {
    const old = this.state.get(rel);
    if (old === undefined) return;
    this.state.delete(rel);
    // The same inode under another name next to it: renamed (a temp file over
    // its target; the team's folder on exit, before it is deleted).
    const moved = this.sibling(path, old);
    if (!old.dir) {
      this.vanished.add(old.ino);
      setTimeout(() => this.vanished.delete(old.ino), 1000).unref();
      this.emit(rel, 'delete', src, moved ? ['MOVED_FROM'] : ['DELETE']);
      return;
    }
    this.unwatch(path);
    const children = [...this.state.keys()].filter((known) => known.startsWith(`${rel}/`));
    if (moved) {
      this.emit(rel, 'dir-delete', src, ['MOVED_FROM', 'ISDIR'], { movedTo: moved });
      this.state.set(moved, { dir: true, ino: old.ino });
      this.emit(moved, 'dir-create', src, ['MOVED_TO', 'ISDIR'], { movedFrom: rel });
      this.watchFolder(join(this.root, moved));
      this.walk(join(this.root, moved), src);
    }
    for (const known of children) if (this.state.has(known)) this.gone(known, join(this.root, known), src);
    if (!moved) this.emit(rel, 'dir-delete', src, ['DELETE', 'ISDIR']);
  }

  /**
   * Claude Code takes a lock by making a folder `<file>.lock` (proper-lockfile)
   * and removes it a millisecond later: often both events arrive after it has
   * gone, and a look in between (the poll's) would count it twice. Only the
   * watch's events count, each one of the two in turn.
   */
  lock(rel, present) {
    const made = !this.locks.has(rel);
    if (made) this.locks.add(rel);
    else this.locks.delete(rel);
    const seen = made === present ? {} : { inferred: 'gone before it could be looked at' };
    this.emit(rel, made ? 'dir-create' : 'dir-delete', 'fs.watch', [made ? 'CREATE' : 'DELETE', 'ISDIR'], seen);
  }

  /**
   * The name next to `path` that now has its inode: a folder not known yet
   * (a known one would be another folder), or any file.
   */
  sibling(path, { dir, ino }) {
    const parent = dirname(path);
    try {
      for (const name of readdirSync(parent)) {
        const rel = this.rel(join(parent, name));
        if (dir && this.state.has(rel)) continue;
        const stats = statSync(join(parent, name));
        if (stats.ino === ino && stats.isDirectory() === Boolean(dir)) return rel;
      }
    } catch {
      // The parent went too.
    }
    return undefined;
  }

  walk(folder, src) {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    // A lock folder found here is counted by its own events, not by this look.
    for (const entry of entries) this.observe(join(folder, entry.name), src, 'listed');
  }

  poll() {
    // What went first, so a folder renamed away is seen as moved, not as gone and new.
    for (const rel of [...this.state.keys()]) {
      if (!this.state.has(rel)) continue;
      try {
        statSync(join(this.root, rel));
      } catch {
        this.gone(rel, join(this.root, rel), 'poll');
      }
    }
    const visit = (folder) => {
      this.observe(folder, 'poll');
      let entries;
      try {
        entries = readdirSync(folder, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        if (entry.isDirectory()) visit(join(folder, entry.name));
        else this.observe(join(folder, entry.name), 'poll');
      }
    };
    for (const sub of SUBDIRS) visit(join(this.root, sub));
  }

  emit(rel, kind, src, raw, { data, sha1, at = monoMs(), ...extra } = {}) {
    this.seq += 1;
    const record = { seq: this.seq, t: (performance.timeOrigin + performance.now()) / 1000, mono: at, path: rel, kind, src, raw, ...extra };
    if (data !== undefined) {
      const name = `${String(this.seq).padStart(6, '0')}__${rel.replaceAll('/', '%')}`;
      writeFileSync(join(this.out, 'versions', name), data);
      Object.assign(record, { size: data.length, sha1, version_file: `versions/${name}` });
    }
    writeSync(this.events, `${JSON.stringify(record)}\n`);
  }
}

// As a child process: node recorder.mjs <claude dir> <out dir>
if (process.send && process.argv[2] && process.argv[3]) {
  // Its times are the writes' times: on a busy machine it must not wait its
  // turn behind the processes it times (where the system lets it go first).
  try {
    setPriority(-10);
  } catch {
    // Not allowed: the times may come a little late when the machine is busy.
  }
  const recorder = new Recorder(process.argv[2], process.argv[3]);
  recorder.start();
  process.on('message', (message) => {
    if (message !== 'stop') return;
    recorder.stop();
    process.send('stopped', () => process.exit(0));
  });
  process.on('disconnect', () => process.exit(0));
  process.send('ready');
}

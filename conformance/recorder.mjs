// Records every version of every file under a Claude config dir's teams/ and
// tasks/ while a run goes on, in the format of ../shared/realcc/snapshot.py (so
// the recordings in test-fixtures/captures and new ones read alike):
//
//   OUT/events.jsonl   one line per change seen: seq, t (unix seconds), mono (ms, the
//                      machine's monotonic clock, to compare with times taken in
//                      another process), path, kind (create | modify | delete |
//                      dir-create | dir-delete), src, raw, size, sha1, version_file;
//                      changed: the version's ctime on the same clock as mono;
//                      movedTo / movedFrom: a folder renamed (the same inode)
//   OUT/versions/      the bytes of every version seen (temp files and torn writes too)
//   OUT/final/         the tree when the recording stops
//
// Two mechanisms at once, as snapshot.py: a watch on every folder (fs.watch, each
// folder on its own: Node's recursive watch misses short-lived folders), reading
// a file the moment an event names it, and a poll of the whole tree every 10 ms.
// Run as a child process (fork): it says { ready } once it watches, and on
// { stop } it looks once more, copies the tree and says { stopped }.
import { createHash } from 'node:crypto';
import { closeSync, cpSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, watch, writeFileSync, writeSync } from 'node:fs';
import { setPriority } from 'node:os';
import { basename, dirname, join, relative, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { monoMs } from '../bench/stats.mjs';

const SUBDIRS = ['teams', 'tasks'];
/** Wall-clock ms minus monoMs(): both clocks read back to back. */
const REAL_TO_MONO = performance.timeOrigin + performance.now() - monoMs();

export class Recorder {
  constructor(root, out) {
    this.root = root;
    this.out = out;
    /** relative path → { sha1 (of the last version seen), ino } for a file, { dir: true, ino } for a folder. */
    this.state = new Map();
    this.watchers = new Map();
    /** Lock folders seen only as events: made and removed before they could be looked at. */
    this.transient = new Set();
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
        this.observe(self ? path : join(path, name), 'fs.watch', [event]);
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

  observe(path, src, raw) {
    // When the event came (or the poll looked), not when the read was done.
    const at = monoMs();
    const rel = this.rel(path);
    if (!this.inScope(rel)) return;
    let stats;
    try {
      stats = statSync(path);
    } catch {
      this.gone(rel, path, src, raw);
      return;
    }
    const old = this.state.get(rel);
    if (stats.isDirectory()) {
      if (old?.dir && old.ino === stats.ino) return;
      if (old) this.gone(rel, path, src, raw);
      this.state.set(rel, { dir: true, ino: stats.ino });
      this.emit(rel, 'dir-create', src, raw);
      this.watchFolder(path);
      this.walk(path, src, raw);
      return;
    }
    let data;
    let changed;
    try {
      const fd = openSync(path, 'r');
      try {
        // When this version got to this path (renamed over it, or written in
        // place), by the kernel's clock: a recorder that ran late does not move it.
        changed = Number(fstatSync(fd, { bigint: true }).ctimeNs) / 1e6 - REAL_TO_MONO;
        data = readFileSync(fd);
      } finally {
        closeSync(fd);
      }
    } catch {
      this.gone(rel, path, src, raw);
      return;
    }
    const sha1 = createHash('sha1').update(data).digest('hex');
    if (old?.sha1 === sha1) return;
    if (old?.dir) this.gone(rel, path, src, raw);
    this.state.set(rel, { sha1, ino: stats.ino });
    this.emit(rel, old && !old.dir ? 'modify' : 'create', src, raw, { data, sha1, at, changed });
  }

  gone(rel, path, src, raw) {
    const old = this.state.get(rel);
    if (old === undefined) {
      // Claude Code takes a lock by making a folder `<file>.lock` (proper-lockfile)
      // and removes it a millisecond later: often both events arrive before the
      // folder can be looked at. Each event for such a name is one of the two.
      if (src === 'fs.watch' && raw[0] === 'rename' && rel.endsWith('.lock')) {
        const made = !this.transient.has(rel);
        if (made) this.transient.add(rel);
        else this.transient.delete(rel);
        this.emit(rel, made ? 'dir-create' : 'dir-delete', src, raw, { inferred: 'gone before it could be looked at' });
      }
      return;
    }
    this.state.delete(rel);
    if (!old.dir) {
      this.emit(rel, 'delete', src, raw);
      return;
    }
    this.unwatch(path);
    // Claude Code deletes a team by renaming its folder first: the same folder
    // (same inode) under another name next to it.
    const moved = this.sibling(path, old.ino);
    const children = [...this.state.keys()].filter((known) => known.startsWith(`${rel}/`));
    if (moved) {
      this.emit(rel, 'dir-delete', src, raw, { movedTo: moved });
      this.state.set(moved, { dir: true, ino: old.ino });
      this.emit(moved, 'dir-create', src, raw, { movedFrom: rel });
      this.watchFolder(join(this.root, moved));
      this.walk(join(this.root, moved), src, raw);
    }
    for (const known of children) if (this.state.has(known)) this.gone(known, join(this.root, known), src, raw);
    if (!moved) this.emit(rel, 'dir-delete', src, raw);
  }

  /** The name of the folder next to `path` with inode `ino` that is not known yet. */
  sibling(path, ino) {
    const parent = dirname(path);
    try {
      for (const name of readdirSync(parent)) {
        const rel = this.rel(join(parent, name));
        if (this.state.has(rel)) continue;
        const stats = statSync(join(parent, name));
        if (stats.isDirectory() && stats.ino === ino) return rel;
      }
    } catch {
      // The parent went too.
    }
    return undefined;
  }

  walk(folder, src, raw) {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) this.observe(join(folder, entry.name), src, raw);
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
    const record = { seq: this.seq, t: (performance.timeOrigin + performance.now()) / 1000, mono: at, path: rel, kind, src, ...(raw ? { raw } : {}), ...extra };
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

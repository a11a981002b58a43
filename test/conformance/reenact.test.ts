import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRecording, recordedRun, type Operation } from '../../harness/recording.mjs';
import { applyOperation, reenact } from '../../harness/reenact.mjs';
import { CAPTURES, tempDir } from '../helpers/fixtures.js';

/** The recordings of the real client (../shared/realcc/run.sh, and `npm run conformance -- --record`). */
const RECORDINGS = readdirSync(CAPTURES).filter((name) => name.startsWith('cc-2.1.330-realcc-'));

const TEMP = /\.tmp\.[^/]+$/u;

/**
 * Every file under `dir` and its text (git keeps no empty folders, so folders
 * are not compared, and a run that left nothing has no `snap/final` in a clone).
 */
function filesOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  if (!existsSync(dir)) return files;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files[relative(dir, join(entry.parentPath, entry.name))] = readFileSync(join(entry.parentPath, entry.name), 'utf8');
  }
  return files;
}

const sameFiles = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** The message ids summary.txt lists in its lifecycle table: the recorder's own account. */
function summaryIds(folder: string): string[] {
  const summary = readFileSync(join(CAPTURES, folder, 'summary.txt'), 'utf8');
  return [...summary.matchAll(/^ {2}([0-9a-f]{8}-[0-9a-f-]{27}) /gmu)].map((match) => match[1]!);
}

/** Where the client lets the team go as it exits: it renames the folder to `.deleted-<uuid>`, or deletes it (config.json first). */
const isExit = (op: Operation) =>
  (op.kind === 'rename' && op.to.includes('.deleted-')) ||
  (op.kind === 'unlink' && /^teams\/(?![^/]*\.deleted-)[^/]+\/config\.json$/u.test(op.path));

describe('re-enacting a recording of the real client', () => {
  it('has recordings of both recorders to re-enact: snapshot.py (wall clock only) and recorder.mjs (monotonic clock)', () => {
    const clocks = RECORDINGS.map((name) => loadRecording(join(CAPTURES, name)).events[0]?.mono !== undefined);
    expect(clocks).toContain(true);
    expect(clocks).toContain(false);
  });

  it.each(RECORDINGS)('%s: the operations pass through the tree the client left before it exited', (name) => {
    const recording = loadRecording(join(CAPTURES, name));
    const kept = filesOf(join(CAPTURES, name, 'final_before_exit'));
    const exit = recording.ops.findIndex(isExit);
    const beforeExit = exit < 0 ? recording.ops : recording.ops.slice(0, exit);
    const dir = tempDir();
    let keptAt = -1;
    beforeExit.forEach((op, i) => {
      applyOperation(dir, op);
      if (sameFiles(filesOf(dir), kept)) keptAt = i;
    });
    if (keptAt < 0) expect(filesOf(dir)).toEqual(kept);
    // The tree was kept before the client was told to quit. Quitting, 2.1.330
    // takes the teammates still listed out of config.json, then renames the folder.
    const quitting = beforeExit.slice(keptAt + 1).filter((op) => op.kind !== 'mkdir' && op.kind !== 'rmdir');
    for (const op of quitting) expect(op).toMatchObject({ kind: 'write', path: expect.stringMatching(/^teams\/[^/]+\/config\.json$/u) });
  });

  it.each(RECORDINGS)('%s: at full speed, the tree it ends with is the one recorded', async (name) => {
    const recording = loadRecording(join(CAPTURES, name));
    const dir = tempDir();
    await reenact(recording, dir, { speed: 1000 });
    // The team's folder went at exit (renamed, then removed); a `claude -p` run leaves its own.
    expect(filesOf(dir)).toEqual(filesOf(join(CAPTURES, name, 'snap', 'final')));
  });

  it.each(RECORDINGS)('%s: every operation is one the client made, each once', (name) => {
    const recording = loadRecording(join(CAPTURES, name));
    const dir = tempDir();
    const there = (path: string) => existsSync(join(dir, path));
    for (const op of recording.ops) {
      const what = `${op.seq} ${op.kind} ${'path' in op ? op.path : `${op.from} → ${op.to}`}`;
      if (op.kind === 'mkdir' || op.kind === 'create') expect(there(op.path), what).toBe(false);
      if (op.kind === 'rmdir') expect(there(op.path) && statSync(join(dir, op.path)).isDirectory(), what).toBe(true);
      if (op.kind === 'unlink' || op.kind === 'write') expect(there(op.path) && statSync(join(dir, op.path)).isFile(), what).toBe(true);
      if (op.kind === 'rename') expect(there(op.from), what).toBe(true);
      applyOperation(dir, op);
    }
  });

  it.each(RECORDINGS)('%s: each file takes every version the recorder saw of it, in order', (name) => {
    const recording = loadRecording(join(CAPTURES, name));
    // Temp files are what the recorder could catch of them; a folder on its way out (`.deleted-<uuid>`), what it could list.
    const versions = () => {
      const log = new Map<string, string[]>();
      const change = (path: string, content: string) => {
        if (TEMP.test(path) || path.includes('.deleted-')) return;
        const seen = log.get(path) ?? [];
        if (seen.at(-1) !== content) log.set(path, [...seen, content]);
      };
      return { log, change };
    };
    const recorded = versions();
    for (const event of recording.events) {
      if (event.version_file) recorded.change(event.path, readFileSync(join(CAPTURES, name, 'snap', event.version_file), 'utf8'));
    }
    const replayed = versions();
    const dir = tempDir();
    for (const op of recording.ops) {
      applyOperation(dir, op);
      const changed = op.kind === 'rename' ? op.to : op.path;
      for (const [path, content] of Object.entries(filesOf(dir)))
        if (path === changed || path.startsWith(`${changed}/`)) replayed.change(path, content);
    }
    expect(replayed.log).toEqual(recorded.log);
  });

  it.each(RECORDINGS)('%s: a temp file is made up only for a version whose own the recorder never saw', (name) => {
    const recording = loadRecording(join(CAPTURES, name));
    const dir = tempDir();
    for (const op of recording.ops) {
      if (op.kind === 'create' && op.path.includes('.tmp.reenact')) {
        const target = op.path.replace(/\.tmp\.reenact\d+$/u, '');
        const beside = readdirSync(join(dir, dirname(target))).filter((entry) => entry.startsWith(`${basename(target)}.tmp.`));
        expect(beside, `${op.seq} ${op.path}`).toEqual([]);
      }
      applyOperation(dir, op);
    }
  });

  it.each(RECORDINGS)('%s: a temp file the recorder saw renamed away is renamed, never removed', (name) => {
    const recording = loadRecording(join(CAPTURES, name));
    const movedAway = new Set(recording.events.filter((event) => event.raw?.includes('MOVED_FROM')).map((event) => event.path));
    const removed = recording.ops.filter((op) => op.kind === 'unlink' && TEMP.test(op.path) && movedAway.has(op.path));
    expect(removed).toEqual([]);
  });

  it.each(RECORDINGS)('%s: the messages it derives are the ones summary.txt lists', (name) => {
    const { messages } = recordedRun(loadRecording(join(CAPTURES, name)));
    expect(messages.map((message) => message.msgId).sort()).toEqual(summaryIds(name).sort());
  });

  it('keeps every recorded gap, at ten times the pace: no two operations closer together than they were', async () => {
    const recording = loadRecording(join(CAPTURES, 'cc-2.1.330-realcc-plan-in-process'));
    const { appliedAt } = await reenact(recording, tempDir(), { speed: 10 });
    expect(appliedAt).toHaveLength(recording.ops.length);
    for (let i = 1; i < appliedAt.length; i++) {
      const gap = (recording.ops[i]!.at - recording.ops[i - 1]!.at) / 10;
      expect(appliedAt[i]! - appliedAt[i - 1]!, `operation ${i}`).toBeGreaterThanOrEqual(gap);
    }
    // The whole run took its recorded time, a tenth of it, and not much more.
    expect(appliedAt.at(-1)! - appliedAt[0]!).toBeGreaterThanOrEqual(recording.durationMs / 10);
  });

  it('keeps every gap up to maxGapMs, and plays a longer one as that long', async () => {
    const recording = loadRecording(join(CAPTURES, 'cc-2.1.330-realcc-stalled-in-process'));
    const { appliedAt } = await reenact(recording, tempDir(), { speed: 10, maxGapMs: 200 });
    const gaps = recording.ops.slice(1).map((op, i) => (op.at - recording.ops[i]!.at) / 10);
    expect(gaps.some((gap) => gap > 200)).toBe(true);
    for (const [i, gap] of gaps.entries()) {
      expect(appliedAt[i + 1]! - appliedAt[i]!, `operation ${i + 1}`).toBeGreaterThanOrEqual(Math.min(gap, 200));
    }
  });

  it('writes with the protocol the client used: temp files renamed, config rewritten in place, lock dirs, an empty new file, the exit rename', () => {
    const { ops } = loadRecording(join(CAPTURES, 'cc-2.1.330-realcc-team-tmux'));
    const kinds = (test: (op: Operation) => boolean) => ops.filter(test).length;
    expect(kinds((op) => op.kind === 'rename' && /\.json\.tmp\.[0-9a-f]{8}$/u.test(op.from) && op.to.endsWith('.json'))).toBeGreaterThan(
      20,
    );
    expect(kinds((op) => op.kind === 'write' && op.path.endsWith('/config.json'))).toBeGreaterThan(20);
    // Torn: valid JSON followed by leftover bytes, as a reader saw it mid-rewrite.
    expect(kinds((op) => op.kind === 'write' && op.path.endsWith('/config.json') && !isJson(op.content))).toBeGreaterThan(0);
    expect(kinds((op) => op.kind === 'mkdir' && op.path.endsWith('.json.lock'))).toBe(
      kinds((op) => op.kind === 'rmdir' && op.path.endsWith('.json.lock')),
    );
    expect(kinds((op) => op.kind === 'create' && /tasks\/[^/]+\/\d+\.json$/u.test(op.path) && op.content.length === 0)).toBeGreaterThan(0);
    expect(ops.filter(isExit).map((op) => op.kind === 'rename' && op.from)).toEqual(['teams/session-1532bc2e']);
  });
});

function isJson(content: Buffer): boolean {
  try {
    JSON.parse(content.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

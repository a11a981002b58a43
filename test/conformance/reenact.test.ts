import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyOperation, inboxMessages, loadRecording, reenact } from '../../scripts/reenact.mjs';
import { CAPTURES, tempDir } from '../helpers/fixtures.js';

/** The recordings of the real client (../shared/realcc/run.sh). */
export const RECORDINGS = readdirSync(CAPTURES).filter((name) => name.startsWith('cc-2.1.330-realcc-'));

/** Every file under `dir` and its text (git keeps no empty folders, so folders are not compared). */
function filesOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files[relative(dir, join(entry.parentPath, entry.name))] = readFileSync(join(entry.parentPath, entry.name), 'utf8');
  }
  return files;
}

/** The message ids summary.txt lists in its lifecycle table: the recorder's own account. */
function summaryIds(folder: string): string[] {
  const summary = readFileSync(join(CAPTURES, folder, 'summary.txt'), 'utf8');
  return [...summary.matchAll(/^ {2}([0-9a-f]{8}-[0-9a-f-]{27}) /gmu)].map((match) => match[1]!);
}

describe('re-enacting a recording of the real client', () => {
  it('knows five recordings', () => {
    expect(RECORDINGS).toHaveLength(5);
  });

  it.each(RECORDINGS)('%s: the operations rebuild the tree the client left before it exited', (name) => {
    const recording = loadRecording(join(CAPTURES, name));
    const dir = tempDir();
    const exit = recording.ops.findIndex((op) => op.kind === 'rename' && op.to.includes('.deleted-'));
    for (const op of exit < 0 ? recording.ops : recording.ops.slice(0, exit)) applyOperation(dir, op);
    expect(filesOf(dir)).toEqual(filesOf(join(CAPTURES, name, 'final_before_exit')));
  });

  it.each(RECORDINGS)('%s: at full speed, the tree it ends with is the one recorded', async (name) => {
    const recording = loadRecording(join(CAPTURES, name));
    const dir = tempDir();
    await reenact(recording, dir, { speed: 1000 });
    // The team's folder went at exit (renamed, then removed); a `claude -p` run leaves its own.
    expect(filesOf(dir)).toEqual(filesOf(join(CAPTURES, name, 'snap', 'final')));
  });

  it.each(RECORDINGS)('%s: the messages it derives are the ones summary.txt lists', (name) => {
    const messages = inboxMessages(loadRecording(join(CAPTURES, name)));
    expect(messages.map((message) => message.msgId).sort()).toEqual(summaryIds(name).sort());
  });

  it('writes with the protocol the client used: temp files renamed, config rewritten in place, lock dirs, an empty new file, the exit rename', () => {
    const { ops } = loadRecording(join(CAPTURES, 'cc-2.1.330-realcc-team-tmux'));
    const kinds = (test: (op: (typeof ops)[number]) => boolean) => ops.filter(test).length;
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
    expect(ops.filter((op) => op.kind === 'rename' && op.to.includes('.deleted-')).map((op) => op.kind === 'rename' && op.from)).toEqual([
      'teams/session-1532bc2e',
    ]);
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

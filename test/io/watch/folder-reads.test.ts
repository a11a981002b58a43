/**
 * chokidar reads a whole folder again (an lstat per entry) on events that can
 * add or remove an entry, and, as patched (patches/README.md), only on those:
 * a message written as a temp file renamed over an inbox replaces an entry the
 * folder holds and must not make it be read. A file added still must.
 */
import { watch, type FSWatcher } from 'chokidar';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sleep, waitFor } from '../../helpers/wait.js';

interface Handler {
  _handleRead: (...args: unknown[]) => unknown;
}

let watcher: FSWatcher | undefined;
let dir: string | undefined;

afterEach(async () => {
  await watcher?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function watching(): Promise<{ events: string[]; reads: () => number; dir: string }> {
  dir = mkdtempSync(join(tmpdir(), 'teamtop-reads-'));
  writeFileSync(join(dir, 'team-lead.json'), '[]');
  const events: string[] = [];
  watcher = watch(dir, { ignoreInitial: true, ignored: (path) => path.endsWith('.tmp') });
  watcher.on('all', (event, path) => events.push(`${event} ${path.slice(dir!.length + 1)}`));
  await new Promise<void>((resolve) => watcher!.once('ready', () => resolve()));
  // The folder reads chokidar starts: counted on its fs handler.
  const handler = (watcher as unknown as { _nodeFsHandler: Handler })._nodeFsHandler;
  const read = handler._handleRead.bind(handler);
  let count = 0;
  handler._handleRead = (...args) => {
    count++;
    return read(...args);
  };
  return { events, reads: () => count, dir };
}

describe('folder reads', () => {
  it('are not made for a temp file renamed over a file the folder holds', async () => {
    const { events, reads, dir } = await watching();
    for (let i = 1; i <= 5; i++) {
      writeFileSync(join(dir, 'team-lead.json.tmp'), JSON.stringify([{ i }]));
      renameSync(join(dir, 'team-lead.json.tmp'), join(dir, 'team-lead.json'));
      await waitFor(() => expect(events.filter((event) => event === 'change team-lead.json')).toHaveLength(i));
      // chokidar tells one change of a file per 50 ms.
      await sleep(60);
    }
    expect(reads()).toBe(0);
  });

  it('are made for a file added, which is then seen', async () => {
    const { events, reads, dir } = await watching();
    writeFileSync(join(dir, 'alice.json'), '[]');
    await waitFor(() => expect(events).toContain('add alice.json'));
    expect(reads()).toBeGreaterThan(0);
  });
});

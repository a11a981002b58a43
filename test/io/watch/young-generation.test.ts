/**
 * A first read of a long transcript goes on in slices; while it does, the
 * young generation is held at its size, and let go when it is done
 * (src/io/young-generation.ts): V8 doubles it when most of it survives, as a
 * slice's records do, and keeps it so for as long as the dashboard runs.
 */
import type * as v8 from 'node:v8';
import type * as vm from 'node:vm';
import { relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Observation } from '../../../src/core/model/observation.js';
import { settledSession } from '../../../src/cli/session.js';
import { selectTranscriptTeams } from '../../../src/core/select/work.js';
import { TranscriptReader } from '../../../src/io/watch/transcripts/reader.js';
import { tempDir } from '../../helpers/fixtures.js';
import { TeamFiles } from '../../helpers/team-files.js';
import { TranscriptFiles } from '../../helpers/transcript-files.js';
import { waitFor } from '../../helpers/wait.js';

const flags = vi.hoisted(() => [] as string[]);
vi.mock('node:v8', async (original) => ({
  ...(await original<typeof v8>()),
  setFlagsFromString: (flag: string) => flags.push(flag),
}));
/** The collections asked for, and how. */
const collections = vi.hoisted(() => [] as unknown[]);
vi.mock('node:vm', async (original) => ({
  ...(await original<typeof vm>()),
  runInNewContext: () => (options: unknown) => collections.push(options),
}));

async function readAll(
  records: number,
  sliceBytes: number,
  appended = 0,
  wokenLive = false,
): Promise<{ slices: number; heldWhileReading: boolean }> {
  const files = new TeamFiles(tempDir());
  files.config([]);
  const lead = new TranscriptFiles(files).lead();
  const write = (from: number, count: number) => {
    for (let i = from; i < from + count; i++) {
      lead.toolUse(`toolu_${i}`, 'Bash', { command: `step ${i}` }, i);
      lead.attachment(100_000, i);
    }
  };
  write(0, records);
  const { store } = await settledSession(files.dir, undefined, undefined, { transcripts: false });
  let slices = 0;
  let heldWhileReading = true;
  const reader = new TranscriptReader({
    claudeDir: files.dir,
    emit: (observations: Observation[]) => {
      for (const observation of observations) {
        if (observation.kind !== 'transcript') continue;
        // Every slice after the first is read with the generation held.
        if (slices > 0 && flags.at(-1) !== '--semi-space-growth-factor=1') heldWhileReading = false;
        slices++;
      }
    },
    sliceBytes,
  });
  reader.setTeams(selectTranscriptTeams(store.getState().teams));
  // A watcher's event for a file not read yet: its first read is queued as an append's.
  if (wokenLive) reader.take([{ kind: 'changed', path: relative(files.dir, lead.path) }]);
  reader.start();
  await reader.settled();
  if (appended > 0) {
    write(records, appended);
    reader.take([{ kind: 'changed', path: relative(files.dir, lead.path) }]);
    await reader.settled();
  }
  reader.close();
  return { slices, heldWhileReading };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the young generation during a long first read', () => {
  // A collection asked for by one test is not another's: past when any would run (timers run in the order they are due).
  afterEach(async () => {
    await sleep(200);
    flags.length = 0;
    collections.length = 0;
  });

  it('is held from the second slice to the last, then let go', async () => {
    flags.length = 0;
    const { slices, heldWhileReading } = await readAll(20, 256 * 1024);
    expect(slices).toBeGreaterThan(4);
    expect(heldWhileReading).toBe(true);
    expect(flags).toEqual(['--semi-space-growth-factor=1', '--semi-space-growth-factor=2', '--expose-gc']);
  });

  it('is held for a first read woken by a watcher event too', async () => {
    flags.length = 0;
    const { slices, heldWhileReading } = await readAll(20, 256 * 1024, 0, true);
    expect(slices).toBeGreaterThan(4);
    expect(heldWhileReading).toBe(true);
    expect(flags[0]).toBe('--semi-space-growth-factor=1');
  });

  it('is followed by a full collection, between frames, once the read is done', async () => {
    flags.length = 0;
    collections.length = 0;
    await readAll(20, 256 * 1024);
    expect(collections).toEqual([]);
    await waitFor(() => expect(collections).toEqual([{ type: 'major', execution: 'async' }]));
  });

  it('is left alone by a read that takes one slice', async () => {
    flags.length = 0;
    const { slices } = await readAll(2, 4 * 1024 * 1024);
    expect(slices).toBe(1);
    expect(flags).toEqual([]);
    // Past when a collection would have run: timers run in the order they are due, so one asked
    // for as the read ended (100 ms on) would have run before this one, however busy the machine.
    await sleep(200);
    expect(collections).toEqual([]);
  });

  it('is left alone by appends, however many slices they take: a burst is no one-off read', async () => {
    flags.length = 0;
    const { slices } = await readAll(1, 256 * 1024, 20);
    expect(slices).toBeGreaterThan(4);
    expect(flags).toEqual([]);
    await sleep(200);
    expect(collections).toEqual([]);
  });
});

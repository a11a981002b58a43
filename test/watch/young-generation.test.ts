/**
 * A first read of a long transcript goes on in slices; while it does, the
 * young generation is held at its size, and let go when it is done
 * (src/io/young-generation.ts): V8 doubles it when most of it survives, as a
 * slice's records do, and keeps it so for as long as the dashboard runs.
 */
import type * as v8 from 'node:v8';
import { describe, expect, it, vi } from 'vitest';
import type { Observation } from '../../src/domain/observation.js';
import { settledSession } from '../../src/cli/session.js';
import { selectTranscriptTeams } from '../../src/store/selectors/work.js';
import { TranscriptReader } from '../../src/watch/transcripts/reader.js';
import { tempDir } from '../helpers/fixtures.js';
import { TeamFiles } from '../helpers/team-files.js';
import { TranscriptFiles } from '../helpers/transcript-files.js';

const flags = vi.hoisted(() => [] as string[]);
vi.mock('node:v8', async (original) => ({
  ...(await original<typeof v8>()),
  setFlagsFromString: (flag: string) => flags.push(flag),
}));

async function readAll(records: number, sliceBytes: number): Promise<{ slices: number; heldWhileReading: boolean }> {
  const files = new TeamFiles(tempDir());
  files.config([]);
  const lead = new TranscriptFiles(files).lead();
  for (let i = 0; i < records; i++) {
    lead.toolUse(`toolu_${i}`, 'Bash', { command: `step ${i}` }, i);
    lead.attachment(100_000, i);
  }
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
  reader.start();
  await reader.settled();
  reader.close();
  return { slices, heldWhileReading };
}

describe('the young generation during a long first read', () => {
  it('is held from the second slice to the last, then let go', async () => {
    flags.length = 0;
    const { slices, heldWhileReading } = await readAll(20, 256 * 1024);
    expect(slices).toBeGreaterThan(4);
    expect(heldWhileReading).toBe(true);
    expect(flags).toEqual(['--semi-space-growth-factor=1', '--semi-space-growth-factor=2']);
  });

  it('is left alone by a read that takes one slice', async () => {
    flags.length = 0;
    const { slices } = await readAll(2, 4 * 1024 * 1024);
    expect(slices).toBe(1);
    expect(flags).toEqual([]);
  });
});

/**
 * A run an earlier teamtop wrote records no incidents: a restore judges every moment of it (seconds for a long run).
 * The first restore writes its judgement into the run, as this teamtop writes a run, and the next takes it without
 * judging. Real files, the real watcher, the real journal.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settledSession, type JournalOptions } from '../../../src/cli/session.js';
import { misaddressed } from '../../../src/core/judge/index.js';
import { DEFAULT_THRESHOLDS } from '../../../src/core/model/settings.js';
import { restore } from '../../../src/io/journal/restore.js';
import { listAllRuns, namespaceDir } from '../../../src/io/journal/store-dir.js';
import { createStore } from '../../../src/core/store.js';
import { tempDir } from '../../helpers/fixtures.js';
import { incidentsOf, misaddressedRun } from '../../helpers/misaddressed-run.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const reading = (stateDir: string): JournalOptions => ({ stateDir, write: false, maxBytes: 50 * 1024 * 1024 });

type Line = Record<string, unknown>;
const linesOf = (path: string): Line[] =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Line);

/**
 * A run with an incident raised and cleared and one standing, then written as an earlier teamtop wrote it: no
 * thresholds in its header and no incidents lines. Its path, and what the live dashboard showed of its incidents.
 */
async function earlierRun(): Promise<{ dir: string; state: string; path: string; seen: ReturnType<typeof incidentsOf>; now: number }> {
  const dir = tempDir();
  const state = tempDir();
  const { seen, now } = await misaddressedRun(dir, { ...reading(state), write: true });
  const [run] = listAllRuns(state);
  const [header, ...rest] = linesOf(run!.path);
  const earlier = { ...header };
  delete earlier['incidents'];
  const kept = [earlier, ...rest.filter((line) => line['op'] !== 'incidents')];
  writeFileSync(run!.path, kept.map((line) => `${JSON.stringify(line)}\n`).join(''));
  return { dir, state, path: run!.path, seen, now };
}

describe("an earlier teamtop's run, judged by a restore", () => {
  it('has its judgement written into it once, and the next restore takes it without judging', async () => {
    const { dir, state, path, seen, now } = await earlierRun();
    const detect = vi.spyOn(misaddressed, 'detect');

    // The first restore judges it moment by moment, as before, and shows what the live dashboard showed.
    const first = await settledSession(dir, reading(state), undefined, { transcripts: false });
    expect(detect).toHaveBeenCalled();
    expect(incidentsOf(first.store.getState(), now)).toEqual(seen);

    // Its judgement is in the run now, as this teamtop writes one: the thresholds, then each change where it happened.
    const lines = linesOf(path);
    expect(lines[0]).toMatchObject({ teamtop: 'journal', team: 'alpha', incidents: DEFAULT_THRESHOLDS });
    const recorded = lines.filter((line) => line['op'] === 'incidents');
    expect(recorded.flatMap((line) => (line['raised'] as { id: string }[]).map((incident) => incident.id)).sort()).toEqual([
      'misaddressed:inbox:helper',
      'misaddressed:inbox:helper',
      'misaddressed:inbox:wroker',
    ]);
    expect(recorded.flatMap((line) => (line['cleared'] as { id: string }[]).map((incident) => incident.id))).toEqual([
      'misaddressed:inbox:wroker',
    ]);
    // Each change comes after the lines of the moment it was judged at, and before the next.
    const times = lines.slice(1).map((line) => line['t'] as number);
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // The next restore takes it: no detector runs, and it shows the same.
    detect.mockClear();
    const store = createStore();
    restore(namespaceDir(state, dir), (observations) => store.dispatch({ type: 'observed', observations }));
    expect(detect).not.toHaveBeenCalled();
    expect(incidentsOf(store.getState(), now)).toEqual(seen);

    // Written once: a run that records its incidents is left as it is.
    const written = readFileSync(path, 'utf8');
    await settledSession(dir, reading(state), undefined, { transcripts: false });
    expect(readFileSync(path, 'utf8')).toBe(written);
  });

  it('is left as it is while its writer runs, and keeps a torn last line last', async () => {
    const { dir, state, path } = await earlierRun();
    // Named after a live process (this test's parent): an earlier teamtop still writing it.
    const live = path.replace(/-\d+\.jsonl$/u, `-${process.ppid}.jsonl`);
    renameSync(path, live);
    const before = readFileSync(live, 'utf8');
    await settledSession(dir, reading(state), undefined, { transcripts: false });
    expect(readFileSync(live, 'utf8')).toBe(before);

    // Its writer gone (it stopped mid-line): judged, and written with the torn line still at the end.
    renameSync(live, path);
    writeFileSync(path, `${before}{"op":"inbox","t":`);
    await settledSession(dir, reading(state), undefined, { transcripts: false });
    const text = readFileSync(path, 'utf8');
    expect(text.endsWith('\n{"op":"inbox","t":')).toBe(true);
    expect(JSON.parse(text.split('\n', 1)[0]!)).toMatchObject({ incidents: DEFAULT_THRESHOLDS });
  });
});

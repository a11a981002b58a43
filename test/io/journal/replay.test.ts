import { DEFAULT_THRESHOLDS } from '../../../src/core/model/settings.js';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../../src/cli/session.js';
import { JOURNAL_VERSION, type JournalLine } from '../../../src/io/journal/format.js';
import { readJournalFile } from '../../../src/io/journal/reader.js';
import { ReplayController } from '../../../src/io/journal/replay-controller.js';
import { snapshot } from '../../../src/core/snapshot.js';
import { createStore } from '../../../src/core/store.js';
import { CAPTURES, tempDir } from '../../helpers/fixtures.js';
import { watch } from '../../helpers/live.js';
import { waitFor } from '../../helpers/wait.js';

const SPIKE = `${CAPTURES}/cc-2.1.231-probe-spike`;
const TEAM = 'session-98b0b4a7';

/** The capture's snapshots in order, each a file state at a time: `inbox-03-t1787843415.78/…`. */
function snapshots(): { t: number; path: string; file: string }[] {
  return readdirSync(join(SPIKE, 'snapshots'))
    .sort()
    .map((name, index) => {
      const stamp = /-t(\d+(?:\.\d+)?)$/u.exec(name)?.[1];
      const root = join(SPIKE, 'snapshots', name);
      const kind = name.startsWith('inbox') ? 'teams' : 'tasks';
      const [relative] = (function walk(dir: string, prefix: string): string[] {
        return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
        );
      })(join(root, kind), `${kind}/`);
      return { t: stamp ? Math.round(Number(stamp) * 1000) : 1787843380000 + index, path: relative!, file: join(root, relative!) };
    })
    .sort((a, b) => a.t - b.t);
}

describe('replaying the cc-2.1.231 snapshots', () => {
  it('yields all 9 distinct messages although the final files hold 4', async () => {
    const header: JournalLine = {
      kind: 'header',
      header: { teamtop: 'journal', v: JOURNAL_VERSION, run: 'capture', team: TEAM, claudeDir: SPIKE, started: 1787843380000 },
    };
    const lines: JournalLine[] = [
      header,
      { kind: 'entry', entry: { op: 'folder', t: 1787843380000, path: `teams/${TEAM}`, present: true } },
      {
        kind: 'entry',
        entry: {
          op: 'file',
          t: 1787843380000,
          live: false,
          path: `teams/${TEAM}/config.json`,
          text: readFileSync(join(SPIKE, 'teams', TEAM, 'config.json'), 'utf8'),
        },
      },
      ...snapshots().map(({ t, path, file }): JournalLine => ({
        kind: 'entry',
        entry: { op: 'file', t, live: true, path, text: readFileSync(file, 'utf8') },
      })),
    ];
    const store = createStore();
    new ReplayController(lines, store).toEnd();
    const replayed = snapshot(store.getState(), { thresholds: DEFAULT_THRESHOLDS, claudeDir: SPIKE, now: 1787843460000 }).teams[0]!;
    expect(replayed.messages).toHaveLength(9);
    expect(new Set(replayed.messages.map((m) => m.timestamp)).size).toBe(9);

    const final = (await settledSession(SPIKE)).store.getState();
    expect(snapshot(final, { thresholds: DEFAULT_THRESHOLDS, claudeDir: SPIKE, now: 0 }).teams[0]!.messages).toHaveLength(4);
  });

  it('yields the same 9 when the snapshots are written, in order, under the real watcher', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'teams', TEAM, 'inboxes'), { recursive: true });
    cpSync(join(SPIKE, 'teams', TEAM, 'config.json'), join(dir, 'teams', TEAM, 'config.json'));
    const live = await watch(dir);
    for (const { path, file } of snapshots()) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      cpSync(file, join(dir, path));
      // Each snapshot is a separate observed state: wait until it is seen.
      const text = readFileSync(file, 'utf8');
      if (path.includes('/inboxes/')) {
        const keys = (JSON.parse(text) as { msg_id: string }[]).map((m) => m.msg_id);
        await waitFor(() => {
          const seen = live.store.getState().teams.get(TEAM)!.inboxes.get(path.split('/').at(-1)!.replace('.json', ''))!;
          for (const key of keys) expect(seen.index.has(key)).toBe(true);
        });
      }
    }
    await waitFor(() => expect(live.json().teams[0]!.messages).toHaveLength(9));
  });
});

describe('ReplayController', () => {
  const journal = (): JournalLine[] => {
    const base = 1_000_000;
    const inbox = (texts: string[]) =>
      JSON.stringify(texts.map((text, i) => ({ from: 'worker', text, timestamp: new Date(base + i * 1000).toISOString(), read: false })));
    const text = [
      JSON.stringify({ teamtop: 'journal', v: 1, run: 'r', team: 't', claudeDir: '/c', started: base }),
      JSON.stringify({ op: 'folder', t: base, path: 'teams/t', present: true }),
      JSON.stringify({
        op: 'file',
        t: base,
        live: false,
        path: 'teams/t/config.json',
        text: '{"name":"t","members":[{"name":"team-lead"},{"name":"worker"}]}',
      }),
      JSON.stringify({ op: 'file', t: base + 1000, live: true, path: 'teams/t/inboxes/team-lead.json', text: inbox(['one']) }),
      JSON.stringify({ op: 'file', t: base + 2000, live: true, path: 'teams/t/inboxes/team-lead.json', text: inbox(['one', 'two']) }),
      JSON.stringify({
        op: 'file',
        t: base + 3000,
        live: true,
        path: 'teams/t/inboxes/team-lead.json',
        text: inbox(['one', 'two', 'three']),
      }),
    ].join('\n');
    const path = join(tempDir(), 'run.jsonl');
    writeFileSync(path, `${text}\n`);
    return readJournalFile(path).lines;
  };
  const texts = (store: ReturnType<typeof createStore>) =>
    store
      .getState()
      .teams.get('t')
      ?.inboxes.get('team-lead')
      ?.messages.map((m) => m.text) ?? [];

  it('steps one entry at a time, jumps to either end, and reports its clock', () => {
    const store = createStore();
    const replay = new ReplayController(journal(), store);
    expect(replay.getStatus()).toMatchObject({ position: 0, total: 5, clock: 1_000_000, start: 1_000_000, end: 1_003_000 });
    replay.step();
    replay.step();
    replay.step();
    expect(texts(store)).toEqual(['one']);
    expect(replay.getStatus()).toMatchObject({ position: 3, clock: 1_001_000 });
    replay.toEnd();
    expect(texts(store)).toEqual(['one', 'two', 'three']);
    replay.toStart();
    expect(store.getState().teams.size).toBe(0);
    expect(replay.getStatus()).toMatchObject({ position: 0, clock: 1_000_000 });
  });

  it('plays in recorded time, scaled by its speed', async () => {
    const store = createStore();
    const replay = new ReplayController(journal(), store, { speed: 100 });
    const started = Date.now();
    replay.play();
    await waitFor(() => expect(replay.getStatus().playing).toBe(false));
    expect(texts(store)).toEqual(['one', 'two', 'three']);
    // 3 s recorded at ×100: about 30 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('starts at its first entry: `<` lands at 0 s, playing or paused, however long before it the run began (issue 38)', () => {
    // The dashboard that recorded it opened 8 s before the team's first file was seen.
    const lines = journal();
    const header = lines[0]!;
    if (header.kind !== 'header') throw new Error('a journal begins with its header');
    const early: JournalLine[] = [
      { kind: 'header', header: { ...header.header, started: header.header.started - 8000 } },
      ...lines.slice(1),
    ];
    const replay = new ReplayController(early, createStore());
    expect(replay.getStatus()).toMatchObject({ start: 1_000_000, end: 1_003_000, clock: 1_000_000 });
    replay.toEnd();
    replay.toStart();
    expect(replay.getStatus()).toMatchObject({ position: 0, clock: 1_000_000 });
    // Playing, its first step is at 0 s too, not 8 s on.
    replay.step();
    expect(replay.getStatus().clock - replay.getStatus().start).toBe(0);
  });

  it('changes speed in steps', () => {
    const replay = new ReplayController(journal(), createStore(), { speed: 1 });
    replay.faster();
    replay.faster();
    expect(replay.getStatus().speed).toBe(4);
    replay.slower();
    expect(replay.getStatus().speed).toBe(2);
  });
});

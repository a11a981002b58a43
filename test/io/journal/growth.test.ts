/**
 * The journal grows with what changed, not with how often a file was written:
 * a rewrite of a big inbox costs the messages it changed, a file read again
 * unchanged (or broken the same way) costs nothing, writes outside teams/ and
 * tasks/ are not even read, and the size limit holds during a run.
 */
import { DEFAULT_THRESHOLDS } from '../../../src/core/model/settings.js';
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSession, type JournalOptions } from '../../../src/cli/session.js';
import { listAllRuns } from '../../../src/io/journal/store-dir.js';
import { JOURNAL_PROBLEM } from '../../../src/io/journal/writer.js';
import { snapshot } from '../../../src/core/snapshot.js';
import { tempDir } from '../../helpers/fixtures.js';
import { entry, watchRecorded, writeJson } from '../../helpers/live.js';
import { sleep, waitFor } from '../../helpers/wait.js';

const NOW = Date.parse('2026-12-01T00:00:00Z');
const journalBytes = (state: string) => listAllRuns(state).reduce((sum, run) => sum + run.size, 0);
/** A pid no process has now: one that ran and ended. */
const endedPid = (): number => spawnSync('true').pid;

const options = (stateDir: string, maxBytes = 50 * 1024 * 1024): JournalOptions => ({ stateDir, write: true, maxBytes });

function team(dir: string): string {
  writeJson(join(dir, 'teams/alpha/config.json'), { name: 'alpha', members: [{ name: 'team-lead' }, { name: 'worker' }] });
  return join(dir, 'teams/alpha/inboxes/team-lead.json');
}

/** A message of about a kilobyte. */
const message = (i: number) =>
  entry('worker', `message ${i} ${'x'.repeat(1000)}`, { msg_id: `m-${i}`, timestamp: new Date(NOW - 3_600_000 + i * 1000).toISOString() });

describe('the journal of a run', () => {
  it('records a rewrite of a 1 MB inbox (a message marked read, a delivered one deleted) as what changed, and replays to the same state', async () => {
    const dir = tempDir();
    const state = tempDir();
    const inbox = team(dir);
    let messages = Array.from({ length: 1000 }, (_, i) => message(i));
    writeJson(inbox, messages);
    const live = await watchRecorded(dir, options(state));
    const base = journalBytes(state);
    expect(base).toBeGreaterThan(1_000_000);

    for (let i = 0; i < 20; i++) {
      if (i % 2 === 0) messages = messages.map((m, at) => (at === i ? { ...m, read: true } : m));
      else messages = messages.slice(1);
      writeJson(inbox, messages);
      const read = messages.filter((m) => m.read).length;
      const present = messages.length;
      await waitFor(() => {
        const history = live.store.getState().teams.get('alpha')!.inboxes.get('team-lead')!;
        expect(history.present).toBe(present);
        expect(history.messages.filter((m) => m.read && !m.delivered)).toHaveLength(read);
      });
    }
    // Nothing read is waiting to be read again or proven: the journal holds every rewrite.
    await live.reader.settled();
    live.stop();
    // Twenty rewrites of a megabyte: about ten messages and ten deletions more, not twenty megabytes.
    expect(journalBytes(state) - base).toBeLessThan(20 * 1024);

    const restored = openSession(dir, { stateDir: state, write: false, maxBytes: 1e9 });
    restored.close();
    const json = (store: typeof restored.store) => snapshot(store.getState(), { thresholds: DEFAULT_THRESHOLDS, claudeDir: dir, now: NOW });
    expect(json(restored.store).teams).toEqual(json(live.store).teams);
  });

  it('records a broken file once, by its problem, and reads nothing for writes outside teams/ and tasks/', async () => {
    const dir = tempDir();
    const state = tempDir();
    team(dir);
    // Broken: never re-read whole into the journal, on any rescan.
    mkdirSync(join(dir, 'teams/alpha/inboxes'));
    writeFileSync(join(dir, 'teams/alpha/inboxes/worker.json'), `[${JSON.stringify(message(1))},\n  {"from": "wor`);
    const live = await watchRecorded(dir, options(state));
    await live.reader.settled();
    live.journal!.flush();
    const before = journalBytes(state);
    expect(live.json().problems.map((problem) => problem.path)).toEqual(['teams/alpha/inboxes/worker.json']);
    live.observed.length = 0;

    // Claude Code appends to history.jsonl on every prompt.
    for (let i = 0; i < 20; i++) {
      appendFileSync(join(dir, 'history.jsonl'), `${JSON.stringify({ display: `prompt ${i}` })}\n`);
      await sleep(15);
    }
    mkdirSync(join(dir, 'projects/p'), { recursive: true });
    writeFileSync(join(dir, 'projects/p/session.jsonl'), '{}\n');
    // A write the watcher must see, to know the ones before were delivered.
    writeJson(join(dir, 'teams/alpha/inboxes/team-lead.json'), [entry('worker', 'after the prompts')]);
    await waitFor(() => expect(live.observed.some((o) => o.kind === 'inbox' && o.member === 'team-lead')).toBe(true));
    await live.reader.settled();
    expect(live.observed.map((o) => o.kind)).toEqual(['inbox']);

    // Rescans (teams/ or tasks/ replaced, the dir checked) read the broken file again: nothing more is recorded for it.
    live.journal!.flush();
    const after = journalBytes(state);
    for (let i = 0; i < 5; i++) live.reader.take([{ kind: 'resync' }]);
    live.journal!.flush();
    expect(journalBytes(state)).toBe(after);
    live.stop();
    expect(after - before).toBeLessThan(1024);
  });

  it('keeps a few files open, however many teams come and go', async () => {
    const dir = tempDir();
    const state = tempDir();
    mkdirSync(join(dir, 'teams'));
    const live = await watchRecorded(dir, options(state));
    const journalFiles = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(state);
        } catch {
          return false;
        }
      });
    for (let i = 0; i < 40; i++) {
      const name = `churn-${i}`;
      writeJson(join(dir, 'teams', name, 'config.json'), { name, members: [{ name: 'team-lead' }] });
      writeJson(join(dir, 'teams', name, 'inboxes/team-lead.json'), [entry('worker', `hello ${i}`)]);
      await waitFor(() => expect(live.json().teams.find((candidate) => candidate.name === name)?.messages).toHaveLength(1));
      rmSync(join(dir, 'teams', name), { recursive: true });
      await waitFor(() => expect(live.json().teams.find((candidate) => candidate.name === name)?.ended).toBe(true));
    }
    live.journal!.flush();
    expect(listAllRuns(state)).toHaveLength(40);
    expect(journalFiles().length).toBeLessThanOrEqual(8);
    live.stop();
    expect(journalFiles()).toEqual([]);
  });

  it('holds the size limit during a run: older runs go first, then this run stops recording and says so', async () => {
    const dir = tempDir();
    const state = tempDir();
    const inbox = team(dir);
    writeJson(inbox, [message(0)]);
    // Written by a teamtop that has ended: its pid is no live process's.
    const older = join(state, `journal/claude-00000000/alpha/2026-01-01T00-00-00-000Z-${endedPid()}.jsonl`);
    mkdirSync(join(older, '..'), { recursive: true });
    writeFileSync(older, 'x'.repeat(30 * 1024));
    const limit = 64 * 1024;
    const live = await watchRecorded(dir, options(state, limit));

    const messages = [message(0)];
    for (let i = 1; i <= 80; i++) {
      messages.push(message(i));
      writeJson(inbox, messages);
      await waitFor(() => expect(live.store.getState().teams.get('alpha')!.inboxes.get('team-lead')!.present).toBe(i + 1));
      expect(journalBytes(state)).toBeLessThanOrEqual(limit);
    }
    await waitFor(() =>
      expect(live.json().problems).toContainEqual({
        path: JOURNAL_PROBLEM,
        message: "history is not being recorded: this run reached the journal's limit of 0.0625 MB (--journal-limit)",
      }),
    );
    expect(listAllRuns(state).map((run) => run.run)).toEqual([live.journal!.run]);
    // The dashboard goes on.
    messages.push(entry('worker', 'still shown'));
    writeJson(inbox, messages);
    await waitFor(() => expect(live.json().teams[0]!.messages.map((m) => m.text)).toContain('still shown'));
    live.stop();
    expect(journalBytes(state)).toBeLessThanOrEqual(limit);
  });

  it('never prunes a run another live teamtop is writing, and says when that keeps the journal over its limit', async () => {
    const dir = tempDir();
    const state = tempDir();
    const inbox = team(dir);
    writeJson(inbox, [message(0)]);
    // Another dashboard's open run (its writer, this test's own parent, is alive), and a run whose writer ended.
    const folder = join(state, 'journal/claude-00000000/alpha');
    mkdirSync(folder, { recursive: true });
    const open = join(folder, `2026-01-01T00-00-00-000Z-${process.ppid}.jsonl`);
    const ended = join(folder, `2026-01-02T00-00-00-000Z-${endedPid()}.jsonl`);
    writeFileSync(open, 'x'.repeat(40 * 1024));
    writeFileSync(ended, 'x'.repeat(10 * 1024));
    const live = await watchRecorded(dir, options(state, 32 * 1024));
    await waitFor(() =>
      expect(live.json().problems).toContainEqual({
        path: JOURNAL_PROBLEM,
        message: `the journal is over its limit (--journal-limit): the runs other teamtops are still writing (process ${process.ppid}) are kept`,
      }),
    );
    expect(listAllRuns(state).map((run) => run.path)).toContain(open);
    expect(listAllRuns(state).map((run) => run.path)).not.toContain(ended);
    live.stop();
  });

  it('follows no symbolic link in the state dir: pruning deletes nothing outside it, and nothing is written there', async () => {
    const dir = tempDir();
    const state = tempDir();
    const outside = tempDir();
    const inbox = team(dir);
    writeJson(inbox, [message(0)]);
    // Laid out as a config dir's journal: a team's folder, a run file in it.
    mkdirSync(join(outside, 'alpha'));
    const precious = join(outside, 'alpha', `2026-01-01T00-00-00-000Z-${endedPid()}.jsonl`);
    writeFileSync(precious, 'x'.repeat(40 * 1024));
    mkdirSync(join(state, 'journal'), { recursive: true });
    symlinkSync(outside, join(state, 'journal/elsewhere'));
    const live = await watchRecorded(dir, options(state, 16 * 1024));
    for (let i = 1; i <= 20; i++)
      writeJson(
        inbox,
        Array.from({ length: i + 1 }, (_, j) => message(j)),
      );
    await waitFor(() => expect(live.store.getState().teams.get('alpha')!.inboxes.get('team-lead')!.present).toBe(21));
    live.stop();
    expect(readdirSync(join(outside, 'alpha'))).toEqual([precious.split('/').pop()]);
    expect(readdirSync(outside)).toEqual(['alpha']);
  });
});

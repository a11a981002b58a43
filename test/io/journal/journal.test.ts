import { DEFAULT_THRESHOLDS } from '../../../src/core/model/settings.js';
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSession, type JournalOptions } from '../../../src/cli/session.js';
import { readJournalFile } from '../../../src/io/journal/reader.js';
import type { InboxChange } from '../../../src/core/model/observation.js';
import { restore } from '../../../src/io/journal/restore.js';
import { createStore } from '../../../src/core/store.js';
import { teamRunFiles } from '../../../src/io/journal/sources.js';
import { listAllRuns, listRuns, namespaceDir, runId } from '../../../src/io/journal/store-dir.js';
import { JournalWriter } from '../../../src/io/journal/writer.js';
import { snapshot } from '../../../src/core/snapshot.js';
import { copyFixture, tempDir } from '../../helpers/fixtures.js';
import { entry, watchRecorded, writeJson } from '../../helpers/live.js';
import { sleep, waitFor } from '../../helpers/wait.js';

const NOW = Date.parse('2026-03-01T10:05:00Z');

const options = (stateDir: string, write = true): JournalOptions => ({ stateDir, write, maxBytes: 50 * 1024 * 1024 });
const texts = (doc: ReturnType<typeof snapshot>) => doc.teams.flatMap((team) => team.messages.map((m) => m.text));

function newTeam(dir: string) {
  writeJson(join(dir, 'teams/alpha/config.json'), {
    name: 'alpha',
    members: [{ name: 'team-lead', agentType: 'team-lead' }, { name: 'worker' }],
  });
  const inbox = join(dir, 'teams/alpha/inboxes/team-lead.json');
  writeJson(inbox, []);
  return inbox;
}

describe('the journal', () => {
  it('keeps messages deleted 100 ms after delivery across a restart', async () => {
    const dir = tempDir();
    const state = tempDir();
    const inbox = newTeam(dir);
    const live = await watchRecorded(dir, options(state));
    for (let i = 0; i < 5; i++) {
      writeJson(inbox, [entry('worker', `delivered ${i}`)]);
      await sleep(100);
      writeJson(inbox, []);
      await sleep(30);
    }
    await waitFor(() => expect(texts(live.json())).toHaveLength(5));
    live.stop();

    const restarted = openSession(dir, options(state, false));
    restarted.close();
    const doc = snapshot(restarted.store.getState(), { thresholds: DEFAULT_THRESHOLDS, claudeDir: dir, now: NOW });
    expect(texts(doc)).toEqual(['delivered 0', 'delivered 1', 'delivered 2', 'delivered 3', 'delivered 4']);
    expect(doc.teams[0]!.messages.every((m) => m.delivered)).toBe(true);
  });

  it('lists a team whose files are gone as ended, with its history', async () => {
    const dir = copyFixture('protocol-zoo');
    const state = tempDir();
    const live = await watchRecorded(dir, options(state));
    const before = live.json();
    live.stop();
    rmSync(join(dir, 'teams'), { recursive: true });
    rmSync(join(dir, 'tasks'), { recursive: true });
    const later = openSession(dir, options(state, false));
    later.close();
    const doc = snapshot(later.store.getState(), { thresholds: DEFAULT_THRESHOLDS, claudeDir: dir, now: NOW });
    expect(doc.teams).toHaveLength(1);
    expect(doc.teams[0]!.ended).toBe(true);
    expect(doc.teams[0]!.messages).toHaveLength(before.teams[0]!.messages.length);
    expect(doc.teams[0]!.tasks.map((t) => t.state)).toEqual(before.teams[0]!.tasks.map((t) => t.state));
  });

  it('writes files only the user can read, in folders only the user can open', async () => {
    const dir = tempDir();
    const state = tempDir();
    newTeam(dir);
    const live = await watchRecorded(dir, options(state));
    live.stop();
    const [run] = listAllRuns(state);
    expect(statSync(run!.path).mode & 0o777).toBe(0o600);
    expect(statSync(join(run!.path, '..')).mode & 0o777).toBe(0o700);
  });

  it('does not write what an earlier run already recorded', async () => {
    const dir = copyFixture('protocol-zoo');
    const state = tempDir();
    const first = await watchRecorded(dir, options(state));
    first.stop();
    const second = await watchRecorded(dir, options(state));
    second.stop();
    expect(first.journal!.run).not.toBe(second.journal!.run);
    // Nothing changed between the two runs: the second one wrote no file at all.
    expect(listAllRuns(state).filter((run) => run.run === second.journal!.run)).toEqual([]);
    writeJson(join(dir, 'tasks/zoo/9.json'), { id: '9', subject: 'new since', status: 'pending', blocks: [], blockedBy: [] });
    const third = await watchRecorded(dir, options(state));
    third.stop();
    const [written] = listAllRuns(state).filter((run) => run.run === third.journal!.run);
    const entries = readJournalFile(written!.path).lines.filter((line) => line.kind === 'entry');
    // The change, and with the run's first line of the team, the incidents that stand (for the run to replay on its own).
    expect(entries.map((line) => line.kind === 'entry' && `${line.entry.op} ${line.entry.path}`)).toEqual([
      'file tasks/zoo/9.json',
      'incidents teams/zoo',
    ]);
  });

  it('records appends to a big inbox as the messages added, and reads them back whole', async () => {
    const dir = tempDir();
    const state = tempDir();
    const inbox = newTeam(dir);
    const messages = Array.from({ length: 60 }, (_, i) => entry('worker', `message ${i} ${'x'.repeat(80)}`));
    writeJson(inbox, messages);
    const live = await watchRecorded(dir, options(state));
    for (let i = 0; i < 3; i++) {
      messages.push(entry('worker', `appended ${i}`));
      writeJson(inbox, messages);
      await waitFor(() => expect(texts(live.json())).toContain(`appended ${i}`));
    }
    live.stop();
    const [run] = listRuns(namespaceDir(state, dir), 'alpha');
    const changes = readJournalFile(run!.path).lines.flatMap((line) =>
      line.kind === 'entry' && line.entry.op === 'inbox' ? [line.entry.messages] : [],
    );
    expect(changes.slice(-3)).toEqual([0, 1, 2].map((i) => [[0, 60 + i], messages[60 + i]]));
    // The first record and the changes rebuild exactly what the file holds.
    const store = createStore();
    const restored = restore(namespaceDir(state, dir), (observations) => store.dispatch({ type: 'observed', observations }));
    expect(restored.notices).toEqual([]);
    const history = store.getState().teams.get('alpha')!.inboxes.get('team-lead')!;
    expect(history.messages.map((m) => m.text)).toEqual((JSON.parse(readFileSync(inbox, 'utf8')) as { text: string }[]).map((e) => e.text));
  });

  it('records a change only on top of a whole record of the inbox in the same file', () => {
    const state = tempDir();
    const namespace = namespaceDir(state, '/claude');
    const writer = new JournalWriter({ thresholds: DEFAULT_THRESHOLDS, stateDir: state, namespace, claudeDir: '/claude', maxBytes: 1e9 });
    const inbox = (messages: InboxChange['messages'], whole: boolean) =>
      ({
        kind: 'inbox',
        team: 'alpha',
        member: 'lead',
        messages: [],
        at: 1,
        live: true,
        change: { messages, invalid: [], whole },
      }) as const;
    // A change from a read this file does not hold (an earlier run's) is not recorded: the next read is asked for whole.
    expect(writer.wants('teams/alpha/inboxes/lead.json')).toBe('whole');
    writer.record([inbox([[0, 3], { from: 'a', text: 'lost' }], false)]);
    writer.record([inbox([{ from: 'a', text: 'one' }], true)]);
    expect(writer.wants('teams/alpha/inboxes/lead.json')).toBe('change');
    writer.record([inbox([[0, 1], { from: 'a', text: 'two' }], false)]);
    writer.close();
    const [run] = listRuns(namespace, 'alpha');
    const recorded = readJournalFile(run!.path).lines.flatMap((line) =>
      line.kind === 'entry' && line.entry.op === 'inbox' ? [line.entry.messages] : [],
    );
    expect(recorded).toEqual([[{ from: 'a', text: 'one' }], [[0, 1], { from: 'a', text: 'two' }]]);
  });

  it('still reads a version 1 journal: whole texts, and appends as patches of the text before', () => {
    const state = tempDir();
    const folder = join(namespaceDir(state, '/claude'), 'alpha');
    mkdirSync(folder, { recursive: true });
    const first = JSON.stringify([entry('worker', 'one')], null, 2);
    const cut = first.lastIndexOf('}') + 1;
    const appendix = `,\n  ${JSON.stringify(entry('worker', 'two'))}\n]`;
    const lines = [
      { teamtop: 'journal', v: 1, run: 'r', team: 'alpha', claudeDir: '/claude', started: 1 },
      { op: 'folder', t: 1, path: 'teams/alpha', present: true },
      { op: 'file', t: 1, live: false, path: 'teams/alpha/inboxes/team-lead.json', text: first },
      { op: 'file', t: 2, live: true, path: 'teams/alpha/inboxes/team-lead.json', keep: cut, text: appendix },
    ];
    writeFileSync(join(folder, '2026-01-01T00-00-00-000Z-1.jsonl'), `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    const store = createStore();
    const restored = restore(namespaceDir(state, '/claude'), (observations) => store.dispatch({ type: 'observed', observations }));
    expect(restored.notices).toEqual([]);
    expect(
      store
        .getState()
        .teams.get('alpha')!
        .inboxes.get('team-lead')!
        .messages.map((m) => m.text),
    ).toEqual(['one', 'two']);
  });

  it('records a problem going in a later run than the one that recorded it', async () => {
    const dir = tempDir();
    const state = tempDir();
    newTeam(dir);
    writeFileSync(join(dir, 'teams/alpha/inboxes/worker.json'), '[{"from": "tea');
    const first = await watchRecorded(dir, options(state));
    await first.reader.settled();
    expect(first.json().problems.map((problem) => problem.path)).toEqual(['teams/alpha/inboxes/worker.json']);
    first.stop();
    rmSync(join(dir, 'teams/alpha/inboxes/worker.json'));
    const second = await watchRecorded(dir, options(state));
    expect(second.json().problems).toEqual([]);
    second.stop();
    const restarted = openSession(dir, options(state, false));
    restarted.close();
    expect([...restarted.store.getState().problems.values()]).toEqual([]);
  });

  it('skips a torn last line with a notice and keeps everything before it', async () => {
    const dir = tempDir();
    const state = tempDir();
    const inbox = newTeam(dir);
    writeJson(inbox, [entry('worker', 'before the crash')]);
    (await watchRecorded(dir, options(state))).stop();
    const [run] = listAllRuns(state).filter((r) => r.team === 'alpha');
    appendFileSync(run!.path, '{"op":"file","t":1,"live":true,"path":"teams/alpha/inb');
    const session = openSession(dir, options(state, false));
    session.close();
    const doc = snapshot(session.store.getState(), { thresholds: DEFAULT_THRESHOLDS, claudeDir: dir, now: NOW });
    expect(texts(doc)).toEqual(['before the crash']);
    expect(doc.problems).toEqual([
      { path: run!.path, message: 'the last line is incomplete (teamtop stopped while writing it) and was skipped' },
    ]);
  });

  it('stays under its size limit by deleting the oldest runs first', () => {
    const state = tempDir();
    const namespace = namespaceDir(state, '/claude');
    // Written by a teamtop that has ended (one still running is never pruned).
    const pid = spawnSync('true').pid;
    const old = ['2026-01-01T00-00-00-000Z', '2026-01-02T00-00-00-000Z', '2026-01-03T00-00-00-000Z'].map((started) => `${started}-${pid}`);
    for (const run of old) {
      mkdirSync(join(namespace, 'alpha'), { recursive: true });
      writeFileSync(join(namespace, 'alpha', `${run}.jsonl`), 'x'.repeat(1000));
      mkdirSync(join(namespace, 'beta'), { recursive: true });
      writeFileSync(join(namespace, 'beta', `${run}.jsonl`), 'x'.repeat(1000));
    }
    const writer = new JournalWriter({ thresholds: DEFAULT_THRESHOLDS, stateDir: state, namespace, claudeDir: '/claude', maxBytes: 4500 });
    writer.close();
    const left = listAllRuns(state).map((run) => `${run.team}/${run.run}`);
    // 6000 bytes in three runs of two files; the oldest run goes, whole.
    expect(left).toEqual([`alpha/${old[1]}`, `beta/${old[1]}`, `alpha/${old[2]}`, `beta/${old[2]}`]);
    expect(readdirSync(join(namespace, 'alpha'))).not.toContain(`${old[0]}.jsonl`);
  });

  it('restores nothing and records nothing with --no-journal', () => {
    const dir = tempDir();
    newTeam(dir);
    const session = openSession(dir);
    expect(session.journal).toBeUndefined();
    session.close();
  });
});

describe('finding the runs of a team by name', () => {
  const record = (stateDir: string, claudeDir: string, team: string, started: number) => {
    const path = join(namespaceDir(stateDir, claudeDir), team, `${runId(started, 1)}.jsonl`);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, '');
    return path;
  };

  it('takes the runs recorded from this config dir first, else those of the config dir that recorded the team last', () => {
    const state = tempDir();
    const older = record(state, '/a/.claude', 'zoo', Date.UTC(2026, 0, 1));
    const newer = [record(state, '/b/.claude', 'zoo', Date.UTC(2026, 0, 2)), record(state, '/b/.claude', 'zoo', Date.UTC(2026, 0, 3))];
    record(state, '/c/.claude', 'other', Date.UTC(2026, 0, 9));
    expect(teamRunFiles(state, '/a/.claude', 'zoo')).toEqual([older]);
    expect(teamRunFiles(state, '/elsewhere', 'zoo')).toEqual(newer);
    expect(teamRunFiles(state, '/elsewhere', 'nobody')).toEqual([]);
  });
});

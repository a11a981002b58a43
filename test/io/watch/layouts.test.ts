/**
 * The other team layouts through the real session and watcher: per-agent records
 * (the API-spec layout) and a team in one file (swarm-tools).
 */
import { appendFileSync, mkdirSync, rmSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, tempDir } from '../../helpers/fixtures.js';
import { entry, watch, writeJson } from '../../helpers/live.js';
import { waitFor } from '../../helpers/wait.js';

/** The time the fixtures are to be read as of (see test-fixtures/README.md). */
const AS_OF = Date.parse('2026-03-01T10:05:00Z');

const teamOf = (json: ReturnType<Awaited<ReturnType<typeof watch>>['json']>, name: string) =>
  json.teams.find((team) => team.name === name)!;
const memberOf = (json: ReturnType<Awaited<ReturnType<typeof watch>>['json']>, team: string, name: string) =>
  teamOf(json, team).members.find((member) => member.name === name)!;

describe('per-agent records (API-spec layout)', () => {
  it('reads each agent status, log and artifacts at start', async () => {
    const dir = copyFixture('api-spec');
    const live = await watch(dir);
    const json = live.json(AS_OF);
    expect(teamOf(json, 'release').budgetTokens).toBe(200_000);
    expect(memberOf(json, 'release', 'coder')).toMatchObject({
      status: 'working',
      agent: {
        status: { status: 'running', metrics: { tokens_used: 48_200, tasks_completed: 2, avg_response_time: 3.4 } },
        log: {
          lines: 5,
          present: true,
          tail: [
            '[10:01:05] coder: starting on task #2',
            '✓ parsed 118 fixtures',
            '[10:02:30] running npm run build',
            'build finished in 4.2s',
            '[10:04:50] writing the migration notes',
            'progress: 60%',
          ],
        },
        artifacts: {
          entries: [
            { name: 'patch.diff', kind: 'file', size: 62 },
            { name: 'report.md', kind: 'file', size: 40 },
            { name: 'screens', kind: 'folder', size: 0 },
          ],
          more: 0,
        },
      },
    });
    expect(memberOf(json, 'release', 'tester')).toMatchObject({
      status: 'failed',
      agent: { status: { status: 'error', errorMessage: 'npm test exited with code 1: 3 failing tests in parser.spec.ts' } },
    });
    expect(memberOf(json, 'release', 'writer').status).toBe('shut down');
    expect(json.problems).toEqual([]);
  });

  it('follows a growing output.log like tail -F: appends, a line finished later, truncation and removal', async () => {
    const dir = copyFixture('api-spec');
    const log = join(dir, 'tasks/release/coder/output.log');
    const live = await watch(dir);
    const tail = () => memberOf(live.json(), 'release', 'coder').agent!.log!;
    appendFileSync(log, ' done\nnext step\n');
    await waitFor(() => expect(tail().tail.slice(-2)).toEqual(['progress: 60% done', 'next step']));
    for (let i = 1; i <= 30; i++) appendFileSync(log, `line ${i}\n`);
    await waitFor(() => expect(tail().tail.at(-1)).toBe('line 30'));
    expect(tail().lines).toBe(37);
    truncateSync(log, 0);
    appendFileSync(log, 'a fresh run\n');
    await waitFor(() => expect(tail().tail.at(-1)).toBe('a fresh run'));
    expect(tail().tail.at(-2)).toBe('— output.log was truncated or replaced: showing the new one —');
    unlinkSync(log);
    await waitFor(() => expect(tail().present).toBe(false));
    expect(tail().tail.at(-1)).toBe('a fresh run');
  });

  it('follows an agent status as it changes, and its artifacts as they come and go', async () => {
    const dir = copyFixture('api-spec');
    const live = await watch(dir);
    writeJson(join(dir, 'tasks/release/coder/task-status.json'), {
      agentId: 'coder@release',
      status: 'complete',
      startedAt: '2026-03-01T10:01:05.000Z',
      completedAt: '2026-03-01T10:06:00.000Z',
      metrics: { tokens_used: 61_000, tasks_completed: 3 },
    });
    await waitFor(() => expect(memberOf(live.json(), 'release', 'coder').status).toBe('done'));
    const artifacts = join(dir, 'tasks/release/coder/artifacts');
    writeFileSync(join(artifacts, 'notes.md'), 'migration notes\n');
    await waitFor(() =>
      expect(memberOf(live.json(), 'release', 'coder').agent!.artifacts!.entries.map((e) => e.name)).toContain('notes.md'),
    );
    unlinkSync(join(artifacts, 'patch.diff'));
    await waitFor(() =>
      expect(memberOf(live.json(), 'release', 'coder').agent!.artifacts!.entries.map((e) => e.name)).toEqual([
        'notes.md',
        'report.md',
        'screens',
      ]),
    );
    rmSync(artifacts, { recursive: true });
    await waitFor(() => expect(memberOf(live.json(), 'release', 'coder').agent!.artifacts).toBeNull());
  });

  it('picks up an agent folder made while running, and shows a broken status file as a problem', async () => {
    const dir = copyFixture('api-spec');
    const live = await watch(dir);
    mkdirSync(join(dir, 'tasks/release/reviewer/artifacts'), { recursive: true });
    writeJson(join(dir, 'tasks/release/reviewer/task-status.json'), {
      agentId: 'reviewer@release',
      status: 'running',
      startedAt: Date.now(),
    });
    await waitFor(() =>
      expect(memberOf(live.json(), 'release', 'reviewer')).toMatchObject({ status: 'working', agent: { artifacts: { entries: [] } } }),
    );
    writeFileSync(join(dir, 'tasks/release/reviewer/task-status.json'), '{"status": 3}');
    await waitFor(() =>
      expect(live.json().problems).toEqual([
        { path: 'tasks/release/reviewer/task-status.json', message: 'agent status: status: expected string, received number' },
      ]),
    );
    expect(memberOf(live.json(), 'release', 'reviewer').status).toBe('working');
  });
});

describe('a team in one file (swarm-tools layout)', () => {
  it('shows a team file as a team, follows it, and ends the team when the file goes', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'teams'));
    const live = await watch(dir);
    const file = join(dir, 'teams/solo.json');
    writeJson(file, {
      name: 'solo',
      description: 'one file',
      leadAgentId: 'boss@solo',
      members: [{ agentId: 'boss@solo', name: 'boss', agentType: 'team-lead' }],
    });
    await waitFor(() =>
      expect(teamOf(live.json(), 'solo')).toMatchObject({
        description: 'one file',
        ended: false,
        members: [{ name: 'boss', isLead: true }],
      }),
    );
    writeJson(file, {
      name: 'solo',
      leadAgentId: 'boss@solo',
      members: [
        { agentId: 'boss@solo', name: 'boss', agentType: 'team-lead' },
        { agentId: 'helper@solo', name: 'helper', agentType: 'general-purpose' },
      ],
    });
    await waitFor(() => expect(teamOf(live.json(), 'solo').members.map((member) => member.name)).toEqual(['boss', 'helper']));
    unlinkSync(file);
    await waitFor(() => expect(teamOf(live.json(), 'solo').ended).toBe(true));
  });

  it('pairs join requests with their answers in every state, and shows planning and deleted tasks', async () => {
    const dir = copyFixture('swarm');
    const live = await watch(dir);
    const hive = () => teamOf(live.json(), 'hive');
    const joins = (now: ReturnType<typeof hive>) =>
      now.handshakes.map(({ kind, from, to, state, fact }) => ({ kind, from, to, state, fact }));
    expect(joins(hive())).toEqual([
      { kind: 'join', from: 'drone-4', to: 'queen', state: 'stalled', fact: 'drone-4' },
      { kind: 'join', from: 'drone-3', to: 'queen', state: 'stalled', fact: 'drone-3: I can test' },
      { kind: 'join', from: 'drone-5', to: 'queen', state: 'approved', fact: null },
      { kind: 'join', from: 'drone-2', to: 'queen', state: 'rejected', fact: 'drone-2: I can write docs' },
      { kind: 'join', from: 'drone-1', to: 'queen', state: 'approved', fact: 'drone-1: I can review code' },
    ]);
    expect(teamOf(live.json(AS_OF), 'hive').members.map(({ name, status, departed }) => ({ name, status, departed }))).toEqual([
      { name: 'queen', status: 'lead', departed: false },
      { name: 'scout', status: 'working', departed: false },
      { name: 'builder', status: 'working', departed: false },
      { name: 'drone-1', status: 'working', departed: false },
      { name: 'drone-2', status: 'refused', departed: false },
      { name: 'drone-5', status: 'working', departed: false },
      { name: 'drone-4', status: 'joining', departed: false },
      { name: 'drone-3', status: 'joining', departed: false },
    ]);
    expect(hive().tasks.map(({ id, state }) => [id, state])).toEqual([
      ['1', 'completed'],
      ['2', 'planning'],
      ['3', 'blocked'],
      ['4', 'deleted'],
    ]);
    // drone-4 is let in: its handshake closes.
    writeJson(join(dir, 'teams/hive/inboxes/drone-4.json'), [
      entry('queen', JSON.stringify({ type: 'join_approved', requestId: 'join-stalled', agentName: 'drone-4' })),
    ]);
    await waitFor(() => expect(joins(hive()).find((handshake) => handshake.from === 'drone-4')!.state).toBe('approved'));
  });
});

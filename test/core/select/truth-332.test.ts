/**
 * Issue 35 on the recordings of the real 2.1.332: each claude dir as it stood
 * before the client exited, read as `teamtop --json` and `doctor` read it.
 * A recording's processes are of no machine (unknown); copied with `here`,
 * they are this machine's, long gone: dead.
 */
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../../src/cli/session.js';
import { snapshot } from '../../../src/core/snapshot.js';
import { DEFAULT_THRESHOLDS } from '../../../src/core/model/settings.js';
import { selectWork } from '../../../src/core/select/work.js';
import { copy332 } from '../../helpers/recordings-332.js';
import { metricsOf } from '../../../src/io/serve/metrics.js';
import { pageSections } from '../../../src/io/serve/sections.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

async function read(name: string, here = false) {
  const dir = copy332(name, { here });
  const { store } = await settledSession(dir);
  const state = store.getState();
  const now = Date.parse('2026-11-28T18:00:00Z');
  const [team] = snapshot(state, { claudeDir: dir, now, thresholds: DEFAULT_THRESHOLDS }).teams;
  const member = (name: string) => team!.members.find((candidate) => candidate.name === name)!;
  const kinds = team!.diagnoses.map((diagnosis) => `${diagnosis.kind}:${diagnosis.members.join(',')}`);
  return { team: team!, member, kinds, state };
}

describe('member-killed (tmux): bob killed mid-command, then the lead', () => {
  it('on this machine: both dead, the team ended, each named in a member-died diagnosis', async () => {
    const { team, member, kinds } = await read('member-killed-tmux', true);
    expect(team.ended).toBe(true);
    expect(member('bob')).toMatchObject({ status: 'dead', activity: { state: 'dead', tool: 'Bash' } });
    expect(member('team-lead')).toMatchObject({ status: 'dead', activity: { state: 'dead' } });
    // Dead since at most its transcript's last record: it died before teamtop looked.
    expect(member('bob').statusSince).toBe('2026-11-28T16:19:09.467Z');
    expect(member('bob').process).toEqual({ state: 'dead', pid: 23229, since: '2026-11-28T16:19:09.467Z', why: null });
    expect(kinds).toEqual(expect.arrayContaining(['member-died:team-lead', 'member-died:bob', 'orphaned-task:bob']));
    const bob = team.diagnoses.find((diagnosis) => diagnosis.id === 'member-died:member:bob')!;
    expect(bob.summary).toBe(
      "bob's process (pid 23229) is gone without shutting down, in the middle of a Bash call; #1 is left open under it",
    );
    expect(bob.evidence.map(({ kind, ref }) => `${kind}:${ref}`)).toEqual(['member:bob', 'task:1']);
    // Never "a prompt waiting for an answer": a dead lead's inbox is nobody's to read.
    expect(kinds.filter((kind) => kind.startsWith('unread-pileup') || kind.startsWith('hung-tool'))).toEqual([]);
  });

  it("gives /metrics the dead status and activity, and the team not running (teamtop serve's metrics)", async () => {
    const { state } = await read('member-killed-tmux', true);
    const families = metricsOf(state, {
      thresholds: DEFAULT_THRESHOLDS,
      now: Date.parse('2026-11-28T18:00:00Z'),
      version: 'test',
      serving: { clients: { page: 0, events: 0 }, dropped: 0 },
    });
    const value = (name: string, labels: Record<string, string>) =>
      families
        .find((family) => family.name === name)
        ?.samples.find((sample) => Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted))?.value;
    expect(value('teamtop_member_status', { member: 'bob', status: 'dead' })).toBe(1);
    expect(value('teamtop_member_status', { member: 'bob', status: 'working' })).toBe(0);
    expect(value('teamtop_member_activity', { member: 'bob', activity: 'dead' })).toBe(1);
    expect(value('teamtop_member_activity', { member: 'bob', activity: 'failing' })).toBe(0);
    expect(value('teamtop_team_running', {})).toBe(0);
  });

  it('elsewhere (the recording machine is no machine here): unknown, never dead, never ended by it', async () => {
    const { team, member, kinds } = await read('member-killed-tmux');
    expect(team.ended).toBe(false);
    expect(member('bob').status).not.toBe('dead');
    // Said so: where teamtop cannot look, it is not known.
    expect(member('bob').process).toEqual({
      state: 'unknown',
      pid: 23229,
      since: null,
      why: 'it runs on another machine or in another container',
    });
    expect(kinds.filter((kind) => kind.startsWith('member-died'))).toEqual([]);
    // Its call overdue where its process cannot be seen: not at work, maybe gone, and how to check.
    expect(member('bob').activity).toMatchObject({
      state: 'tool',
      tool: 'Bash',
      processUnseen: 'it runs on another machine or in another container',
    });
    const hung = team.diagnoses.find((diagnosis) => diagnosis.id === 'hung-tool:work:bob')!;
    expect(hung.summary).toBe(
      'bob may be gone: its process cannot be seen, and its Bash call has run far longer than its others; it runs on another machine or in another container',
    );
    expect(hung.action).toContain('check pid 23229 (ps -p 23229) on the machine the team runs on, or run teamtop there');
    expect(hung.action).toContain('spawn bob again');
  });

  it("elsewhere, teamtop serve's cards say the same: the call overdue, its process not seen and why", async () => {
    const { state } = await read('member-killed-tmux');
    const now = Date.parse('2026-11-28T18:00:00Z');
    const { members } = pageSections(state, state.teams.get('session-1cda5427'), {
      thresholds: DEFAULT_THRESHOLDS,
      now,
      showInputs: false,
    });
    const doing = members.match(/<p class="doing[^"]*">[^\n]*?<\/p>/gu)!;
    expect(doing).toHaveLength(2);
    for (const line of doing)
      expect(line.replace(/<span class="age"[^>]*>(.*?)<\/span>/u, '$1')).toBe(
        '<p class="doing warning">? Bash · 1h · process not seen: it runs on another machine or in another container</p>',
      );
    expect(members).not.toContain('far longer than usual');
  });
});

describe('mail waiting for a dead member', () => {
  it("is blamed on its death (member-died says it waits unread), never an unread-pileup's nudge", async () => {
    const dir = copy332('member-killed-tmux', { here: true });
    const waiting = [1, 2].map((i) => ({
      from: 'team-lead',
      text: `bob, status ${i}?`,
      timestamp: `2026-11-28T16:19:2${i}.000Z`,
      read: false,
    }));
    writeFileSync(join(dir, 'teams/session-1cda5427/inboxes/bob.json'), JSON.stringify(waiting));
    const { store } = await settledSession(dir);
    const [team] = snapshot(store.getState(), {
      claudeDir: dir,
      now: Date.parse('2026-11-28T18:00:00Z'),
      thresholds: DEFAULT_THRESHOLDS,
    }).teams;
    const died = team!.diagnoses.find((diagnosis) => diagnosis.id === 'member-died:member:bob')!;
    expect(died.summary).toContain('2 messages wait unread in its inbox');
    expect(died.evidence.map(({ kind, ref }) => `${kind}:${ref}`)).toContain('inbox:bob');
    expect(team!.diagnoses.filter((diagnosis) => diagnosis.kind === 'unread-pileup')).toEqual([]);
  });
});

describe('killed-idle (tmux): both killed while idle', () => {
  it('is not "nothing wrong": both dead, each a member-died', async () => {
    const { team, kinds } = await read('killed-idle-tmux', true);
    expect(team.ended).toBe(true);
    expect(team.members.map((member) => member.status)).toEqual(['dead', 'dead']);
    expect(kinds.sort()).toEqual(['member-died:bob', 'member-died:team-lead']);
  });
});

describe('api-errors (in process)', () => {
  it('shows carol failing (500, three turns in a row), alice not, and says api-failing, never ignored-shutdown', async () => {
    const { member, kinds, team } = await read('api-errors-in-process');
    expect(member('carol').activity).toMatchObject({ state: 'failing', failure: { status: 500, error: 'server_error', turns: 3 } });
    expect(member('alice').activity.state).not.toBe('failing');
    expect(kinds).toContain('api-failing:carol');
    expect(kinds.some((kind) => kind.startsWith('ignored-shutdown'))).toBe(false);
    const failing = team.diagnoses.find((diagnosis) => diagnosis.kind === 'api-failing')!;
    expect(failing.summary).toBe("carol's model calls fail: API error 500 (server_error), 3 turns in a row");
    expect(failing.action).toContain('status.anthropic.com');
    expect(failing.action).not.toMatch(/nudge/u);
  });
});

describe('subagents: alice starts scout, which runs a command', () => {
  for (const mode of ['in-process', 'tmux'] as const) {
    it(`${mode}: counts scout toward alice and the team, and gives it apart`, async () => {
      const { member, team, state } = await read(`subagents-${mode}`);
      const alice = member('alice').usage!;
      // Her own transcript's, and scout's (see the scenario's own figures in formats.md).
      const [own, scout] = mode === 'in-process' ? [1760, 729] : [2187, 514];
      expect(alice.inputTokens).toBe(own + scout);
      expect(alice.subagents).toMatchObject({ count: 1, inputTokens: scout, toolCalls: 1 });
      expect(team.usage!.inputTokens).toBe(member('team-lead').usage!.inputTokens + own + scout);
      const work = selectWork(state.teams.get(team.name)!).get('alice')!;
      expect(work.subagents).toMatchObject([{ toolUseId: 'toolu_alice_a03_0', background: mode === 'tmux', finished: true }]);
    });
  }
});

describe('compaction (in process)', () => {
  it("shows the lead's compaction and measures its context against the 200K window it showed", async () => {
    const { member } = await read('compaction-in-process');
    expect(member('team-lead').usage).toMatchObject({
      contextWindow: 200_000,
      contextWindowSource: 'compaction',
      compactions: 1,
      lastCompaction: { trigger: 'xxxx', preTokens: 190_529, postTokens: 3202, durationMs: 99 },
    });
    // bob compacted nothing: his model's window, assumed.
    expect(member('bob').usage).toMatchObject({ contextWindow: 1_000_000, contextWindowSource: 'model', compactions: 0 });
  });
});

describe('refused-permission', () => {
  for (const mode of ['in-process', 'tmux'] as const) {
    it(`${mode}: an info for the refusal (the tool, by a person), and one for task #1 put back without an owner, as she shut down`, async () => {
      const { team } = await read(`refused-permission-${mode}`);
      const infos = team.diagnoses.filter((diagnosis) => diagnosis.severity === 'info');
      expect(infos.map(({ kind, summary }) => [kind, summary])).toEqual(
        expect.arrayContaining([
          ['permission-refused', 'alice was refused a Bash call by a person'],
          ['task-unowned', 'task #1 (Clean the build) went back to pending without an owner when alice shut down'],
        ]),
      );
    });
  }
});

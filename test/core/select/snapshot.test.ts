import { DEFAULT_THRESHOLDS } from '../../../src/core/model/settings.js';
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../../src/cli/session.js';
import { selectMostRecentTeam } from '../../../src/core/select/teams.js';
import { snapshot } from '../../../src/core/snapshot.js';
import { CAPTURES, FIXTURES } from '../../helpers/fixtures.js';

async function load(dir: string) {
  const { store } = await settledSession(dir);
  return snapshot(store.getState(), {
    thresholds: DEFAULT_THRESHOLDS,
    claudeDir: dir,
    now: Date.parse('2026-11-22T00:00:00Z'),
  });
}

describe('snapshot (the --json document)', () => {
  it('describes the 2.1.34 capture: roster, lead, unread, messages oldest first, internal tasks', async () => {
    const dir = `${CAPTURES}/cc-2.1.34-js-testing-research`;
    const doc = await load(dir);
    expect(doc.claudeDir).toBe(dir);
    expect(doc.problems).toEqual([]);
    const [team] = doc.teams;
    expect(team).toMatchObject({
      name: 'js-testing-research',
      description: 'Research top 3 JavaScript testing frameworks for unit and integration testing',
      createdAt: '2026-02-07T22:43:57.598Z',
      ended: false,
    });
    expect(team!.members).toEqual([
      expect.objectContaining({ name: 'team-lead', agentType: 'team-lead', isLead: true, color: null, unread: 3, status: 'lead' }),
      expect.objectContaining({
        name: 'unit-testing-researcher',
        color: 'blue',
        model: 'sonnet',
        backendType: 'in-process',
        isLead: false,
        unread: 1,
      }),
      expect.objectContaining({ name: 'integration-testing-researcher', color: 'green', unread: 1 }),
    ]);
    expect(team!.messages).toHaveLength(14);
    const times = team!.messages.map((message) => Date.parse(message.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(team!.messages[0]).toEqual({
      // No msg_id in 2.1.34: where and when it was written.
      id: 'team-lead/unit-testing-researcher@2026-02-07T22:44:07.093Z',
      to: 'team-lead',
      from: 'unit-testing-researcher',
      timestamp: '2026-02-07T22:44:07.093Z',
      read: true,
      delivered: false,
      // Still in its file: not seen leaving it.
      deliveredAt: null,
      // Read, and no transcript read: taken, as the file says.
      taken: true,
      takenAt: null,
      recovered: false,
      kind: 'permission_request',
      summary: null,
      text: 'permission request: WebSearch — Claude wants to search the web for: top JavaScript unit testing frameworks 2026 popularity comparison',
      data: expect.objectContaining({ type: 'permission_request', tool_name: 'WebSearch' }),
      leadSig: null,
    });
    expect(team!.tasks.map((task) => [task.id, task.internal, task.state])).toEqual([
      ['1', true, 'in_progress'],
      ['2', true, 'in_progress'],
    ]);
  });

  it('finds the lead in every schema generation', async () => {
    const doc = await load(`${FIXTURES}/generations`);
    const leads = Object.fromEntries(doc.teams.map((team) => [team.name, team.members.filter((m) => m.isLead).map((m) => m.name)]));
    expect(leads).toEqual({ 'mid-gen': ['team-lead'], 'old-spec': ['coordinator'], 'session-0a1b2c3d': ['team-lead'] });
    const newest = doc.teams.find((team) => team.name === 'session-0a1b2c3d')!;
    expect(newest).toMatchObject({ description: null, createdAt: '2026-08-27T02:35:07.581Z' });
    expect(newest.members[0]).toMatchObject({ model: null, backendType: 'in-process' });
    const old = doc.teams.find((team) => team.name === 'old-spec')!;
    expect(old.createdAt).toBe('2026-01-10T09:00:00.000Z');
    expect(old.members[1]).toMatchObject({ color: 'teal', agentType: 'superpowers:code-reviewer' });
  });

  it('lists problems with their paths and still shows the rest of each team', async () => {
    const doc = await load(`${FIXTURES}/broken`);
    expect(doc.teams.map((team) => team.name)).toEqual(['no-members', 'shapes', 'torn']);
    expect(doc.problems.map((problem) => problem.path)).toEqual([
      'tasks/shapes/1.json',
      'tasks/shapes/3.json',
      'teams/no-members/config.json',
      'teams/shapes/inboxes/empty.json',
      'teams/shapes/inboxes/team-lead.json',
      'teams/shapes/inboxes/worker.json',
      'teams/torn/config.json',
    ]);
    const shapes = doc.teams.find((team) => team.name === 'shapes')!;
    expect(shapes.messages.map((message) => message.text)).toEqual(['good one', 'second good one']);
    expect(shapes.tasks.map((task) => task.id)).toEqual(['2']);
    const torn = doc.teams.find((team) => team.name === 'torn')!;
    expect(torn.messages.map((message) => message.text)).toEqual(['still readable']);
  });

  it('keeps members that left the roster as departed, with their inbox and colour', async () => {
    const doc = await load(`${CAPTURES}/cc-2026-02-hive-analysis/snapshots/3-final`);
    const [team] = doc.teams;
    expect(team!.members.map((m) => [m.name, m.departed, m.color])).toEqual([
      ['team-lead', false, null],
      ['config-analyst', true, 'green'],
      ['lifecycle-analyst', true, 'purple'],
      ['message-analyst', true, 'yellow'],
      ['task-analyst', true, 'blue'],
    ]);
    expect(team!.members.slice(1).every((m) => m.status === 'shut down')).toBe(true);
  });

  it('selects the most recently active team', async () => {
    const { store } = await settledSession(`${CAPTURES}/cc-2026-02-hive-analysis`);
    expect(selectMostRecentTeam(store.getState())).toBe('webui-migration');
  });
});

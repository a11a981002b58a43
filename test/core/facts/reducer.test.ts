import { describe, expect, it } from 'vitest';
import { at, config, member, message, observe, T0, task, teamState } from '../../helpers/observations.js';
import { initialState } from '../../../src/core/app-state.js';

describe('reducer', () => {
  it('applies a batch of task files to one new task map, leaving every earlier state as it was', () => {
    const tasks = (ids: string[]) => ids.map((id) => ({ kind: 'task' as const, team: 'team', task: task(id), at: T0, live: false }));
    const before = teamState();
    const first = observe(before, ...tasks(['1', '2', '3']));
    const second = observe(first, ...tasks(['4', '5']), {
      kind: 'file-gone',
      target: { kind: 'task', team: 'team', id: '1' },
      at: T0,
      live: true,
    });
    expect(before.teams.get('team')!.tasks.size).toBe(0);
    expect([...first.teams.get('team')!.tasks.keys()]).toEqual(['1', '2', '3']);
    expect(first.teams.get('team')!.tasks.get('1')!.deleted).toBe(false);
    expect([...second.teams.get('team')!.tasks.keys()]).toEqual(['1', '2', '3', '4', '5']);
    expect(second.teams.get('team')!.tasks.get('1')!.deleted).toBe(true);
  });

  it('does not count a task list without a team folder as a team', () => {
    const state = observe(initialState, { kind: 'task', team: 'solo-uuid', task: task('1'), at: T0, live: false });
    expect(state.teams.get('solo-uuid')?.isTeam).toBe(false);
  });

  it("remembers when a tmux teammate's isActive flipped, as seen live", () => {
    const roster = (isActive: boolean) => config([member('team-lead'), member('worker', { isActive })]);
    const seen = (state: ReturnType<typeof teamState>) => state.teams.get('team')!.members.get('worker')!.activeSince;
    // Found by the scan: since when is not known.
    let state = observe(teamState(), { kind: 'config', team: 'team', config: roster(true), at: at(1), live: false });
    expect(seen(state)).toBeNaN();
    state = observe(state, { kind: 'config', team: 'team', config: roster(false), at: at(5), live: true });
    expect(seen(state)).toBe(at(5));
    // Another rewrite that leaves it as it was keeps the time it flipped.
    state = observe(state, { kind: 'config', team: 'team', config: roster(false), at: at(9), live: true });
    expect(seen(state)).toBe(at(5));
    // A flip a rescan finds (not seen live) still happened since the read before it: dated when seen,
    // so a teammate that just went back to work is not judged quiet on its old messages.
    state = observe(state, { kind: 'config', team: 'team', config: roster(true), at: at(12), live: false });
    expect(seen(state)).toBe(at(12));
  });

  it('keeps members that leave the roster, marked as not in config', () => {
    let state = teamState();
    state = observe(state, { kind: 'config', team: 'team', config: config([member('team-lead')]), at: T0, live: false });
    const members = state.teams.get('team')!.members;
    expect([...members.keys()]).toEqual(['team-lead', 'worker']);
    expect(members.get('worker')!.inConfig).toBe(false);
  });

  it('keeps the last good config when the file goes away, and marks the team ended when its folder does', () => {
    let state = teamState();
    state = observe(state, { kind: 'file-gone', target: { kind: 'config', team: 'team' }, at: at(5), live: false });
    expect(state.teams.get('team')!.config?.members).toHaveLength(2);
    state = observe(state, { kind: 'folder-gone', target: { kind: 'team-dir', team: 'team' }, at: at(6) });
    expect(state.teams.get('team')).toMatchObject({ present: false, isTeam: true });
  });

  it('marks a deleted task file as deleted rather than forgetting it', () => {
    let state = observe(teamState(), { kind: 'task', team: 'team', task: task('1'), at: T0, live: false });
    state = observe(state, { kind: 'file-gone', target: { kind: 'task', team: 'team', id: '1' }, at: at(1), live: false });
    expect(state.teams.get('team')!.tasks.get('1')).toMatchObject({ deleted: true, task: { subject: 'task 1' } });
  });

  it('takes task files seen gone just before their folder went for the cleanup, not for tasks deleted', () => {
    // A read while `rm -rf tasks/team` runs finds some files gone and the folder still there (issue 38).
    const gone = (id: string, time: number) =>
      ({ kind: 'file-gone', target: { kind: 'task', team: 'team', id }, at: time, live: false }) as const;
    let state = observe(
      teamState(),
      ...['1', '2', '3', '4'].map((id) => ({ kind: 'task' as const, team: 'team', task: task(id), at: T0, live: false })),
    );
    // #4 was deleted a minute before the cleanup; #1 and #2 went with the folder, 39 ms before it was seen gone.
    state = observe(state, gone('4', at(60)));
    state = observe(state, gone('1', at(120)), gone('2', at(120)));
    state = observe(state, { kind: 'folder-gone', target: { kind: 'tasks-dir', team: 'team' }, at: at(120) + 39 });
    const deleted = [...state.teams.get('team')!.tasks].filter(([, record]) => record.deleted).map(([id]) => id);
    expect(deleted).toEqual(['4']);
  });

  it('tracks problems by path and clears them', () => {
    let state = observe(initialState, { kind: 'problem', path: 'teams/x/config.json', message: 'bad', at: T0 });
    state = observe(state, { kind: 'problem', path: 'teams/x/config.json', message: 'worse', at: at(9) });
    expect(state.problems.get('teams/x/config.json')).toEqual({ path: 'teams/x/config.json', message: 'worse', since: T0 });
    state = observe(state, { kind: 'problem-gone', path: 'teams/x/config.json' });
    expect(state.problems.size).toBe(0);
  });

  it('counts activity from message times, and from changes seen live', () => {
    let state = observe(teamState(), {
      kind: 'inbox',
      team: 'team',
      member: 'team-lead',
      messages: [message('team-lead', 'worker', 'hi', 30)],
      at: at(1000),
      live: false,
    });
    expect(state.teams.get('team')!.lastActivity).toBe(at(30));
    state = observe(state, { kind: 'task', team: 'team', task: task('1'), at: at(2000), live: true });
    expect(state.teams.get('team')!.lastActivity).toBe(at(2000));
  });

  it('returns the same state for an observation that changes nothing', () => {
    const state = teamState();
    expect(observe(state, { kind: 'folder', target: { kind: 'team-dir', team: 'team' }, at: T0 })).toBe(state);
  });
});

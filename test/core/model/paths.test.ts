import { describe, expect, it } from 'vitest';
import { classifyFile, classifyFolder, isWatchable, pathOf } from '../../../src/core/model/paths.js';

describe('classifyFile', () => {
  it('knows configs, inboxes and tasks', () => {
    expect(classifyFile('teams/alpha/config.json')).toEqual({ kind: 'config', team: 'alpha' });
    expect(classifyFile('teams/alpha/inboxes/team-lead.json')).toEqual({ kind: 'inbox', team: 'alpha', member: 'team-lead' });
    expect(classifyFile('tasks/alpha/12.json')).toEqual({ kind: 'task', team: 'alpha', id: '12' });
  });

  it('ignores lock files, lock directories, temp files and bookkeeping', () => {
    for (const path of [
      'teams/alpha/config.json.lock',
      'teams/alpha/config.json.lock/pid',
      'teams/alpha/inboxes/team-lead.json.lock/owner',
      'tasks/alpha/.lock',
      'tasks/alpha/.lock.lock/x',
      'tasks/alpha/3.json.lock',
      'tasks/5f0c2a9e/.highwatermark',
      'teams/alpha/inboxes/team-lead.json.3912837',
      'teams/alpha/inboxes/notes.txt',
      'projects/x/session.jsonl',
      'teams/alpha/other.json',
    ]) {
      expect(classifyFile(path), path).toBeUndefined();
    }
  });

  it('round-trips with pathOf', () => {
    for (const path of ['teams/a/config.json', 'teams/a/inboxes/b.json', 'tasks/a/7.json']) {
      expect(pathOf(classifyFile(path)!)).toBe(path);
    }
  });
});

describe('classifyFolder and isWatchable', () => {
  it('names team and task folders', () => {
    expect(classifyFolder('teams/alpha')).toEqual({ kind: 'team-dir', team: 'alpha' });
    expect(classifyFolder('tasks/alpha')).toEqual({ kind: 'tasks-dir', team: 'alpha' });
    expect(classifyFolder('teams/alpha/inboxes')).toBeUndefined();
  });

  it('takes the folder a team is moved to on exit (2.1.330) for the team ending, not for a team', () => {
    const deleted = 'teams/session-1532bc2e.deleted-d0cd353e-97f4-45fb-a3d8-2062cab757b0';
    expect(classifyFolder(deleted)).toBeUndefined();
    expect(classifyFile(`${deleted}/config.json`)).toBeUndefined();
    expect(classifyFile(`${deleted}/inboxes/alice.json`)).toBeUndefined();
    expect(isWatchable(deleted)).toBe(false);
    // A name that only looks like it is still a team.
    expect(classifyFolder('teams/notes.deleted-later')).toEqual({ kind: 'team-dir', team: 'notes.deleted-later' });
  });

  it('keeps the watcher out of everything but teams/ and tasks/', () => {
    expect(isWatchable('')).toBe(true);
    expect(isWatchable('teams/a/inboxes/b.json')).toBe(true);
    expect(isWatchable('tasks/a/1.json')).toBe(true);
    expect(isWatchable('projects')).toBe(false);
    expect(isWatchable('teams/a/inboxes/b.json.lock')).toBe(false);
    expect(isWatchable('teams/a/inboxes/b.json.3912837')).toBe(false);
    expect(isWatchable('teams/a/inboxes')).toBe(true);
    expect(isWatchable('teams/a/notes')).toBe(false);
  });
});

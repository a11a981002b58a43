import { describe, expect, it } from 'vitest';
import {
  memberOf,
  projectFolders,
  projectSlug,
  teamRefOf,
  transcriptFileOf,
  worthIdentifying,
  type TeamRef,
} from '../../../src/core/decode/transcript/member-of.js';
import { parseSubagentMeta } from '../../../src/core/decode/transcript/records.js';

const LEAD_SESSION = '30ca3dcf-f31b-4764-ba2f-976ee1167b47';
const TEAM: TeamRef = { name: 'session-30ca3dcf', leadSessionId: LEAD_SESSION, createdAt: 1000, lead: 'team-lead' };
const SLUG = '-home-dev-app';
const teammateMeta = { name: 'alice', teamName: 'session-30ca3dcf', taskKind: 'in_process_teammate' };

describe('which member a transcript is', () => {
  it('slugs a working directory as Claude Code names its project folder', () => {
    expect(projectSlug('/home/dev/app')).toBe('-home-dev-app');
    expect(projectSlug('/home/dév/my app.v2_x')).toBe('-home-d-v-my-app-v2-x');
    expect(projectFolders(['/home/dev/app', undefined, '/home/dev/app', '/srv/x', ''])).toEqual(['-home-dev-app', '-srv-x']);
  });

  it('tells what a path under projects/ is', () => {
    expect(transcriptFileOf(`${SLUG}/${LEAD_SESSION}.jsonl`)).toEqual({ kind: 'session', slug: SLUG, sessionId: LEAD_SESSION });
    expect(transcriptFileOf(`${SLUG}/${LEAD_SESSION}/subagents/agent-aalice-ec89417d3e4f7c85.jsonl`)).toEqual({
      kind: 'subagent',
      slug: SLUG,
      sessionId: LEAD_SESSION,
      agentId: 'aalice-ec89417d3e4f7c85',
    });
    expect(transcriptFileOf(`${SLUG}/${LEAD_SESSION}/subagents/agent-aalice-ec89417d3e4f7c85.meta.json`)).toMatchObject({
      kind: 'subagent-meta',
    });
    for (const other of [
      `${SLUG}/notes.txt`,
      `${SLUG}/${LEAD_SESSION}/tool-results/x.jsonl`,
      `${LEAD_SESSION}.jsonl`,
      `${SLUG}/a/b/c.jsonl`,
    ])
      expect(transcriptFileOf(other), other).toBeUndefined();
  });

  it('finds the lead by its session, an in-process teammate by its meta, a tmux teammate by its records', () => {
    expect(memberOf(TEAM, { kind: 'session', slug: SLUG, sessionId: LEAD_SESSION }, {})).toBe('team-lead');
    const subagent = { kind: 'subagent', slug: SLUG, sessionId: LEAD_SESSION, agentId: 'aalice-1' } as const;
    expect(memberOf(TEAM, subagent, { meta: parseSubagentMeta(JSON.stringify(teammateMeta)) })).toBe('alice');
    const tmux = { kind: 'session', slug: SLUG, sessionId: 'other' } as const;
    expect(memberOf(TEAM, tmux, { identity: { sessionId: 'other', sidechain: false, teamName: TEAM.name, agentName: 'bob' } })).toBe('bob');
  });

  it('takes no other subagent, compaction or side question, no other team, and nothing not known yet for a member', () => {
    const subagent = (agentId: string) => ({ kind: 'subagent', slug: SLUG, sessionId: LEAD_SESSION, agentId }) as const;
    const meta = (extra: object) => parseSubagentMeta(JSON.stringify({ ...teammateMeta, ...extra }));
    expect(memberOf(TEAM, subagent('a1'), {})).toBeUndefined();
    expect(memberOf(TEAM, subagent('a1'), { meta: meta({ taskKind: undefined, agentType: 'general-purpose' }) })).toBeUndefined();
    expect(memberOf(TEAM, subagent('acompact-1'), { meta: meta({ taskKind: 'compaction' }) })).toBeUndefined();
    expect(memberOf(TEAM, subagent('a1'), { meta: meta({ teamName: 'session-other' }) })).toBeUndefined();
    expect(memberOf(TEAM, { ...subagent('a1'), sessionId: 'not-the-lead' }, { meta: meta({}) })).toBeUndefined();
    expect(parseSubagentMeta('{not json')).toBeUndefined();
    const session = { kind: 'session', slug: SLUG, sessionId: 'other' } as const;
    expect(memberOf(TEAM, session, {})).toBeUndefined();
    expect(memberOf(TEAM, session, { identity: { sessionId: 'other', sidechain: false } })).toBeUndefined();
    expect(
      memberOf(TEAM, session, { identity: { sessionId: 'other', sidechain: false, teamName: 'session-other', agentName: 'bob' } }),
    ).toBeUndefined();
    expect(
      memberOf(TEAM, session, { identity: { sessionId: 'other', sidechain: true, teamName: TEAM.name, agentName: 'bob' } }),
    ).toBeUndefined();
    expect(memberOf({ ...TEAM, leadSessionId: undefined }, { kind: 'session', slug: SLUG, sessionId: LEAD_SESSION }, {})).toBeUndefined();
  });

  it('takes what it needs of a team from its config', () => {
    expect(teamRefOf('t', { members: [], leadSessionId: LEAD_SESSION, createdAt: 5 }, 'team-lead')).toEqual({
      ...TEAM,
      name: 't',
      createdAt: 5,
    });
    expect(teamRefOf('t', { members: [], createdAt: '2026-11-25T10:00:00.000Z' }, undefined)).toMatchObject({
      createdAt: Date.parse('2026-11-25T10:00:00.000Z'),
      leadSessionId: undefined,
    });
    expect(teamRefOf('t', undefined, undefined).createdAt).toBeNaN();
  });

  it('reads the head of a session only when it may be a teammate of this team', () => {
    const session = (sessionId: string) => ({ kind: 'session', slug: SLUG, sessionId }) as const;
    expect(worthIdentifying(session('other'), TEAM, 1500)).toBe(true);
    expect(worthIdentifying(session('other'), TEAM, 500)).toBe(false);
    expect(worthIdentifying(session(LEAD_SESSION), TEAM, 1500)).toBe(false);
    expect(worthIdentifying({ kind: 'subagent', slug: SLUG, sessionId: LEAD_SESSION, agentId: 'a' }, TEAM, 1500)).toBe(false);
    expect(worthIdentifying(session('other'), { ...TEAM, createdAt: Number.NaN }, 0)).toBe(true);
  });
});

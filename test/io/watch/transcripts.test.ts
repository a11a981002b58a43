/**
 * The members' transcripts, read where the real 2.1.332 wrote them (the
 * recordings' `projects/`), matched to members and folded: who each is, what
 * each did, and the tokens and cost the fake API's usage adds up to.
 */
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../../src/cli/session.js';
import { selectUsage, selectWork } from '../../../src/core/select/work.js';
import { copyRecording, MODES } from '../../helpers/transcripts.js';

const teamOf = (mode: string) => (mode === 'tmux' ? 'session-ae0f1b8d' : 'session-30ca3dcf');

describe.each(MODES)('the 2.1.332 team recording, %s, read as teamtop reads it', (mode) => {
  it('matches the lead, alice and bob to their transcripts, and adds up what they used', async () => {
    const dir = copyRecording(mode);
    const { store } = await settledSession(dir);
    const team = store.getState().teams.get(teamOf(mode))!;
    const work = selectWork(team);
    expect([...work.keys()].sort()).toEqual(['alice', 'bob', 'team-lead']);
    expect(work.get('team-lead')!.path).toMatch(/^projects\/-home-dev-projects-run-team-[a-z-]+-332-work\/[0-9a-f-]+\.jsonl$/u);
    const usage = selectUsage(team);
    expect(usage.team).toMatchObject(
      mode === 'in-process'
        ? { inputTokens: 3500, outputTokens: 700, toolCalls: 32, costUSD: 0.028, costEstimated: false }
        : // Each process's tokens as its cost-state counts them (the client counted a response more than its transcripts hold).
          { inputTokens: 3400, outputTokens: 680, toolCalls: 32, costUSD: 0.0272, costEstimated: false },
    );
    expect(work.get('alice')!.activity.spawnPrompt).toBe('You are alice. Work on task #1 (Design API).');
    expect(work.get('team-lead')!.activity.state).toBe('idle');
  });

  it('reads nothing with --no-transcripts', async () => {
    const { store } = await settledSession(copyRecording(mode), undefined, undefined, { transcripts: false });
    const team = store.getState().teams.get(teamOf(mode))!;
    expect(team.transcripts.size).toBe(0);
    expect(selectUsage(team).team).toBeNull();
  });
});

/**
 * A subagent a tmux teammate started in the background ("Async agent
 * launched") works on after its member's turn ended: the member is shown in
 * that `Agent` call, never idle, until the subagent is done.
 */
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../../src/cli/session.js';
import { selectActivity } from '../../../src/core/select/work.js';
import { tempDir } from '../../helpers/fixtures.js';
import { TeamFiles } from '../../helpers/team-files.js';
import { TranscriptFiles } from '../../helpers/transcript-files.js';

describe('a background subagent still at work after its member stopped', () => {
  it("shows the member in its Agent call, with the subagent's tool, until the subagent's turn ends", async () => {
    const files = new TeamFiles(tempDir());
    files.config([files.teammate('bob', { backend: 'tmux' })]);
    const transcripts = new TranscriptFiles(files);
    transcripts.lead().prompt('Build it with bob', 1);
    const sessionId = '6f1f3c55-0000-4000-8000-00000000b0b0';
    const bob = transcripts.tmux('bob', sessionId);
    bob.mail('team-lead', 'You are bob: survey the repo.', 2);
    bob.toolUse('toolu_bob_agent', 'Agent', { description: 'scout', subagent_type: 'general-purpose', prompt: 'Survey.' }, 3);
    bob.toolResult('toolu_bob_agent', 4);
    bob.text('Scout is on it.', 5, { end: true });
    const scout = transcripts.subagent('toolu_bob_agent', { sessionId, background: true });
    scout.prompt('Survey.', 4);
    scout.toolUse('toolu_scout_1', 'Bash', { command: 'npm test' }, 6);
    const { store } = await settledSession(files.dir);
    const team = () => store.getState().teams.get(files.team)!;
    expect(selectActivity(team(), files.at(10)).get('bob')).toMatchObject({
      state: 'tool',
      tool: 'Agent',
      detail: '› Bash npm test',
      since: files.at(6),
      subagents: [{ background: true, state: 'tool', tool: 'Bash' }],
    });
    scout.toolResult('toolu_scout_1', 11);
    scout.text('Done.', 12, { end: true });
    const { store: later } = await settledSession(files.dir);
    expect(selectActivity(later.getState().teams.get(files.team)!, files.at(13)).get('bob')).toMatchObject({ state: 'idle' });
  });
});

/**
 * Transcripts followed live by the real session and watchers: each member's
 * found and read as it is written, only in the folders of the teams known,
 * and the lead's session state read beside them.
 */
import { mkdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selectActivity, selectWork } from '../../../src/core/select/work.js';
import type { TeamState } from '../../../src/core/facts/index.js';
import { tempDir } from '../../helpers/fixtures.js';
import { watch } from '../../helpers/live.js';
import { TeamFiles } from '../../helpers/team-files.js';
import { TranscriptFiles } from '../../helpers/transcript-files.js';
import { sleep, waitFor } from '../../helpers/wait.js';

type Live = Awaited<ReturnType<typeof watch>>;

function team(): { files: TeamFiles; transcripts: TranscriptFiles } {
  const files = new TeamFiles(tempDir(), Date.now() - 60_000);
  files.config([files.teammate('alice'), files.teammate('bob', { backend: 'tmux', color: 'green' })]);
  return { files, transcripts: new TranscriptFiles(files) };
}

const teamIn = (live: Live, files: TeamFiles): TeamState => live.store.getState().teams.get(files.team)!;
const activityOf = (live: Live, files: TeamFiles, member: string, now = files.at(100)) =>
  selectActivity(teamIn(live, files), now).get(member);

describe('transcripts followed live', () => {
  it('finds each member its transcript and follows what it does as it is written', async () => {
    const { files, transcripts } = team();
    const lead = transcripts.lead();
    lead.prompt('Build the parser with alice and bob', 2);
    const live = await watch(files.dir);

    lead.toolUse('toolu_lead_1', 'Bash', { command: 'npm test' }, 3);
    await waitFor(() => expect(activityOf(live, files, 'team-lead')).toMatchObject({ state: 'tool', tool: 'Bash', detail: 'npm test' }));

    const alice = transcripts.inProcess('alice');
    alice.mail('team-lead', 'You are alice. Work on task #1.', 4);
    alice.toolUse('toolu_alice_1', 'Read', { file_path: '/home/dev/work/src/parser.ts' }, 5);
    const bob = transcripts.tmux('bob');
    bob.mail('team-lead', 'You are bob. Work on task #2.', 4);
    bob.text('Looking at the tests first.', 6);
    await waitFor(() => {
      expect(activityOf(live, files, 'alice')).toMatchObject({ state: 'tool', tool: 'Read', detail: '/home/dev/work/src/parser.ts' });
      expect(activityOf(live, files, 'bob')).toMatchObject({ state: 'writing', since: files.at(6) });
    });
    expect(selectWork(teamIn(live, files)).get('alice')!.activity.spawnPrompt).toBe('You are alice. Work on task #1.');

    lead.toolResult('toolu_lead_1', 45);
    lead.text('Tests pass.', 46, { end: true });
    lead.turnDuration(46, 44_000);
    await waitFor(() => expect(activityOf(live, files, 'team-lead')).toMatchObject({ state: 'idle', since: files.at(46) }));
    const steps = selectWork(teamIn(live, files)).get('team-lead')!.activity.steps;
    expect(steps.find((step) => step.kind === 'tool')).toMatchObject({
      name: 'Bash',
      at: files.at(3),
      endedAt: files.at(45),
      outcome: 'ok',
    });
  });

  it("finds a tmux teammate's session when the client's clock is ahead of the disk's", async () => {
    // The config says the team was made 400 days from the disk's now (a faked or skewed clock), and the disk stamps its files now.
    const files = new TeamFiles(tempDir(), Date.now() + 400 * 86_400_000);
    files.config([files.teammate('bob', { backend: 'tmux', color: 'green' })]);
    const transcripts = new TranscriptFiles(files);
    const lead = transcripts.lead();
    lead.prompt('Start', 1);
    const bob = transcripts.tmux('bob');
    bob.mail('team-lead', 'You are bob. Work on task #2.', 2);
    bob.toolUse('toolu_bob_1', 'Bash', { command: 'npm test' }, 3);
    for (const path of [lead.path, bob.path]) utimesSync(path, new Date(), new Date());
    const live = await watch(files.dir);
    await waitFor(() =>
      expect(activityOf(live, files, 'bob', files.at(10))).toMatchObject({ state: 'tool', tool: 'Bash', detail: 'npm test' }),
    );
  });

  it('keeps nothing of another session in the same folder, and reads no folder no member works in', async () => {
    const { files, transcripts } = team();
    transcripts.lead().prompt('Start', 1);
    const live = await watch(files.dir);
    const stranger = transcripts.stranger();
    stranger.prompt('An unrelated session in the same directory', 2);
    stranger.toolUse('toolu_other', 'Bash', { command: 'echo secret' }, 3);
    // A session that says it is bob, in a folder no member's cwd names: never read.
    const elsewhere = new TranscriptFiles(files, undefined, '/home/dev/elsewhere').tmux('bob');
    elsewhere.toolUse('toolu_elsewhere', 'Bash', { command: 'rm -rf /' }, 3);
    const bob = transcripts.tmux('bob');
    bob.toolUse('toolu_bob', 'Grep', { pattern: 'TODO' }, 4);
    await waitFor(() => expect(activityOf(live, files, 'bob')).toMatchObject({ tool: 'Grep' }));
    const paths = [...teamIn(live, files).transcripts.keys()];
    expect(paths.sort()).toEqual(
      [`projects/${transcripts.slug}/${transcripts.leadSessionId}.jsonl`, bob.path.slice(files.dir.length + 1)].sort(),
    );
  });

  it('follows a team that comes while watching, and the transcripts it starts', async () => {
    const dir = tempDir();
    const live = await watch(dir);
    const files = new TeamFiles(dir, Date.now() - 60_000);
    const transcripts = new TranscriptFiles(files);
    transcripts.lead().prompt('Started before the team', 1);
    files.config([files.teammate('alice')]);
    await waitFor(() => expect(teamIn(live, files)?.transcripts.size).toBe(1));
    const alice = transcripts.inProcess('alice');
    alice.toolUse('toolu_alice_1', 'Write', { file_path: 'notes.md', content: 'x' }, 8);
    await waitFor(() => expect(activityOf(live, files, 'alice')).toMatchObject({ state: 'tool', tool: 'Write' }));
  });

  it("follows the folders a team's sessions make after it came: sessions/ and its project folder, as Claude Code makes them", async () => {
    const dir = tempDir();
    const live = await watch(dir);
    const files = new TeamFiles(dir, Date.now() - 60_000);
    const transcripts = new TranscriptFiles(files);
    files.config([files.teammate('alice')]);
    await waitFor(() => expect(teamIn(live, files)).toBeDefined());
    // Claude Code 2.1.332 in a fresh config dir: sessions/ 0.2 s after the
    // team's config, the project's folder 2 s after, its first transcript 0.6 s
    // later. The transcripts' watcher took the folders it follows when the
    // team came, not there yet, and listed them again 0.1 and 1 s after.
    await sleep(300);
    mkdirSync(join(dir, 'sessions'));
    mkdirSync(join(dir, 'projects', transcripts.slug), { recursive: true });
    await sleep(1200);
    const lead = transcripts.lead();
    lead.prompt('Build the parser', 1);
    lead.toolUse('toolu_lead_1', 'Bash', { command: 'sleep 3' }, 2);
    await waitFor(() => expect(activityOf(live, files, 'team-lead')).toMatchObject({ state: 'tool', tool: 'Bash', detail: 'sleep 3' }));
    lead.toolResult('toolu_lead_1', 5);
    lead.toolUse('toolu_lead_2', 'Grep', { pattern: 'TODO' }, 6);
    await waitFor(() => expect(activityOf(live, files, 'team-lead')).toMatchObject({ state: 'tool', tool: 'Grep' }));
    transcripts.sessionState('waiting', 7, 'permission prompt');
    await waitFor(() => expect(activityOf(live, files, 'team-lead')).toMatchObject({ state: 'waiting-permission', tool: 'Grep' }));
  });

  it('reads an in-process teammate only once its meta says it is one of the team', async () => {
    const { files, transcripts } = team();
    const live = await watch(files.dir);
    // An ordinary subagent of the lead: its meta says no team.
    const helper = transcripts.inProcess('explorer', { taskKind: 'subagent', teamName: undefined });
    helper.toolUse('toolu_helper', 'Glob', { pattern: '**/*.ts' }, 2);
    const alice = transcripts.inProcess('alice');
    alice.toolUse('toolu_alice', 'Glob', { pattern: 'src/**' }, 3);
    await waitFor(() => expect(activityOf(live, files, 'alice')).toMatchObject({ tool: 'Glob' }));
    expect([...selectWork(teamIn(live, files)).keys()]).toEqual(['alice']);
    expect([...teamIn(live, files).transcripts.keys()].some((path) => path.includes('aexplorer'))).toBe(false);
  });

  it("shows the member whose call waits while the lead's session waits for a permission prompt", async () => {
    const { files, transcripts } = team();
    const lead = transcripts.lead();
    lead.toolUse('toolu_lead_1', 'Agent', { description: 'spawn alice' }, 2);
    lead.toolResult('toolu_lead_1', 3);
    const alice = transcripts.inProcess('alice');
    alice.toolUse('toolu_alice_1', 'Bash', { command: 'rm -rf build' }, 10);
    transcripts.sessionState('busy', 10);
    const live = await watch(files.dir);
    await waitFor(() => expect(activityOf(live, files, 'alice')).toMatchObject({ state: 'tool', tool: 'Bash' }));
    transcripts.sessionState('waiting', 12, 'permission prompt');
    await waitFor(() =>
      expect(activityOf(live, files, 'alice')).toMatchObject({ state: 'waiting-permission', tool: 'Bash', since: files.at(12) }),
    );
    expect(activityOf(live, files, 'team-lead')).toMatchObject({ state: 'thinking' });
    transcripts.endSession();
    await waitFor(() => expect(activityOf(live, files, 'alice')).toMatchObject({ state: 'tool' }));
  });
});

/**
 * The diagnoses of members at work (issue 23 §5), found on transcripts made
 * from records the real 2.1.332 wrote (test/helpers/transcript-files.ts) and
 * the lead's `sessions/<pid>.json`, read by the real session, judged as of a
 * clock the test sets, and cleared when the transcript shows the problem gone.
 */
import { stalling } from '../../helpers/thresholds.js';
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../../src/cli/session.js';
import { selectDiagnoses, type Diagnosis } from '../../../src/core/judge/index.js';
import { tempDir } from '../../helpers/fixtures.js';
import { TeamFiles } from '../../helpers/team-files.js';
import { TranscriptFiles } from '../../helpers/transcript-files.js';
import { selectUsage } from '../../../src/core/select/work.js';
import { thresholdsIn } from '../../../src/core/model/settings.js';

const STALL = 60_000;
const QUIET = 120_000;

function team() {
  const files = new TeamFiles(tempDir());
  files.config([files.teammate('alice'), files.teammate('bob', { backend: 'tmux', color: 'green' })]);
  const transcripts = new TranscriptFiles(files);
  const lead = transcripts.lead();
  lead.prompt('Build the parser with alice and bob', 1);
  return { files, transcripts, lead, alice: transcripts.inProcess('alice'), bob: transcripts.tmux('bob') };
}

/** The team's diagnoses of `kind` as of `seconds` after its start. */
async function found(files: TeamFiles, seconds: number, kind: string, options: { transcripts?: boolean } = {}): Promise<Diagnosis[]> {
  const { store } = await settledSession(files.dir, undefined, undefined, options);
  const state = store.getState().teams.get(files.team)!;
  return selectDiagnoses(state, files.at(seconds), stalling(STALL, QUIET)).diagnoses.filter((diagnosis) => diagnosis.kind === kind);
}

describe('diagnoses of members at work', () => {
  it('hung-tool: a call running far longer than the member’s others of the tool, until it ends', async () => {
    const { files, alice } = team();
    alice.prompt('You are alice.', 2);
    for (const [i, at] of [3, 5, 7].entries()) {
      alice.toolUse(`toolu_${i}`, 'Bash', { command: 'npm run lint' }, at);
      alice.toolResult(`toolu_${i}`, at + 1);
    }
    alice.toolUse('toolu_hung', 'Bash', { command: 'npm run serve' }, 10);
    // Its others took a second: past the floor of a minute it is far longer.
    expect(await found(files, 69, 'hung-tool')).toEqual([]);
    const [hung] = await found(files, 71, 'hung-tool');
    expect(hung).toMatchObject({
      severity: 'warning',
      members: ['alice'],
      since: files.at(10),
      // The tool only: its command is the dashboard's to show, beside the summary.
      summary: "alice's Bash call has run far longer than its others",
      detail: 'npm run serve',
    });
    expect(hung!.action).toContain('interrupt it');
    alice.toolResult('toolu_hung', 80);
    expect(await found(files, 81, 'hung-tool')).toEqual([]);
  });

  it('hung-tool where the process cannot be seen: it may be gone, and how to check, by pid or pane', async () => {
    const { files, transcripts, alice, bob } = team();
    // A sessions/ file that does not say where its process runs: teamtop cannot tell whether it runs.
    transcripts.sessionState('busy', 2);
    alice.prompt('You are alice.', 2);
    alice.toolUse('toolu_hung', 'Bash', { command: 'npm run serve' }, 10);
    bob.mail('team-lead', 'You are bob.', 2);
    bob.toolUse('toolu_bob', 'Bash', { command: 'make' }, 10);
    expect(await found(files, 609, 'hung-tool')).toEqual([]);
    const [byAlice, byBob] = (await found(files, 611, 'hung-tool')).sort((a, b) => a.members[0]!.localeCompare(b.members[0]!));
    expect(byAlice).toMatchObject({
      summary:
        'alice may be gone: its process cannot be seen, and its Bash call has run far longer than its others; its file does not say where it runs',
      detail: 'npm run serve',
    });
    // In process: the lead's pid.
    expect(byAlice!.action).toBe(
      "check pid 16479 (ps -p 16479) on the machine the team runs on, or run teamtop there; if it runs, interrupt the call in alice's session (Esc); if it is gone, spawn alice again",
    );
    // A tmux teammate none of whose processes was found: its pane.
    expect(byBob!.summary).toContain(
      'bob may be gone: its process cannot be seen, and its Bash call has run far longer than its others; no process of it seen (sessions/)',
    );
    expect(byBob!.action).toMatch(/^check bob's tmux pane; /u);
  });

  it('permission-waiting: an in-process call with no result while the lead’s session waits for a permission prompt', async () => {
    const { files, transcripts, alice } = team();
    alice.prompt('You are alice.', 2);
    alice.toolUse('toolu_w', 'Write', { file_path: '/home/dev/work/src/api.ts', content: 'x' }, 5);
    transcripts.sessionState('waiting', 6, 'permission prompt');
    expect(await found(files, 6 + 59, 'permission-waiting')).toEqual([]);
    const [waiting] = await found(files, 6 + 61, 'permission-waiting');
    expect(waiting).toMatchObject({ members: ['alice'], since: files.at(6) });
    expect(waiting!.summary).toBe('alice waits for a permission nobody gave: Write');
    expect(waiting!.detail).toBe('/home/dev/work/src/api.ts');
    expect(waiting!.action).toContain("the lead's terminal");
    transcripts.sessionState('busy', 70);
    expect(await found(files, 71, 'permission-waiting')).toEqual([]);
  });

  it('context-full: 80% or more of the window in use, until a response is given less', async () => {
    const { files, bob } = team();
    bob.mail('team-lead', 'You are bob.', 2);
    bob.toolUse('toolu_1', 'Read', { file_path: '/home/dev/work/a.ts' }, 3, { input: 2000, cacheRead: 790_000 });
    expect(await found(files, 4, 'context-full')).toEqual([]);
    bob.toolResult('toolu_1', 4);
    bob.toolUse('toolu_2', 'Read', { file_path: '/home/dev/work/b.ts' }, 5, { input: 2000, cacheRead: 810_000 });
    const [full] = await found(files, 6, 'context-full');
    // No compaction shows the window the client compacts at: the model's is said, and that it is assumed.
    expect(full).toMatchObject({
      members: ['bob'],
      summary: "bob's context is 81% full (812,000 tokens of its model's 1M window (assumed: the client may compact sooner))",
    });
    expect(full!.action).toContain('/compact');
    bob.toolResult('toolu_2', 7);
    bob.text('Compacted.', 8, { usage: { input: 30_000 } });
    expect(await found(files, 9, 'context-full')).toEqual([]);
  });

  it('transcript-quiet: working by the files, its transcript still for --quiet-after', async () => {
    const { files, bob } = team();
    bob.mail('team-lead', 'You are bob.', 2);
    bob.text('Looking at the tests first.', 5);
    expect(await found(files, 5 + 119, 'transcript-quiet')).toEqual([]);
    const [quiet] = await found(files, 5 + 121, 'transcript-quiet');
    expect(quiet).toMatchObject({
      members: ['bob'],
      since: files.at(5),
      summary: 'bob is working, but its transcript has stopped moving',
    });
    bob.text('Still here.', 130);
    expect(await found(files, 131, 'transcript-quiet')).toEqual([]);
    // With --no-transcripts, nothing is said of what no transcript was read for.
    bob.text('Quiet again.', 140);
    expect(await found(files, 400, 'transcript-quiet', { transcripts: false })).toEqual([]);
    expect(await found(files, 400, 'transcript-quiet')).toHaveLength(1);
  });

  it('api-failing: a turn whose every try failed, how many in a row, the status said; never a nudge; clears on a response', async () => {
    const { files, bob } = team();
    bob.mail('team-lead', 'You are bob.', 2);
    bob.apiRequest(2);
    bob.apiRequest(3);
    bob.apiError(529, 'overloaded_error', 5);
    const [failing] = await found(files, 6, 'api-failing');
    expect(failing).toMatchObject({
      severity: 'warning',
      members: ['bob'],
      since: files.at(5),
      summary: "bob's model calls fail: API error 529 (overloaded_error), 1 turn in a row",
    });
    expect(failing!.action).toContain('status.anthropic.com');
    expect(failing!.action).not.toMatch(/nudge/u);
    // Woken by a message: it tries again, and fails again.
    bob.mail('team-lead', 'bob, are you there?', 10);
    bob.apiRequest(10);
    bob.apiRequest(11);
    const [retrying] = await found(files, 12, 'api-failing');
    expect(retrying!.summary).toBe("bob's model calls fail: API error 529 (overloaded_error), 1 turn in a row; it is trying again now");
    bob.apiError(429, 'rate_limit_error', 14);
    const [again] = await found(files, 15, 'api-failing');
    expect(again!.summary).toBe("bob's model calls fail: API error 429 (rate_limit_error), 2 turns in a row");
    expect(again!.action).toMatch(/rate limit or your plan's quota/u);
    // A call goes through: it works again.
    bob.mail('team-lead', 'bob?', 20);
    bob.apiRequest(20);
    bob.text('Here.', 21, { end: true });
    expect(await found(files, 22, 'api-failing')).toEqual([]);
  });

  it('permission-refused: an info naming the tool refused, by a person or a rule, never what it was to run', async () => {
    const { files, alice } = team();
    alice.prompt('You are alice.', 2);
    alice.toolUse('toolu_rm', 'Bash', { command: 'rm -rf ./build' }, 3);
    expect(await found(files, 4, 'permission-refused')).toEqual([]);
    alice.toolResult('toolu_rm', 5, { denied: true, error: true });
    const [refused] = await found(files, 6, 'permission-refused');
    expect(refused).toMatchObject({
      severity: 'info',
      members: ['alice'],
      since: files.at(5),
      summary: 'alice was refused a Bash call by a person',
    });
    expect(JSON.stringify(refused)).not.toContain('rm -rf');
  });

  it('over-budget: a note from 80% of --budget, a warning past it, naming the member that spent most', async () => {
    const { files, alice, bob } = team();
    alice.prompt('You are alice.', 2);
    alice.text('Reading.', 3, { usage: { input: 200_000 } });
    bob.mail('team-lead', 'You are bob.', 2);
    bob.text('Reading more.', 4, { usage: { input: 600_000 } });
    const { store } = await settledSession(files.dir);
    const state = store.getState().teams.get(files.team)!;
    const spent = selectUsage(state).team!.costUSD!;
    expect(spent).toBeGreaterThan(0);
    const judged = (budget: number | null) =>
      selectDiagnoses(state, files.at(5), thresholdsIn({ stall: 60, quiet: 600, budget })).diagnoses.filter(
        (diagnosis) => diagnosis.kind === 'over-budget',
      );
    expect(judged(null)).toEqual([]);
    expect(judged(spent / 0.7)).toEqual([]);
    const [note] = judged(spent / 0.85);
    expect(note).toMatchObject({ severity: 'info', members: ['bob'] });
    expect(note!.summary).toMatch(/^the team has spent 80% of its \$[\d.]+ budget, most of it by bob$/u);
    const [warning] = judged(spent * 0.99);
    expect(warning).toMatchObject({ severity: 'warning', members: ['bob'] });
    expect(warning!.summary).toContain('spent all of its');
    expect(warning!.action).toContain('--budget');
  });
});

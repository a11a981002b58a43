import { DEFAULT_THRESHOLDS } from '../../../src/core/model/settings.js';
/**
 * The journal keeps what members did as activity facts (issue 23 §8): their
 * state, the tool's name, times and token counts, never a tool's input, a
 * result or any text of a transcript; and a restore or a replay shows them
 * where no transcript is read. Real transcript files, the real watchers and
 * the real journal writer; the built CLI for `replay`.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settledSession, type JournalOptions } from '../../../src/cli/session.js';
import { readJournalFile } from '../../../src/io/journal/reader.js';
import { ReplayController } from '../../../src/io/journal/replay-controller.js';
import { frame } from '../../helpers/render.js';
import { memberPaneId } from '../../../src/ui/panes/members/model.js';
import { memberDetails } from '../../../src/ui/keys/view-state.js';
import { listAllRuns } from '../../../src/io/journal/store-dir.js';
import { selectActivity, selectUsage } from '../../../src/core/select/work.js';
import { snapshot } from '../../../src/core/snapshot.js';
import { advance } from '../../../src/core/app-state.js';
import { createStore } from '../../../src/core/store.js';
import { runCli } from '../../helpers/cli.js';
import { tempDir } from '../../helpers/fixtures.js';
import { watchRecorded } from '../../helpers/live.js';
import { TeamFiles } from '../../helpers/team-files.js';
import { TranscriptFiles } from '../../helpers/transcript-files.js';
import { waitFor } from '../../helpers/wait.js';
import { initialState, type AppState } from '../../../src/core/app-state.js';

const options = (stateDir: string, write = true): JournalOptions => ({ stateDir, write, maxBytes: 50 * 1024 * 1024 });

/** What the member wrote, typed and was told: none of it may reach the journal. */
const SECRETS = {
  prompt: 'PROMPT-c0ffee-9a1b',
  input: 'sk-live-INPUT-7f3a9c',
  result: 'RESULT-e9d0-passw0rd',
  text: 'hunter2-TEXT-b41d',
  mail: 'MAIL-5e7f-token',
};

type Line = Record<string, unknown>;

/** What an activity line holds, besides its member's figures. */
const FIELDS = ['member', 'op', 'path', 'since', 'state', 't', 'tool'];

/** Every byte under the journal's folder, as text. */
function journalBytes(state: string): string {
  return readdirSync(state, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'latin1'))
    .join('\n');
}

/** The journal's `activity` lines, as written (`figures`: each with its member's figures as of it, where it left them out). */
function activityLines(state: string, member?: string, figures = false): Line[] {
  return listAllRuns(state).flatMap((run) => {
    const last = new Map<unknown, unknown>();
    return readFileSync(run.path, 'utf8')
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text) as Line)
      .filter((line) => line['op'] === 'activity')
      .map((line) => {
        if ('usage' in line) last.set(line['member'], line['usage']);
        return figures ? { ...line, usage: last.get(line['member']) } : line;
      })
      .filter((line) => member === undefined || line['member'] === member);
  });
}

/** A team of a lead and an in-process teammate, its transcripts written as 2.1.332 writes them. */
function team() {
  const files = new TeamFiles(tempDir(), Date.now() - 60_000);
  files.config([files.teammate('alice')]);
  const transcripts = new TranscriptFiles(files);
  return { files, transcripts, lead: transcripts.lead() };
}

const teamOf = (state: AppState, files: TeamFiles) => state.teams.get(files.team)!;

/** A team run while a dashboard journals it: the lead runs a command, gets its result, says so and ends its turn. */
async function recordedRun() {
  const { files, transcripts, lead } = team();
  lead.prompt(`Deploy it; the key is ${SECRETS.prompt}`, 2);
  const state = tempDir();
  const live = await watchRecorded(files.dir, options(state));
  await waitFor(() => expect(activityLines(state, 'team-lead').at(-1)).toMatchObject({ state: 'thinking' }));

  lead.toolUse('toolu_deploy', 'Bash', { command: `deploy --token ${SECRETS.input}` }, 3, {
    input: 1200,
    output: 300,
    cacheRead: 5000,
    cacheCreation: 700,
  });
  const alice = transcripts.inProcess('alice');
  alice.mail('team-lead', `You are alice. ${SECRETS.mail}`, 4);
  alice.toolUse('toolu_alice', 'Read', { file_path: `/home/dev/${SECRETS.input}.env` }, 5);
  await waitFor(() => {
    expect(activityLines(state, 'team-lead').at(-1)).toMatchObject({ state: 'tool', tool: 'Bash' });
    expect(activityLines(state, 'alice').at(-1)).toMatchObject({ state: 'tool', tool: 'Read' });
  });
  // Live, the dashboard shows the command: the secret was there to be journaled.
  expect(selectActivity(teamOf(live.store.getState(), files), files.at(20)).get('team-lead')!.detail).toContain(SECRETS.input);

  lead.toolResult('toolu_deploy', 10, { content: `deployed, ${SECRETS.result}` });
  lead.text(`Deployed with ${SECRETS.text}`, 11, { end: true, usage: { input: 1600, output: 90 } });
  lead.turnDuration(11, 9000);
  await waitFor(() => expect(activityLines(state, 'team-lead').at(-1)).toMatchObject({ state: 'idle' }));
  const seen = live.json(files.at(60));
  live.stop();
  return { files, state, seen, run: listAllRuns(state)[0]!.path };
}

describe('activity in the journal', () => {
  it('records each change of what a member does, with its figures, and no input, result or text', async () => {
    const { files, state, seen } = await recordedRun();
    const lead = activityLines(state, 'team-lead', true);
    expect(lead.map((line) => [line['state'], line['tool']])).toEqual([
      ['thinking', null],
      ['tool', 'Bash'],
      ...(lead.length === 4 ? [['writing', null]] : []),
      ['idle', null],
    ]);
    expect(lead[1]).toMatchObject({
      path: `teams/${files.team}`,
      since: files.at(3),
      usage: { inputTokens: 1200, outputTokens: 300, cacheReadTokens: 5000, cacheCreationTokens: 700, contextTokens: 6900, toolCalls: 1 },
    });
    expect(lead.at(-1)).toMatchObject({ since: files.at(11), usage: { inputTokens: 2800, outputTokens: 390, toolCalls: 1 } });
    // The last figures are what the dashboard showed.
    const shown = seen.teams[0]!.members.find((member) => member.name === 'team-lead')!.usage;
    expect(lead.at(-1)!['usage']).toEqual(shown);
    // A line holds these and nothing else; its figures when they changed since its member's line before.
    const written = activityLines(state, 'team-lead');
    for (const line of activityLines(state))
      expect(
        Object.keys(line)
          .filter((key) => key !== 'usage')
          .sort(),
      ).toEqual(FIELDS);
    expect(written.map((line) => 'usage' in line)).toEqual([true, true, ...(written.length === 4 ? [true] : []), written.length === 3]);

    const bytes = journalBytes(state);
    for (const secret of Object.values(SECRETS)) expect(bytes).not.toContain(secret);
    expect(bytes).toContain('"tool":"Read"');
  });

  it("replays what each member did as of the replay's position: the tool without its input, and the figures", async () => {
    const { files, seen, run } = await recordedRun();
    const store = createStore();
    const lines = readJournalFile(run).lines;
    const replay = new ReplayController(lines, store);
    // To the line that says the lead began its command.
    const bash = lines.findIndex((line) => line.kind === 'entry' && line.entry.op === 'activity' && line.entry.tool === 'Bash');
    for (let i = 0; i <= bash; i++) replay.step();
    const team = teamOf(store.getState(), files);
    expect(selectActivity(team, files.at(20)).get('team-lead')).toMatchObject({
      state: 'tool',
      tool: 'Bash',
      detail: null,
      since: files.at(3),
    });
    expect(selectUsage(team).members.get('team-lead')).toMatchObject({ inputTokens: 1200, outputTokens: 300, toolCalls: 1 });
    // Its steps were never recorded: the steps view says so, not that no transcript matched.
    const steps = frame(store.getState(), {
      view: { mode: 'steps', pane: { kind: 'steps', member: 'team-lead' } },
      now: files.at(20),
      width: 120,
    });
    expect(steps).toContain("team-lead's steps are not recorded");
    expect(steps).not.toContain('no transcript of');
    // Its details (d) give what it does and its figures, as recorded.
    const details = frame(store.getState(), {
      view: { pane: memberPaneId('team-lead'), opened: { pane: memberPaneId('team-lead'), item: memberDetails('team-lead') } },
      now: files.at(20),
      width: 120,
      height: 60,
    });
    expect(details).toContain('transcript: not read; as the journal recorded its work');
    expect(details).toMatch(/doing: ▶ Bash · 17s/u);
    expect(details).toContain('tokens: 1,200 in · 300 out');
    expect(details).toContain('tool calls: 1');

    replay.toEnd();
    const end = teamOf(store.getState(), files);
    expect(selectActivity(end, files.at(60))).toEqual(
      new Map([
        ['team-lead', { state: 'idle', tool: null, detail: null, since: files.at(11), openCalls: 0, overdue: false, overdueAt: null }],
        ['alice', { state: 'tool', tool: 'Read', detail: null, since: files.at(5), openCalls: 1, overdue: false, overdueAt: null }],
      ]),
    );
    // `replay --json`: the same figures as live, and no detail.
    const { code, stdout, stderr } = runCli(['replay', run, '--json', '--now', files.iso(60)]);
    expect(code, stderr).toBe(0);
    const [replayed] = (JSON.parse(stdout) as ReturnType<typeof snapshot>).teams;
    const byName = new Map(replayed!.members.map((member) => [member.name, member]));
    expect(byName.get('team-lead')!.activity).toEqual({
      state: 'idle',
      tool: null,
      detail: null,
      since: files.iso(11),
      failure: null,
      retry: null,
      subagents: [],
      processUnseen: null,
    });
    expect(byName.get('alice')!.activity).toEqual({
      state: 'tool',
      tool: 'Read',
      detail: null,
      since: files.iso(5),
      failure: null,
      retry: null,
      subagents: [],
      processUnseen: null,
    });
    for (const { name, usage } of seen.teams[0]!.members) expect(byName.get(name)!.usage, name).toEqual(usage);
    expect(replayed!.usage).toEqual(seen.teams[0]!.usage);
  });

  it('draws a recorded call in the member pane as a live one, without its input', async () => {
    const { files, run } = await recordedRun();
    // A recording cut after the lead began its command: the state as of that position.
    const lines = readFileSync(run, 'utf8').trim().split('\n');
    const bash = lines.findIndex((line) => line.includes('"op":"activity"') && line.includes('"tool":"Bash"'));
    const cut = join(tempDir(), 'cut.jsonl');
    writeFileSync(cut, `${lines.slice(0, bash + 1).join('\n')}\n`);
    const { code, stdout, stderr } = runCli(['replay', cut, '--now', files.iso(45)]);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('▶ Bash · 42s');
    expect(stdout).not.toContain('deploy');
  });

  it("restores the figures where no transcript is read, and what members did where their team's run is over", async () => {
    const { files, state, seen } = await recordedRun();
    const shown = new Map(seen.teams[0]!.members.map((member) => [member.name, member.usage]));
    // Transcripts read win over what the journal says: the call's input is there again.
    const read = await settledSession(files.dir, options(state, false));
    expect(selectActivity(teamOf(read.store.getState(), files), files.at(60)).get('alice')!.detail).toContain(SECRETS.input);
    // `--no-transcripts` on the running team: what each does now is not known, what it used is as recorded.
    const running = await settledSession(files.dir, options(state, false), undefined, { transcripts: false });
    const now = snapshot(running.store.getState(), {
      claudeDir: files.dir,
      now: files.at(60),
      thresholds: DEFAULT_THRESHOLDS,
    });
    for (const member of now.teams[0]!.members) {
      expect(member.activity, member.name).toEqual({
        state: 'unknown',
        tool: null,
        detail: null,
        since: null,
        failure: null,
        retry: null,
        subagents: [],
        processUnseen: null,
      });
      expect(member.usage, member.name).toEqual(shown.get(member.name));
    }
    // The team ended before teamtop started again: each member idle since its last line.
    rmSync(join(files.dir, 'teams', files.team), { recursive: true });
    const ended = await settledSession(files.dir, options(state, false), undefined, { transcripts: false });
    const activity = selectActivity(teamOf(ended.store.getState(), files), files.at(60));
    expect(activity.get('team-lead')).toMatchObject({ state: 'idle', since: files.at(11) });
    expect(activity.get('alice')).toMatchObject({ state: 'idle', tool: null });
    expect(selectUsage(teamOf(ended.store.getState(), files)).team).toEqual(seen.teams[0]!.usage);
  });
});

describe('what a line is written for', () => {
  it('a change of state or tool, not each response of one; and figures that change while the member idles', async () => {
    const files = new TeamFiles(tempDir(), Date.now() - 60_000);
    files.config([files.teammate('bob', { backend: 'tmux', color: 'green' })]);
    const bob = new TranscriptFiles(files).tmux('bob');
    bob.mail('team-lead', 'You are bob.', 2);
    const state = tempDir();
    const live = await watchRecorded(files.dir, options(state));
    const usageOf = () => selectUsage(teamOf(live.store.getState(), files)).members.get('bob');
    const lines = () => {
      live.journal!.flush();
      return activityLines(state, 'bob', true).map((line) => [
        line['state'],
        (line['usage'] as Line)['outputTokens'],
        (line['usage'] as Line)['costUSD'],
      ]);
    };
    await waitFor(() => expect(activityLines(state, 'bob')).toHaveLength(1));

    bob.text('Reading the tests.', 3, { usage: { output: 10 } });
    await waitFor(() => expect(usageOf()).toMatchObject({ outputTokens: 10 }));
    // Another response while it writes: its tokens are counted, and no line says so.
    bob.text('Still reading.', 4, { usage: { output: 15 } });
    await waitFor(() => expect(usageOf()).toMatchObject({ outputTokens: 25 }));
    expect(lines().map(([state, output]) => [state, output])).toEqual([
      ['thinking', 0],
      ['writing', 10],
    ]);

    bob.text('Done.', 5, { end: true, usage: { output: 5 } });
    bob.turnDuration(5, 3000);
    await waitFor(() => expect(lines().at(-1)).toEqual(['idle', 30, expect.any(Number)]));
    // The client's own cost, written as the session ends: a line, though bob still idles.
    bob.costState(1.25);
    await waitFor(() => expect(lines().at(-1)).toEqual(['idle', 30, 1.25]));
    live.stop();
  });

  it('says nothing known of what members do once the run that recorded it is over', () => {
    const work = (state: 'tool' | 'idle', at: number) => ({ state, tool: state === 'tool' ? 'Bash' : null, since: at, usage: null, at });
    const replayed = advance(
      initialState,
      {
        type: 'observed',
        observations: [
          { kind: 'run', team: 'alpha', at: 1000, thresholds: null },
          { kind: 'activity', team: 'alpha', member: 'worker', work: work('tool', 1100) },
          { kind: 'activity', team: 'alpha', member: 'team-lead', work: work('idle', 1200) },
        ],
      },
      DEFAULT_THRESHOLDS,
    );
    const team = (state: AppState) => state.teams.get('alpha')!;
    expect(selectActivity(team(replayed), 2000).get('worker')).toMatchObject({ state: 'tool', tool: 'Bash', since: 1100 });
    // Another run of the team begins (its header), which did not read transcripts.
    const next = advance(
      replayed,
      { type: 'observed', observations: [{ kind: 'run', team: 'alpha', at: 5000, thresholds: null }] },
      DEFAULT_THRESHOLDS,
    );
    expect([...selectActivity(team(next), 6000).values()].map((activity) => [activity.state, activity.since])).toEqual([
      ['unknown', null],
      ['unknown', null],
    ]);
  });
});

describe('hostile activity lines', () => {
  it('are skipped with a notice, or taken sanitised, and the replay goes on', () => {
    const team = 'alpha';
    const usage = {
      inputTokens: 10,
      outputTokens: 2,
      cacheReadTokens: 0,
      cacheCreationTokens: 0,
      contextTokens: 10,
      contextPercent: 0,
      toolCalls: 1,
      costUSD: 0.01,
      costEstimated: true,
    };
    const line = (fields: Line) =>
      JSON.stringify({
        op: 'activity',
        t: 2000,
        path: `teams/${team}`,
        member: 'team-lead',
        state: 'tool',
        tool: 'Bash',
        since: 1500,
        usage,
        ...fields,
      });
    const refused = [
      line({ state: 'dancing' }),
      line({ member: 42 }),
      line({ tool: { name: 'Bash' } }),
      line({ since: 'yesterday' }),
      line({ usage: { ...usage, inputTokens: -5 } }),
      line({ usage: { ...usage, outputTokens: 1.5 } }),
      line({ usage: { ...usage, cacheReadTokens: 2 ** 60 } }),
      line({ usage: { ...usage, toolCalls: '12' } }),
      line({ usage: { ...usage, costUSD: 1e300 } }),
      line({ usage: { ...usage, contextPercent: -1 } }),
      line({ usage: { ...usage, costEstimated: 'yes' } }),
      // Past a double: JSON.parse makes it Infinity.
      line({ usage: { ...usage, contextTokens: 7 } }).replace('"contextTokens":7', '"contextTokens":1e400'),
    ];
    const text = [
      JSON.stringify({ teamtop: 'journal', v: 2, run: 'r', team, claudeDir: '/c', started: 1000 }),
      JSON.stringify({ op: 'folder', t: 1000, path: `teams/${team}`, present: true }),
      JSON.stringify({
        op: 'file',
        t: 1000,
        live: false,
        path: `teams/${team}/config.json`,
        text: JSON.stringify({ name: team, members: [{ name: 'team-lead' }, { name: 'worker' }] }),
      }),
      line({ tool: '\u001b[31mBash\u001b]0;pwned\u0007\nrm -rf /\u009b2J', usage: { ...usage, note: '\u001b[2J' } }),
      ...refused,
      line({ member: 'worker', state: 'thinking', tool: null, since: 1900, usage: { ...usage, inputTokens: 99 } }),
      // Its figures left out: as its line before said.
      line({ member: 'worker', state: 'idle', tool: 'Bash', since: 1950, usage: undefined }),
    ].join('\n');
    const path = join(tempDir(), 'hostile.jsonl');
    writeFileSync(path, `${text}\n`);

    const { code, stdout, stderr } = runCli(['replay', path, '--json', '--now', new Date(3000).toISOString()]);
    expect(code, stderr).toBe(0);
    const document = JSON.parse(stdout) as ReturnType<typeof snapshot>;
    const [replayed] = document.teams;
    const byName = new Map(replayed!.members.map((member) => [member.name, member]));
    const tool = byName.get('team-lead')!.activity.tool!;
    expect(tool).toBe('␛[31mBash␛]0;pwned␇');
    expect(tool).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/u);
    // Its figures, and nothing else the line carried.
    expect(byName.get('team-lead')!.usage).toEqual(usage);
    // The lines after the refused ones are replayed.
    expect(byName.get('worker')!.activity).toEqual({
      state: 'idle',
      tool: null,
      detail: null,
      since: new Date(1950).toISOString(),
      failure: null,
      retry: null,
      subagents: [],
      processUnseen: null,
    });
    expect(byName.get('worker')!.usage).toMatchObject({ inputTokens: 99 });
    // Each refused line is said, once for the file.
    const problem = document.problems.find((item) => item.path === path);
    expect(problem?.message).toBe(`line 5 is not a journal entry and was skipped (and ${refused.length - 1} more)`);

    // On screen: nothing of the escape sequences reaches the terminal.
    const frame = runCli(['replay', path, '--now', new Date(3000).toISOString()]);
    expect(frame.code, frame.stderr).toBe(0);
    expect(frame.stdout).toContain('▶ ␛[31mBash␛]0;pwned␇ · 1s');
    expect(frame.stdout).not.toMatch(/[\u001b\u0007\u009b]/u);
  });
});

/**
 * The diagnoses on the dashboard: their pane above the handshakes, worst first,
 * the members it names marked, the header's count; ⏎ opens one with its
 * evidence. Drawn by the real renderer from files read by the real session.
 */
import { quieting, stalling } from '../helpers/thresholds.js';
import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import chalk from 'chalk';
import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { buildScreen } from '../../src/ui/screen/frame.js';
import { diagnosisLines } from '../../src/ui/panes/diagnoses/detail.js';
import type { Frame } from '../../src/ui/views/view.js';
import { initialViewState } from '../../src/ui/keys/view-state.js';
import { settledSession } from '../../src/cli/session.js';
import { selectDiagnoses } from '../../src/core/judge/index.js';
import { selectMembersAt } from '../../src/core/select/members.js';
import { mountApp, mountStore } from '../helpers/app.js';
import { runCli } from '../helpers/cli.js';
import { CAPTURES, tempDir } from '../helpers/fixtures.js';
import { watch } from '../helpers/live.js';
import { frame } from '../helpers/render.js';
import { TeamFiles, troubled } from '../helpers/team-files.js';
import { TranscriptFiles } from '../helpers/transcript-files.js';
import { waitFor } from '../helpers/wait.js';
import type { Evidence } from '../../src/core/model/diagnosis.js';

const stateOf = async (dir: string) => (await settledSession(dir)).store.getState();

const SGR = /\u001b\[[\d;]*m/gu;
const plain = (text: string) => text.replace(SGR, '');
const lineWith = (text: string, needle: string) => text.split('\n').find((line) => plain(line).includes(needle)) ?? '';

/** The troubled team with carol, who is fine, and a task given to `tester` too: five warnings. */
function crowded(): TeamFiles {
  const files = troubled(tempDir());
  files.config([
    files.teammate('bob', { color: 'green' }),
    files.teammate('engineer', { color: 'yellow' }),
    files.teammate('carol', { color: 'purple' }),
  ]);
  files.send('carol', 'team-lead', 'please look at the flaky test', 12);
  files.task('4', { subject: 'Test the parser', owner: 'tester' });
  files.send('tester', 'team-lead', files.taskAssignment('4', 'Test the parser', 13), 13);
  return files;
}

describe('the diagnoses pane', () => {
  afterEach(() => {
    chalk.level = 0;
  });

  it('lists what is wrong above the handshakes, worst first, counts it in the header and marks the members it names', async () => {
    chalk.level = 1;
    const files = troubled(tempDir());
    const text = frame(await stateOf(files.dir), { width: 120, height: 40, now: files.at(20) });
    const lines = plain(text).split('\n');
    expect(lines[0]).toContain('⚠ 3 diagnoses');
    const title = lines.findIndex((line) => line.startsWith(' Diagnoses '));
    expect(lines[title]).toBe(' Diagnoses  3 warnings');
    expect(title).toBeLessThan(lines.findIndex((line) => line.startsWith(' Handshakes ')));
    // Warnings, the longest-standing first; one whose start is not known last.
    expect(lines.slice(title + 1, title + 4)).toEqual([
      expect.stringMatching(/^⚠ misaddressed +enginer, team-lead +15s {2}1 message from team-lead waits in the inbox of enginer/u),
      expect.stringMatching(/^⚠ ignored-shutdown +bob, team-lead +10s {2}bob has not answered team-lead's shutdown request/u),
      expect.stringMatching(/^⚠ orphaned-task +enginer {8,}task #3 \(Build the parser\) is pending under enginer/u),
    ]);
    // The mark in the warning colour (yellow, 33), each member in its own (bob green, 32).
    expect(lineWith(text, '⚠ ignored-shutdown bob')).toMatch(/^(\u001b\[[\d;]*m)*\u001b\[33m⚠ /u);
    expect(lineWith(text, '⚠ ignored-shutdown bob')).toContain('\u001b[32mbob');
    // The members it names, marked in their panes' titles (in the warning colour); one named by two, by how many.
    expect(text).toContain('bob\u001b[33m ⚠ ignored-shutdown');
    const all = plain(text);
    expect(all).toContain('╭─ bob ⚠ ignored-shutdown ─');
    expect(all).toContain('┏━ ★ team-lead ⚠ 2 diagnoses ━');
    expect(all).toContain('╭─ enginer ⚠ 2 diagnoses ─');
    expect(all).toMatch(/╭─ engineer ─+ working/u);
    // The handshake it explains says so.
    expect(plain(lineWith(text, 'team-lead → bob'))).toMatch(/shutdown +team-lead → bob +10s {2}⚠ ignored-shutdown {2}work complete/u);
  });

  it('is not there for a healthy team: no pane, no count, no marks, the same tab stops', async () => {
    const dir = tempDir();
    cpSync(join(CAPTURES, 'cc-2.1.330-realcc-team-in-process/final_before_exit'), dir, { recursive: true });
    const state = await stateOf(dir);
    const text = frame(state, { width: 120, height: 40 });
    expect(text).not.toContain('Diagnoses');
    expect(text).not.toContain('diagnos');
    expect(text).toContain(' Handshakes ');
    const model = buildScreen({
      thresholds: DEFAULT_THRESHOLDS,
      state,
      view: initialViewState,
      claudeDir: dir,
      width: 120,
      height: 40,
      now: Date.now(),
    });
    expect(model.navigation.panes.map((pane) => pane.id.kind)).toEqual([...model.members.map(() => 'member'), 'handshakes', 'tasks']);
  });

  it('is a tab stop between the member panes and the handshakes while it lists anything', async () => {
    const files = troubled(tempDir());
    const model = buildScreen({
      thresholds: DEFAULT_THRESHOLDS,
      state: await stateOf(files.dir),
      view: initialViewState,
      claudeDir: '/c',
      width: 120,
      height: 40,
      now: files.at(20),
    });
    expect(model.navigation.panes.map((pane) => pane.id.kind)).toEqual([
      'member',
      'member',
      'member',
      'member',
      'diagnoses',
      'handshakes',
      'tasks',
    ]);
  });

  it('keeps every member pane on screen at 80x24: three rows at most, and how many more', async () => {
    const files = crowded();
    const text = plain(frame(await stateOf(files.dir), { width: 80, height: 24, now: files.at(20) }));
    const lines = text.split('\n');
    expect(lines).toHaveLength(23);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    expect(lines[0]).toContain('⚠ 5 diagnoses');
    const title = lines.findIndex((line) => line.startsWith(' Diagnoses '));
    expect(lines[title]).toBe(' Diagnoses  5 warnings · ↓ 2 below');
    expect(lines.slice(title + 1, title + 4).every((line) => line.startsWith('⚠ '))).toBe(true);
    expect(lines[title + 4]).toMatch(/^ Handshakes /u);
    for (const name of ['team-lead', 'bob', 'engineer', 'carol', 'enginer', 'tester'])
      expect(text).toMatch(new RegExp(`^. (★ )?${name} `, 'mu'));
  });

  it('opens a diagnosis on ⏎: what is wrong, what to do, and its evidence, looked up in the team', async () => {
    const files = troubled(tempDir());
    const app = await mountApp(files.dir, { now: files.at(20) });
    const request = `shutdown-${files.at(10)}@bob`;
    // Four member panes, then the diagnoses.
    await app.press('\t\t\t\t');
    expect(app.lastFrame()).toContain(' Diagnoses ');
    await app.press('\u001b[B');
    await app.press('\r');
    const text = app.lastFrame()!;
    expect(text).toContain('⚠ warning ignored-shutdown · bob, team-lead');
    expect(text).toMatch(/│ for 10s \(since 13:10:10\) +│/u);
    // Said once, whole, after what is wrong.
    expect(text.match(/what to do/gu)).toHaveLength(1);
    expect(text).toContain('what to do: send bob a plain-text nudge');
    expect(text).toContain(`bob has not answered team-lead's shutdown request ${request}`);
    expect(text).toContain('evidence (3):');
    expect(text).toContain('13:10:10  team-lead → bob: shutdown requested: work complete');
    expect(text).toContain(`id bob/team-lead@${files.iso(10)}`);
    expect(text).toContain('13:10:14  bob → team-lead: idle (available) · bob: nothing more to do.');

    // The orphaned task's evidence: the task and the name, as they are now.
    await app.press('\u001b');
    await app.press('\u001b[B');
    await app.press('\r');
    expect(app.lastFrame()).toContain('--:--:--  task #3 Build the parser · ready · owner enginer');
    expect(app.lastFrame()).toContain('--:--:--  member enginer · not on roster');
  });

  it("shows a call's input on the user's own screen only: the row and ⏎ give the command, the summary the tool", async () => {
    const files = new TeamFiles(tempDir());
    files.config([files.teammate('alice')]);
    const alice = new TranscriptFiles(files).inProcess('alice');
    alice.prompt('You are alice.', 2);
    alice.toolUse('toolu_hung', 'Bash', { command: 'npm run serve' }, 10);
    const state = await stateOf(files.dir);
    const [hung] = selectDiagnoses(state.teams.get(files.team)!, files.at(700), stalling(60_000, 120_000)).diagnoses;
    expect(hung).toMatchObject({
      kind: 'hung-tool',
      summary: "alice's Bash call has run far longer than its others",
      detail: 'npm run serve',
    });
    const text = frame(state, { width: 160, height: 40, now: files.at(700) });
    expect(lineWith(text, 'than its others')).toContain("alice's Bash call has run far longer than its others · npm run serve");
    const team = state.teams.get(files.team)!;
    const opened = diagnosisLines(
      hung!,
      { team, members: selectMembersAt(team, files.at(700), quieting(60_000)), now: files.at(700) } as Frame,
      100,
    );
    expect(opened.slice(0, 2)).toEqual(["alice's Bash call has run far longer than its others", 'the call: npm run serve']);
  });

  it('lists evidence it cannot find in the team by its reference', async () => {
    const files = troubled(tempDir());
    const state = await stateOf(files.dir);
    const team = state.teams.get(files.team)!;
    const [misaddressed] = selectDiagnoses(team, files.at(20), stalling(60_000)).diagnoses;
    const evidence: Evidence[] = [
      ...misaddressed!.evidence,
      { kind: 'task', ref: '9', at: Number.NaN },
      { kind: 'member', ref: 'zed', at: Number.NaN },
      { kind: 'inbox', ref: 'zed', at: Number.NaN },
    ];
    const frameOf = { team, members: selectMembersAt(team, files.at(20), quieting(60_000)), now: files.at(20) } as Frame;
    expect(diagnosisLines({ ...misaddressed!, evidence }, frameOf, 100).slice(-6)).toEqual([
      '13:10:05  inbox of enginer · 1 message waiting',
      '13:10:05  team-lead → enginer: task #3 assigned (by team-lead): Build the parser',
      `          id enginer/team-lead@${files.iso(5)}`,
      '--:--:--  task #9 (not found)',
      '--:--:--  member zed (not a member)',
      '--:--:--  inbox of zed (not found)',
    ]);
  });

  it('clears live when the answer arrives, closing what was open of it, and the keys work the pane again', async () => {
    const files = troubled(tempDir(), Date.now() - 30_000);
    const live = await watch(files.dir);
    const app = mountStore(live.store);
    await waitFor(() => expect(app.lastFrame()).toContain('⚠ ignored-shutdown'));
    await app.press('\t\t\t\t');
    await app.press('\u001b[B');
    await app.press('\r');
    expect(app.lastFrame()).toContain('⚠ warning ignored-shutdown');

    files.send('team-lead', 'bob', files.shutdownApproved('bob', `shutdown-${files.at(10)}@bob`, 21), 21);
    await waitFor(() => expect(app.lastFrame()).not.toContain('ignored-shutdown'));
    const text = app.lastFrame()!;
    expect(text).toContain('⚠ 2 diagnoses');
    expect(text).toContain(' Diagnoses  2 warnings');
    expect(text).toMatch(/^ {2}bob shut down/mu);
    // What was open went with it: ↓ and ⏎ choose and open the next one.
    await app.press('\u001b[B');
    await app.press('\r');
    expect(app.lastFrame()).toContain('⚠ warning orphaned-task · enginer');
  });

  it('appears when a threshold passes with no file changing: the frame is drawn again then', async () => {
    // Mail that has waited two hours, and a threshold it reaches in four seconds: time for a busy
    // machine to draw it first without the diagnosis.
    const files = new TeamFiles(tempDir(), Date.now() - 2 * 3600_000);
    files.config([files.teammate('worker', { color: 'green' })]);
    files.send('worker', 'team-lead', 'please review the parser', 0);
    const stallAfterMs = Date.now() + 4000 - files.at(0);
    const live = await watch(files.dir);
    const app = mountStore(live.store, { thresholds: stalling(stallAfterMs) });
    await waitFor(() => expect(app.lastFrame()).toContain('please review the parser'));
    expect(app.lastFrame()).not.toContain('Diagnoses');
    await waitFor(() => expect(app.lastFrame()).toContain(' Diagnoses  1 warning'));
    expect(app.lastFrame()).toMatch(/⚠ unread-pileup +worker +2h\S* {2}1 message from team-lead waits in worker's inbox/u);
  });

  it('says when to draw again: when a diagnosis would change with no file changing', async () => {
    const files = new TeamFiles(tempDir(), Date.now() - 2 * 3600_000);
    files.config([files.teammate('worker', { color: 'green' })]);
    files.send('worker', 'team-lead', 'please review the parser', 0);
    const state = await stateOf(files.dir);
    // A minute and a half after teamtop read it, nothing on screen changes for a while but the mail's threshold.
    const now = Date.now() + 90_000;
    const stallAfterMs = now + 2500 - files.at(0);
    const model = (at: number) =>
      buildScreen({
        thresholds: stalling(stallAfterMs),
        state,
        view: initialViewState,
        claudeDir: '/c',
        width: 120,
        height: 40,
        now: at,
      });
    expect(model(now).header.diagnoses).toEqual([]);
    expect(model(now).nextChangeMs).toBe(2500);
    expect(model(now + 2500).header.diagnoses.map((diagnosis) => diagnosis.kind)).toEqual(['unread-pileup']);
  });

  it('draws in --once too: the same frame, as a script gets it', () => {
    const files = troubled(tempDir());
    const { code, stdout } = runCli(['--once', '--dir', files.dir, '--no-journal', '--now', files.iso(20)], { COLUMNS: '100' });
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toContain('⚠ 3 diagnoses');
    const title = lines.findIndex((line) => line.startsWith(' Diagnoses '));
    expect(lines.slice(title, title + 4)).toEqual([
      ' Diagnoses  3 warnings',
      expect.stringMatching(/^⚠ misaddressed +enginer, team-lead/u),
      expect.stringMatching(/^⚠ ignored-shutdown +bob, team-lead/u),
      expect.stringMatching(/^⚠ orphaned-task +enginer/u),
    ]);
    expect(stdout).toContain('╭─ bob ⚠ ignored-shutdown ─');
  });
});

/**
 * `teamtop report`: one page about one run, from the journal of a team the
 * real client ran (a recording re-enacted while a dashboard journals it, then
 * the team's folder gone), and from that journal exported as a recording:
 * both give the same report, and the report agrees with the recording itself.
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRecording, recordedRun } from '../../harness/recording.mjs';
import { reenact } from '../../harness/reenact.mjs';
import { runCli } from '../helpers/cli.js';
import { CLI } from '../helpers/pty.js';
import { CAPTURES, FIXTURES, tempDir } from '../helpers/fixtures.js';
import { watchRecorded } from '../helpers/live.js';
import { waitFor } from '../helpers/wait.js';

const RECORDING = 'cc-2.1.330-realcc-to-departed-in-process';

interface ReportDoc {
  team: string;
  startedAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  members: { name: string; stays: { joinedAt: string | null; leftAt: string | null }[]; activity: { state: string }[] }[];
  messages: { from: string; to: string; kind: string }[];
  pairs: { from: string; to: string; count: number }[];
  handshakes: { kind: string; from: string; to: string; answers: { state: string }[]; waitedSeconds: number | null }[];
  tasks: { done: { id: string }[]; left: { id: string; owner: string | null }[] };
  incidents: { kind: string; members: string[]; raisedAt: string | null; clearedAt: string | null; cleared: string | null }[];
}

describe('teamtop report', () => {
  let dir: string;
  let state: string;
  let team: string;
  /** Judged a minute after the run: what waits for the client to settle has settled. */
  let now: string;
  const report = (...args: string[]) => runCli(['report', '--dir', dir, '--state-dir', state, '--now', now, ...args]);

  beforeAll(async () => {
    // Kept for every test of the file (tempDir's go after each test).
    dir = mkdtempSync(join(tmpdir(), 'teamtop-report-'));
    state = mkdtempSync(join(tmpdir(), 'teamtop-report-state-'));
    const recording = loadRecording(join(CAPTURES, RECORDING));
    team = recordedRun(recording).team;
    const live = await watchRecorded(dir, { stateDir: state, write: true, maxBytes: 1e9 });
    // At its own pace (idle gaps cut to 3 s): every message lives in its inbox as it did, 135 ms the
    // shortest. At 10× that one lived 13 ms, which a busy machine missed; the recording holds no
    // transcript to recover it from.
    await reenact(recording, dir, { maxGapMs: 3000 });
    await waitFor(() => expect(live.store.getState().teams.get(team)?.present).toBe(false));
    live.stop();
    now = new Date(Date.now() + 60_000).toISOString();
  }, 60_000);

  afterAll(() => {
    for (const made of [dir, state]) rmSync(made, { recursive: true, force: true });
  });

  it("reports the run from the journal, once the team's folder is gone, as the recording shows it", () => {
    const { code, stdout, stderr } = report('--json');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const doc = JSON.parse(stdout) as ReportDoc;
    const run = recordedRun(loadRecording(join(CAPTURES, RECORDING)));
    expect(doc.team).toBe(team);
    expect(doc.endedAt).not.toBeNull();
    expect(Date.parse(doc.endedAt!)).toBeGreaterThan(Date.parse(doc.startedAt!));
    // Every message, by pair.
    const pairs = new Map<string, number>();
    for (const message of run.messages) pairs.set(`${message.from}→${message.to}`, (pairs.get(`${message.from}→${message.to}`) ?? 0) + 1);
    expect(new Map(doc.pairs.map((pair) => [`${pair.from}→${pair.to}`, pair.count]))).toEqual(pairs);
    // bob's two shutdowns, each answered yes, and his two stays (a message brought him back in between).
    expect(doc.handshakes.map((handshake) => [handshake.kind, handshake.to, handshake.answers.map((answer) => answer.state)])).toEqual(
      run.handshakes.map((handshake) => ['shutdown', handshake.to, handshake.answers.map((answer) => answer.state)]),
    );
    for (const handshake of doc.handshakes) expect(handshake.waitedSeconds).toBeGreaterThan(0);
    const bob = doc.members.find((member) => member.name === 'bob')!;
    expect(bob.stays).toHaveLength(2);
    expect(bob.activity.map((span) => span.state)).toContain('idle');
    expect(doc.tasks.done.map((task) => task.id)).toEqual(['1']);
    expect(doc.tasks.left.map((task) => [task.id, task.owner])).toEqual([['2', 'bob']]);
    // The task given to bob after he shut down, waiting unread in his inbox.
    expect(doc.incidents.map((incident) => [incident.kind, incident.members, incident.clearedAt, incident.cleared])).toContainEqual([
      'to-departed',
      ['bob', 'team-lead'],
      null,
      null,
    ]);
  });

  it('gives the same report from the journal exported as a recording, wherever it is read', () => {
    const out = join(tempDir(), 'run.jsonl');
    expect(runCli(['export', '--team', team, '--out', out, '--dir', dir, '--state-dir', state]).code).toBe(0);
    const fromFile = runCli(['report', out, '--json', '--now', now, '--dir', tempDir(), '--state-dir', tempDir()]);
    expect(fromFile.stderr).toBe('');
    expect(JSON.parse(fromFile.stdout)).toEqual(JSON.parse(report('--json').stdout));
    // Without --now, a recording is judged as of its own end: the same run, not today.
    const ownEnd = JSON.parse(runCli(['report', out, '--json']).stdout) as ReportDoc & { at: string };
    expect(Date.parse(ownEnd.at)).toBeLessThan(Date.parse(now));
  });

  it('prints it as text with a swimlane as wide as $COLUMNS, and no colour when stdout is no terminal', () => {
    const { code, stdout } = runCli(['report', '--dir', dir, '--state-dir', state, '--now', now], { COLUMNS: '90' });
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^teamtop report · ${team} \\(ended\\)\\n`, 'u'));
    for (const section of ['Swimlane', 'Members (2)', 'Messages (11) by pair', 'Handshakes (2)', 'Tasks (1 done, 1 left)', 'Incidents ('])
      expect(stdout).toContain(`\n${section}`);
    const lanes = stdout.split('\n').filter((line) => /^ {2}(team-lead|bob) /u.test(line));
    expect(lanes.length).toBeGreaterThanOrEqual(2);
    for (const line of lanes) expect([...line].length).toBeLessThanOrEqual(90);
    expect(stdout).not.toContain('\u001b[');
  });

  it('writes the HTML page to a file to share (0644, less the umask), or to stdout', () => {
    const out = join(tempDir(), 'run.html');
    const { code, stdout, stderr } = report('--html', out);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toBe(`teamtop: wrote the report of "${team}" to ${out}\n`);
    expect(statSync(out).mode & 0o777).toBe(0o644 & ~process.umask());
    expect(readFileSync(out, 'utf8')).toMatch(/^<!doctype html>[\s\S]*<svg [\s\S]*<\/html>\n$/u);
    expect(report('--html', '-').stdout).toBe(readFileSync(out, 'utf8'));
    // Nothing is left beside it.
    expect(readdirSync(join(out, '..'))).toEqual(['run.html']);
  });

  it('replaces no file without --force, and follows or replaces no symbolic link or named pipe, as export does', () => {
    const folder = tempDir();
    const page = () => report('--html', '-').stdout;

    const existing = join(folder, 'kept.html');
    writeFileSync(existing, 'a report kept from before', { mode: 0o600 });
    expect(report('--html', existing)).toMatchObject({
      code: 1,
      stderr: `teamtop: cannot write ${existing}: a file is there already: give --force to replace it\n`,
    });
    expect(readFileSync(existing, 'utf8')).toBe('a report kept from before');
    expect(report('--html', existing, '--force')).toMatchObject({
      code: 0,
      stderr: `teamtop: wrote the report of "${team}" to ${existing} (the file that was there is replaced)\n`,
    });
    expect(readFileSync(existing, 'utf8')).toBe(page());
    expect(statSync(existing).mode & 0o777).toBe(0o644 & ~process.umask());

    const target = join(folder, 'precious.txt');
    writeFileSync(target, 'keep me');
    const link = join(folder, 'link.html');
    symlinkSync(target, link);
    for (const force of [[], ['--force']]) {
      expect(report('--html', link, ...force)).toMatchObject({
        code: 1,
        stderr: `teamtop: cannot write ${link}: it is a symbolic link (write to a path of its own)\n`,
      });
    }
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('keep me');

    // A pipe nothing reads: refused at once, and still a pipe.
    const pipe = join(folder, 'pipe.html');
    execFileSync('mkfifo', [pipe]);
    expect(report('--html', pipe)).toMatchObject({
      code: 1,
      stderr: `teamtop: cannot write ${pipe}: it is a named pipe that nothing is reading\n`,
    });
    expect(lstatSync(pipe).isFIFO()).toBe(true);
    // One something reads: the page goes down it.
    const read = execFileSync(
      'sh',
      [
        '-c',
        'cat "$1" & "$2" "$3" report --html "$1" --dir "$4" --state-dir "$5" --now "$6" >/dev/null 2>&1; wait',
        'sh',
        pipe,
        process.execPath,
        CLI,
        dir,
        state,
        now,
      ],
      {
        encoding: 'utf8',
      },
    );
    expect(read).toBe(page());
    expect(lstatSync(pipe).isFIFO()).toBe(true);

    expect(report('--html', folder)).toMatchObject({ code: 1, stderr: `teamtop: cannot write ${folder}: it is a folder\n` });
    expect(readdirSync(folder).sort()).toEqual(['kept.html', 'link.html', 'pipe.html', 'precious.txt']);
  });

  it('says what it cannot find, and exits 1; a --team that is not there is a usage error, 2, as in every mode', () => {
    expect(report('--team', 'nope')).toMatchObject({ code: 2, stderr: `teamtop: no team named "nope" in ${dir}; 1 team there: ${team}\n` });
    const exported = join(tempDir(), 'run.jsonl');
    execFileSync(process.execPath, [CLI, 'export', '--team', team, '--out', exported, '--dir', dir, '--state-dir', state], {
      stdio: 'ignore',
    });
    expect(runCli(['report', exported, '--team', team.slice(0, -1)])).toMatchObject({
      code: 2,
      stderr: `teamtop: no team named "${team.slice(0, -1)}" in ${exported} (did you mean "${team}"?); 1 team there: ${team}\n`,
    });
    const missing = join(tempDir(), 'missing.jsonl');
    expect(runCli(['report', missing])).toMatchObject({
      code: 1,
      stderr: `teamtop: no recording at ${missing} (for a team by name: --team NAME)\n`,
    });
    expect(runCli(['report', '--dir', tempDir(), '--no-journal'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^teamtop: no team in /u),
    });
    expect(report('--html', join(tempDir(), 'no', 'such', 'folder.html'))).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/cannot write .*there is no folder/u),
    });
  });
});

describe('teamtop report on files read later', () => {
  const HIVE = join(CAPTURES, 'cc-2026-02-hive-analysis');
  const WORKED = join(CAPTURES, 'cc-2.1.332-realcc-team-in-process/final_before_exit');
  const run = (...args: string[]) => runCli(['report', '--no-journal', ...args]);

  it('says, of a team idle for days and judged as of now, what doctor and the dashboard say: --now its last change', () => {
    const { code, stdout } = run('--dir', HIVE);
    expect(code).toBe(0);
    expect(stdout.split('\n')[3]).toMatch(
      /^ {2}⚠ no activity for \d+[dy]: judged as of now; --now 2026-02-12T19:53:48\.409Z judges it as of then$/u,
    );
    // And its axis tells its ticks apart: dates, none twice.
    const ruler = stdout
      .split('\n')
      .find((line) => line.includes('╵'))!
      .trim()
      .split(/\s+/u);
    expect(ruler.length).toBeGreaterThan(3);
    expect(new Set(ruler).size).toBe(ruler.length);
    expect(run('--dir', HIVE, '--now', '2026-02-12T19:53:48.409Z').stdout).not.toContain('no activity for');
  });

  it('keeps every word when piped: what does not fit 100 columns wraps, under where it began, and nothing is cut', () => {
    // No $COLUMNS, no terminal: 100 columns.
    const { stdout } = runCli(['report', '--no-journal', '--dir', join(FIXTURES, 'handshakes'), '--now', '2026-03-01T10:05:00Z'], {
      COLUMNS: undefined,
    });
    for (const line of stdout.split('\n')) expect(stringWidth(line), line).toBeLessThanOrEqual(100);
    expect(stdout).not.toContain('…');
    const incidents = stdout.slice(stdout.indexOf('Incidents'));
    expect(incidents).toContain(
      '    → send bob a plain-text nudge quoting request shutdown-120@bob; teammates often act on text when\n      they ignore the protocol message\n',
    );
    expect(stdout).toContain(
      '  dave      → team-lead 4  0 plain, 4 protocol: 2 plan_approval_request, 1 idle_notification, 1\n                           permission_request\n',
    );
  });

  it('stamps with --now the incidents it judges then, not with the wall clock', () => {
    const args = ['--dir', join(FIXTURES, 'handshakes'), '--now', '2026-03-01T10:05:00Z'];
    const { incidents } = JSON.parse(run(...args, '--json').stdout) as ReportDoc;
    expect(incidents.map((incident) => incident.kind)).toEqual(['stalled', 'stalled', 'zombie']);
    expect(new Set(incidents.map((incident) => incident.raisedAt))).toEqual(new Set(['2026-03-01T10:05:00.000Z']));
    expect(run(...args).stdout).toContain('  ⚠ 10:05:00 stalled · team-lead, carol · standing');
  });

  it("shows each member's tokens and cost as the dashboard does, and the team's sums", () => {
    const doc = JSON.parse(run('--dir', WORKED, '--json').stdout) as { members: { name: string; usage: unknown }[] };
    const dashboard = JSON.parse(runCli(['--json', '--no-journal', '--dir', WORKED]).stdout) as {
      teams: { members: { name: string; usage: unknown }[] }[];
    };
    expect(doc.members.map((member) => [member.name, member.usage])).toEqual(
      dashboard.teams[0]!.members.map((member) => [member.name, member.usage]),
    );
    expect(doc.members[0]!.usage).toMatchObject({ inputTokens: 1500, outputTokens: 300 });
    const text = run('--dir', WORKED).stdout;
    expect(text.split('\n')[1]).toMatch(/ · 3\.5K in · 700 out · \$0\.028$/u);
    expect(text).toContain(' · lead · 1.5K in · 300 out · ~$0.012');
    const html = run('--dir', WORKED, '--html', '-').stdout;
    expect(html).toContain('<th scope="col">tokens and cost</th>');
    expect(html).toContain('<td class="num">1.5K in · 300 out · ~$0.012</td>');
  });
});

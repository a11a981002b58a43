/**
 * `teamtop doctor`: one report for scripts and CI, exit 0 when nothing warns,
 * 1 when something does, 2 on bad usage.
 */
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../src/cli/session.js';
import { selectTeams } from '../../src/core/select/teams.js';
import { endOf } from '../helpers/capture-end.js';
import { runCli } from '../helpers/cli.js';
import { CAPTURES, tempDir } from '../helpers/fixtures.js';
import { TeamFiles, troubled } from '../helpers/team-files.js';

const doctor = (dir: string, ...args: string[]) => runCli(['doctor', '--dir', dir, '--no-journal', ...args]);

interface Report {
  warnings: number;
  infos: number;
  teams: {
    name: string;
    ended: boolean;
    diagnoses: {
      kind: string;
      severity: string;
      members: string[];
      since: string | null;
      evidence: { kind: string; ref: string; at: string | null }[];
    }[];
  }[];
}

describe('teamtop doctor', () => {
  it('says what is wrong, why, what to do and on what evidence, and exits 1 when something warns', () => {
    const files = troubled(tempDir());
    const { code, stdout, stderr } = doctor(files.dir, '--now', files.iso(20));
    expect(stderr).toBe('');
    expect(code).toBe(1);
    const request = `shutdown-${files.at(10)}@bob`;
    expect(stdout).toContain(
      [
        `  ⚠ warning ignored-shutdown · bob, team-lead · since 13:10:10 (10s ago)`,
        `    bob has not answered team-lead's shutdown request ${request} and went idle 2 times since`,
        `    → send bob a plain-text nudge quoting request ${request}; teammates often act on text when they ignore the protocol message`,
        // A message with no id of its own (2.1.34's) is named by its inbox, its sender and its time.
        `    evidence 13:10:10 message bob/team-lead@${files.iso(10)} team-lead → bob: shutdown requested: work complete`,
        `             13:10:11 message team-lead/bob@${files.iso(11)} bob → team-lead: idle (available) · bob: nothing more to do.`,
        `             13:10:14 message team-lead/bob@${files.iso(14)} bob → team-lead: idle (available) · bob: nothing more to do.`,
      ].join('\n'),
    );
    expect(stdout).toMatch(/^⚠ session-5ca1ab1e: 3 warnings, 0 notes$/mu);
    expect(stdout).toContain('(did you mean engineer?)');
    expect(stdout).toContain('task #3 (Build the parser) is pending under enginer, who is on no roster');
  });

  it('gives the same report as JSON, with evidence a script can find among the messages of --json', () => {
    const files = troubled(tempDir());
    const { code, stdout } = doctor(files.dir, '--now', files.iso(20), '--json');
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as Report;
    expect(report).toMatchObject({ warnings: 3, infos: 0 });
    expect(report.teams.map((team) => [team.name, team.ended])).toEqual([['session-5ca1ab1e', false]]);
    expect(report.teams[0]!.diagnoses.map(({ kind, severity, members, since }) => ({ kind, severity, members, since }))).toEqual([
      { kind: 'misaddressed', severity: 'warning', members: ['enginer', 'team-lead'], since: files.iso(5) },
      { kind: 'ignored-shutdown', severity: 'warning', members: ['bob', 'team-lead'], since: files.iso(10) },
      { kind: 'orphaned-task', severity: 'warning', members: ['enginer'], since: null },
    ]);
    const whole = JSON.parse(runCli(['--json', '--dir', files.dir, '--no-journal', '--now', files.iso(20)]).stdout) as {
      teams: { diagnoses: Report['teams'][0]['diagnoses']; messages: { id: string }[] }[];
    };
    expect(whole.teams[0]!.diagnoses).toEqual(report.teams[0]!.diagnoses);
    const ids = new Set(whole.teams[0]!.messages.map((message) => message.id));
    for (const item of report.teams[0]!.diagnoses.flatMap((diagnosis) => diagnosis.evidence)) {
      if (item.kind === 'message') expect(ids.has(item.ref), item.ref).toBe(true);
    }
  });

  it('exits 0 on a healthy team, and when the only findings are information', () => {
    const dir = tempDir();
    cpSync(join(CAPTURES, 'cc-2.1.330-realcc-team-in-process/final_before_exit'), dir, { recursive: true });
    expect(doctor(dir)).toMatchObject({ code: 0, stdout: '✓ session-91f67578: nothing wrong\n', stderr: '' });

    // The lead approved carol's plan on its own, then rejected it: worth knowing, nothing waits on it.
    const files = new TeamFiles(tempDir());
    files.config([files.teammate('carol')]);
    const request = files.planRequest('carol', 5);
    files.send('team-lead', 'carol', request, 5);
    files.send('carol', 'team-lead', files.planResponse(request.requestId, 5.2, true), 5.2);
    files.send('carol', 'team-lead', files.planResponse(request.requestId, 6, false), 6);
    const plan = doctor(files.dir, '--now', files.iso(7));
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(
      /^ℹ session-5ca1ab1e: 0 warnings, 1 note\n {2}ℹ info contradicting-answers · carol, team-lead · since 13:10:06 \(1s ago\)\n/u,
    );
  });

  it('exits 0 on every capture of an older version at its end', async () => {
    for (const capture of ['cc-2.1.34-js-testing-research', 'cc-2026-02-hive-analysis', 'cc-2.1.231-probe-spike']) {
      const dir = join(CAPTURES, capture);
      const { store } = await settledSession(dir);
      for (const team of selectTeams(store.getState().teams)) {
        const result = doctor(dir, '--team', team.name, '--now', new Date(endOf(team)).toISOString());
        expect(result, `${capture} ${team.name}`).toMatchObject({ code: 0, stdout: `✓ ${team.name}: nothing wrong\n` });
      }
    }
    // The other captures' folders are teams too: none is left out above.
    expect(readdirSync(join(CAPTURES, 'cc-2026-02-hive-analysis/teams'))).toHaveLength(3);
  });

  it('is a usage error, exit 2, to name a team that is not there, or an option it does not take', () => {
    const files = troubled(tempDir());
    expect(doctor(files.dir, '--team', 'nope')).toMatchObject({ code: 2, stdout: '' });
    expect(doctor(files.dir, '--team', 'nope').stderr).toBe(
      `teamtop: no team named "nope" in ${files.dir}; 1 team there: session-5ca1ab1e\n`,
    );
    expect(doctor(files.dir, '--bogus').code).toBe(2);
    expect(doctor(files.dir, '--stall-after', 'soon').code).toBe(2);
  });

  it('cuts a long evidence text between characters, with an ellipsis, to 72 columns', () => {
    const files = new TeamFiles(tempDir());
    files.config([files.teammate('bob')]);
    // `shutdown requested: ` and 51 letters: the emoji after them straddles the 72nd UTF-16 unit.
    const reason = `${'b'.repeat(51)}🎉🎉 and more words after the cut`;
    files.send('bob', 'team-lead', files.shutdownRequest('bob', 10, reason), 10);
    const { stdout } = doctor(files.dir, '--now', files.iso(100));
    const shown = stdout.split('\n').find((line) => line.includes('shutdown requested: '))!;
    const text = shown.slice(shown.indexOf('shutdown requested: '));
    expect(text).toBe(`shutdown requested: ${'b'.repeat(51)}…`);
    expect(stringWidth(text)).toBeLessThanOrEqual(72);
    expect(stdout).not.toContain('\ufffd');
  });

  it('lets nothing from the files drive the terminal, and its JSON is inert', () => {
    const files = new TeamFiles(tempDir());
    files.config([files.teammate('bob')]);
    files.send('bob', 'team-lead', files.shutdownRequest('bob', 10, 'done\u001b]0;pwned\u0007\u001b[2J \u009b31m'), 10);
    const text = doctor(files.dir, '--now', files.iso(100));
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('(done␛]0;pwned␇␛[2J');
    expect(text.stdout).not.toMatch(/[\u0007\u001b\u009b]/u);
    const json = doctor(files.dir, '--now', files.iso(100), '--json');
    expect(json.stdout).not.toMatch(/[\u0007\u001b\u009b]/u);
    expect(json.stdout).toContain('\\u009b31m');
    expect((JSON.parse(json.stdout) as Report).teams[0]!.diagnoses[0]!.kind).toBe('stalled');
  });
});

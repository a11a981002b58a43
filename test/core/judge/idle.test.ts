/**
 * A team nobody runs any more: its files have not changed for a day. What is
 * wrong with it is judged as of now and said as information, with what to do
 * about a team that is over and how to judge it as of its last change.
 */
import { stalling } from '../../helpers/thresholds.js';
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../../src/cli/session.js';
import { selectDiagnoses } from '../../../src/core/judge/index.js';
import { runCli } from '../../helpers/cli.js';
import { FIXTURES } from '../../helpers/fixtures.js';
import { IDLE_AFTER_MS } from '../../../src/core/model/idle.js';

/** The handshakes fixture's last change (its newest message). */
const LAST = Date.parse('2026-03-01T10:04:40Z');
const DAY = 24 * 60 * 60 * 1000;
const NOTE = 'no activity for 90d: judged as of now; --now 2026-03-01T10:04:40Z judges it as of then';
const ninetyDaysOn = new Date(LAST + 90 * DAY).toISOString();

const doctor = (...args: string[]) => runCli(['doctor', '--dir', `${FIXTURES}/handshakes`, '--no-journal', ...args]);

describe('a team that has not changed for a day', () => {
  it('is judged as one nobody runs: notes, not warnings, from a day after its last change', async () => {
    const team = (await settledSession(`${FIXTURES}/handshakes`)).store.getState().teams.get('stuck')!;
    const before = selectDiagnoses(team, LAST + IDLE_AFTER_MS - 1, stalling(60_000));
    expect(before.idle).toBeUndefined();
    expect(before.diagnoses.some((diagnosis) => diagnosis.severity === 'warning')).toBe(true);
    // With no file changing, the judgement changes then: a follower and the dashboard look again at that instant.
    expect(before.nextChangeAt).toBe(LAST + IDLE_AFTER_MS);
    const after = selectDiagnoses(team, LAST + IDLE_AFTER_MS, stalling(60_000));
    expect(after.idle).toEqual({ since: LAST, forMs: IDLE_AFTER_MS });
    expect(after.diagnoses.map((diagnosis) => diagnosis.severity)).toEqual(after.diagnoses.map(() => 'info'));
    expect(after.diagnoses.map((diagnosis) => diagnosis.kind)).toEqual(before.diagnoses.map((diagnosis) => diagnosis.kind));
  });

  it('makes doctor say so, exit 0, and advise for a team that is over', () => {
    const { code, stdout } = doctor('--now', ninetyDaysOn);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(`ℹ stuck: 0 warnings, 4 notes · ${NOTE}`);
    expect(stdout).toContain(
      '→ the team has not changed since 2026-03-01T10:04:40Z, so nothing is waiting on this now: if the team is over, ' +
        'nothing needs doing (its folders under teams/ and tasks/ can go); --now 2026-03-01T10:04:40Z shows what stood in its way then',
    );
    expect(stdout).not.toMatch(/alive|process/u);
    const report = JSON.parse(doctor('--now', ninetyDaysOn, '--json').stdout) as { warnings: number; teams: { idleSince: string }[] };
    expect(report.warnings).toBe(0);
    expect(report.teams[0]!.idleSince).toBe('2026-03-01T10:04:40.000Z');
    // Judged as of then, as the note says: the warnings it had, and exit 1.
    expect(doctor('--now', '2026-03-01T10:04:40Z').code).toBe(1);
  });

  it('says so over the diagnoses on the dashboard, and marks them as notes', () => {
    const { stdout } = runCli(['--once', '--dir', `${FIXTURES}/handshakes`, '--no-journal', '--now', ninetyDaysOn], { COLUMNS: '160' });
    expect(stdout).toContain(` Diagnoses  ${NOTE} · 4 notes`);
    expect(stdout).toMatch(/^ℹ stalled +bob, team-lead +90d/mu);
    // The header warns of nothing: not its diagnoses, nor its stalled handshakes.
    expect(stdout.split('\n')[0]).toMatch(/ {2}ℹ 4 diagnoses$/u);
    expect(stdout.split('\n')[0]).not.toContain('stalled');
    expect(stdout).not.toMatch(/^⚠ stalled +bob/mu);
  });
});

/**
 * Issue 24's check: each recording of the real client's failures, played to
 * its end with its timing into a journal, its team folder gone, and
 * `teamtop doctor --json` run on it as of the recording's end: what went wrong
 * during the run is there, as incidents, though the team has ended and nothing
 * is wrong with it now.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRecording, recordedRun } from '../../../harness/recording.mjs';
import { runCli } from '../../helpers/cli.js';
import { CAPTURES } from '../../helpers/fixtures.js';
import { writeJournal } from '../../helpers/recording-journal.js';

interface IncidentJson {
  readonly kind: string;
  readonly members: readonly string[];
  readonly raisedAt: string | null;
  readonly clearedAt: string | null;
  readonly cleared: string | null;
}

/** The kinds each recording shows as incidents, by their first member; the stall threshold when time alone made it wrong. */
const RECORDINGS: Readonly<Record<string, { readonly kinds: readonly string[]; readonly stallAfter?: number }>> = {
  // dave answers two shutdown requests only by going idle; the lead exits: cleared when the team ended.
  'cc-2.1.330-realcc-ignored-shutdown-in-process': { kinds: ['ignored-shutdown:dave'] },
  'cc-2.1.330-realcc-ignored-shutdown-tmux': { kinds: ['ignored-shutdown:dave'] },
  // bob approves a shutdown request with two messages from the lead unread: they went with him.
  'cc-2.1.330-realcc-lost-with-member-in-process': { kinds: ['to-departed:bob'] },
  // A task assigned to alise, on no roster: her inbox nobody reads, and the task left to nobody.
  'cc-2.1.330-realcc-misaddressed-in-process': { kinds: ['misaddressed:alise', 'orphaned-task:alise'] },
  'cc-2.1.330-realcc-misaddressed-tmux': { kinds: ['misaddressed:alise', 'orphaned-task:alise'] },
  'cc-2.1.330-realcc-orphaned-task-in-process': { kinds: ['orphaned-task:carol', 'task-unowned:bob'] },
  'cc-2.1.330-realcc-to-departed-in-process': { kinds: ['orphaned-task:bob', 'to-departed:bob'] },
  'cc-2.1.330-realcc-to-departed-tmux': { kinds: ['orphaned-task:bob', 'to-departed:bob'] },
  'cc-2.1.330-realcc-zombie-in-process': { kinds: ['zombie:bob'] },
  'cc-2.1.330-realcc-started-while-blocked-in-process': { kinds: ['started-while-blocked:carol'] },
  'cc-2.1.330-realcc-plan-in-process': { kinds: ['contradicting-answers:carol'] },
  'cc-2.1.330-realcc-plan-tmux': { kinds: ['contradicting-answers:carol'] },
  'cc-2.1.330-realcc-unread-pileup-in-process': { kinds: ['unread-pileup:alice'], stallAfter: 20 },
  'cc-2.1.330-realcc-stalled-in-process': { kinds: ['stalled:bob', 'task-unowned:bob'], stallAfter: 20 },
  'cc-2.1.330-realcc-stale-request-in-process': { kinds: [] },
  'cc-2.1.330-realcc-team-in-process': { kinds: [] },
  'cc-2.1.330-realcc-team-tmux': { kinds: [] },
};

/**
 * A recording played into a journal in a scratch folder (removed when the test ends), beside a
 * config dir as the client left it: the team's folder gone. `end`: the recording's last instant.
 */
function journaled(name: string, onTestFinished: (cleanup: () => void) => void) {
  const recording = loadRecording(join(CAPTURES, name));
  const { team } = recordedRun(recording);
  const scratch = mkdtempSync(join(tmpdir(), 'teamtop-incidents-'));
  onTestFinished(() => rmSync(scratch, { recursive: true, force: true }));
  const claudeDir = join(scratch, 'claude');
  const stateDir = join(scratch, 'state');
  mkdirSync(claudeDir);
  const end = writeJournal(recording, team, stateDir, claudeDir);
  return { team, scratch, claudeDir, stateDir, end };
}

describe.concurrent('doctor on a recorded run once its team has ended lists what went wrong during it', () => {
  for (const [name, { kinds, stallAfter }] of Object.entries(RECORDINGS)) {
    it(name, ({ onTestFinished }) => {
      const { team, claudeDir, stateDir, end } = journaled(name, onTestFinished);
      const stall = stallAfter === undefined ? [] : ['--stall-after', String(stallAfter)];
      const args = ['doctor', '--dir', claudeDir, '--state-dir', stateDir, '--team', team, '--now', new Date(end).toISOString(), ...stall];
      const result = runCli([...args, '--json']);
      expect(result.stderr).toBe('');
      const report = JSON.parse(result.stdout) as { teams: { name: string; ended: boolean; incidents: IncidentJson[] }[] };
      const [judged] = report.teams;
      expect(judged).toMatchObject({ name: team, ended: true });
      const incidents = judged!.incidents;
      expect(incidents.map((incident) => `${incident.kind}:${incident.members[0]}`).sort()).toEqual([...kinds].sort());
      // Oldest first, each raised during the run and, if it cleared, after it was raised, with why.
      const raised = incidents.map((incident) => Date.parse(incident.raisedAt!));
      expect(raised).toEqual([...raised].sort((a, b) => a - b));
      for (const incident of incidents) {
        expect(Date.parse(incident.raisedAt!)).toBeLessThanOrEqual(end + 5_000);
        if (incident.clearedAt !== null) {
          expect(Date.parse(incident.clearedAt)).toBeGreaterThanOrEqual(Date.parse(incident.raisedAt!));
          expect(incident.cleared).toMatch(/\w/u);
        }
      }
      // In text: under "during the run".
      const text = runCli(args).stdout;
      if (kinds.length > 0) expect(text).toMatch(/during the run \(\d+ incidents?\):/u);
      else expect(text).toBe(`✓ ${team} (ended): nothing wrong\n`);
    });
  }
});

describe('an exported run carries its incidents', () => {
  it('replay --json and report --json of the export give the incidents doctor gives of the journal', ({ onTestFinished }) => {
    const { team, scratch, claudeDir, stateDir, end } = journaled('cc-2.1.330-realcc-ignored-shutdown-tmux', onTestFinished);
    const now = new Date(end).toISOString();
    const where = ['--dir', claudeDir, '--state-dir', stateDir];
    const file = join(scratch, 'run.jsonl');
    expect(runCli(['export', '--team', team, '--out', file, ...where]).code).toBe(0);
    type Team = { name: string; incidents: IncidentJson[] };
    const doctor = (JSON.parse(runCli(['doctor', '--json', '--now', now, ...where]).stdout) as { teams: Team[] }).teams[0]!;
    expect(doctor.incidents.map((incident) => incident.kind)).toEqual(['ignored-shutdown']);
    // Elsewhere, with the file alone: another config dir, no journal of its own.
    const elsewhere = ['--dir', join(scratch, 'other'), '--state-dir', join(scratch, 'other-state')];
    const replayed = JSON.parse(runCli(['replay', file, '--json', '--now', now, ...elsewhere]).stdout) as { teams: Team[] };
    expect(replayed.teams.find((one) => one.name === team)!.incidents).toEqual(doctor.incidents);
    const report = JSON.parse(runCli(['report', file, '--json', '--now', now, ...elsewhere]).stdout) as { incidents: IncidentJson[] };
    // The report draws on the files' clock: the recording's, a few milliseconds behind what teamtop saw.
    expect(report.incidents.map(({ kind, cleared }) => ({ kind, cleared }))).toEqual(
      doctor.incidents.map(({ kind, cleared }) => ({ kind, cleared })),
    );
    report.incidents.forEach((incident, i) => {
      expect(Math.abs(Date.parse(incident.raisedAt!) - Date.parse(doctor.incidents[i]!.raisedAt!))).toBeLessThan(1000);
      expect(Math.abs(Date.parse(incident.clearedAt!) - Date.parse(doctor.incidents[i]!.clearedAt!))).toBeLessThan(1000);
    });
  });
});

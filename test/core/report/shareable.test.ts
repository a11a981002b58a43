/**
 * What a report holds is made to leave the machine: no tool's input, result
 * or transcript text in any of its forms (text, `--json`, `--html`), nor in
 * `doctor`'s, and the same report live and from an export of the run. A key
 * planted in the commands of two members' calls (one waiting for a
 * permission nobody gave, one hung) is looked for everywhere.
 */
import { stalling } from '../../helpers/thresholds.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectDiagnoses } from '../../../src/core/judge/diagnose.js';
import { runCli } from '../../helpers/cli.js';
import { tempDir } from '../../helpers/fixtures.js';
import { watchRecorded } from '../../helpers/live.js';
import { TeamFiles } from '../../helpers/team-files.js';
import { TranscriptFiles } from '../../helpers/transcript-files.js';
import { waitFor } from '../../helpers/wait.js';

const KEY = 'sk-ant-PLANTED0123456789abcdef';

describe('a report holds no tool input', () => {
  let files: TeamFiles;
  let state: string;
  /** Both calls are past their thresholds by then. */
  let now: string;
  const live = (...args: string[]) => runCli(['report', '--dir', files.dir, '--state-dir', state, '--now', now, ...args]);

  beforeAll(async () => {
    files = new TeamFiles(mkdtempSync(join(tmpdir(), 'teamtop-shareable-')));
    state = mkdtempSync(join(tmpdir(), 'teamtop-shareable-state-'));
    files.config([files.teammate('alice'), files.teammate('bob', { backend: 'tmux', color: 'green' })]);
    const transcripts = new TranscriptFiles(files);
    transcripts.lead().prompt('Ship it with alice and bob', 1);
    const alice = transcripts.inProcess('alice');
    alice.prompt('You are alice.', 2);
    alice.toolUse('toolu_wait', 'Bash', { command: `curl -H "x-api-key: ${KEY}" https://example.test` }, 5);
    transcripts.sessionState('waiting', 6, 'permission prompt');
    const bob = transcripts.tmux('bob');
    bob.mail('team-lead', 'You are bob.', 2);
    for (const [i, at] of [3, 5, 7].entries()) {
      bob.toolUse(`toolu_${i}`, 'Bash', { command: 'npm run lint' }, at);
      bob.toolResult(`toolu_${i}`, at + 1);
    }
    bob.toolUse('toolu_hung', 'Bash', { command: `deploy --token=${KEY}` }, 10);
    now = files.iso(600);
    // A dashboard journals the run as it goes, for the export.
    const dashboard = await watchRecorded(files.dir, { stateDir: state, write: true, maxBytes: 1e9 });
    await waitFor(
      () => {
        const team = dashboard.store.getState().teams.get(files.team);
        const kinds = selectDiagnoses(team!, files.at(600), stalling(60_000, 120_000)).diagnoses.map((diagnosis) => diagnosis.kind);
        expect(kinds).toEqual(expect.arrayContaining(['permission-waiting', 'hung-tool']));
      },
      { timeout: 20_000 },
    );
    dashboard.stop();
  }, 60_000);

  afterAll(() => {
    for (const made of [files.dir, state]) rmSync(made, { recursive: true, force: true });
  });

  it('quotes no command in the text, the JSON or the HTML page, nor in doctor', () => {
    for (const args of [[], ['--json'], ['--html', '-']]) {
      const { code, stdout } = live(...args);
      expect(code).toBe(0);
      expect(stdout).not.toContain('PLANTED');
    }
    for (const args of [[], ['--json']]) {
      const doctor = runCli(['doctor', '--dir', files.dir, '--state-dir', state, '--now', now, ...args]);
      // The diagnoses are said, by the tool's name only.
      expect(doctor.stdout).toContain('permission-waiting');
      expect(doctor.stdout).toContain('waits for a permission nobody gave: Bash');
      expect(doctor.stdout).not.toContain('PLANTED');
    }
  });

  it('is the same report live and from an export of the run', () => {
    const out = join(tempDir(), 'run.jsonl');
    expect(runCli(['export', '--team', files.team, '--out', out, '--dir', files.dir, '--state-dir', state]).code).toBe(0);
    // Nor does the journal it came from: the calls are named by their tool only.
    expect(readFileSync(out, 'utf8')).toContain('"tool":"Bash"');
    expect(readFileSync(out, 'utf8')).not.toContain('PLANTED');
    const exported = runCli(['report', out, '--json', '--now', now, '--dir', tempDir(), '--state-dir', tempDir()]);
    expect(exported.stderr).toBe('');
    const made = JSON.parse(live('--json').stdout) as { incidents: unknown[]; members: { usage: unknown }[] };
    expect(JSON.parse(exported.stdout)).toEqual(made);
  });
});

/**
 * `--budget` (dollars, or `budget` in the config): a team that has spent 80%
 * of it has a note, past all of it a warning, naming the member that spent
 * most; the built CLI judges it from the members' transcripts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { TeamFiles } from '../helpers/team-files.js';
import { TranscriptFiles } from '../helpers/transcript-files.js';

interface Doctor {
  readonly teams: readonly { readonly diagnoses: readonly { kind: string; severity: string; summary: string; members: string[] }[] }[];
}

function team() {
  const files = new TeamFiles(tempDir(), Date.now() - 60_000);
  files.config([files.teammate('alice'), files.teammate('bob', { backend: 'tmux', color: 'green' })]);
  const transcripts = new TranscriptFiles(files);
  transcripts.lead().prompt('Build the parser with alice and bob', 1);
  transcripts.inProcess('alice').text('Reading.', 3, { usage: { input: 100_000 } });
  const bob = transcripts.tmux('bob');
  bob.mail('team-lead', 'You are bob.', 2);
  bob.text('Reading more.', 4, { usage: { input: 900_000 } });
  return files;
}

const env = () => ({ XDG_CONFIG_HOME: tempDir() });

function budgetDiagnoses(args: readonly string[], environment: Record<string, string> = env()) {
  const result = runCli(['doctor', '--no-journal', '--json', ...args], environment);
  return (JSON.parse(result.stdout) as Doctor).teams.flatMap((entry) => entry.diagnoses).filter((d) => d.kind === 'over-budget');
}

describe('--budget', () => {
  it('is a note from 80% of it, a warning past it, naming who spent most', () => {
    const files = team();
    const json = JSON.parse(runCli(['--json', '--dir', files.dir, '--no-journal'], env()).stdout) as {
      teams: { usage: { costUSD: number } }[];
    };
    const spent = json.teams[0]!.usage.costUSD;
    expect(spent).toBeGreaterThan(0);
    expect(budgetDiagnoses(['--dir', files.dir])).toEqual([]);
    expect(budgetDiagnoses(['--dir', files.dir, '--budget', String(spent * 2)])).toEqual([]);
    expect(budgetDiagnoses(['--dir', files.dir, '--budget', String(spent / 0.9)])).toMatchObject([
      { severity: 'info', members: ['bob'], summary: expect.stringMatching(/spent 80% of its \$[\d.]+ budget, most of it by bob$/u) },
    ]);
    const over = runCli(['doctor', '--dir', files.dir, '--no-journal', '--budget', String(spent / 2)], env());
    // A warning: doctor exits 1.
    expect(over.code).toBe(1);
    expect(over.stdout).toMatch(/over-budget.*the team has spent all of its \$[\d.]+ budget, most of it by bob/su);
  });

  it('comes from the config file too, the flag over it', () => {
    const files = team();
    const config = tempDir();
    mkdirSync(join(config, 'teamtop'));
    writeFileSync(join(config, 'teamtop', 'config.toml'), 'budget = 0.000001\n');
    expect(budgetDiagnoses(['--dir', files.dir], { XDG_CONFIG_HOME: config })).toMatchObject([{ severity: 'warning' }]);
    expect(budgetDiagnoses(['--dir', files.dir, '--budget', '100000'], { XDG_CONFIG_HOME: config })).toEqual([]);
  });

  it('is refused when it is not above 0, as a usage error', () => {
    const result = runCli(['doctor', '--budget', '0'], env());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("option '--budget <dollars>' argument '0' is invalid");
  });
});

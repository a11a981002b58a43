/**
 * The dashboard's options written before a command (`teamtop --dir D doctor`):
 * the command takes them as if written after it, or the line is refused with
 * exit 2. They were parsed as the dashboard's and dropped: `doctor` checked
 * ~/.claude and exited 0, which a CI job would take for a pass.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { CAPTURES, FIXTURES, tempDir } from '../helpers/fixtures.js';

const HIVE = join(CAPTURES, 'cc-2026-02-hive-analysis');
const HANDSHAKES = join(FIXTURES, 'handshakes');

/** teamtop with a home of its own: the default config dir (~/.claude) is empty, so only a --dir taken finds a team. */
function run(args: readonly string[]) {
  return runCli([...args, '--no-journal'], { HOME: tempDir(), CLAUDE_CONFIG_DIR: undefined });
}

describe('options before a command', () => {
  it('--dir D doctor checks D', () => {
    const result = run(['--dir', HIVE, 'doctor']);
    expect(result.stdout).toContain('✓ webui-migration');
    expect(result.stdout).toContain('in 3 teams');
    expect(result.stderr).toBe('');
  });

  it('--now T doctor --dir D judges as of T', () => {
    // As of 10:05 two handshakes have waited minutes: warnings, exit 1. As of today the team is idle: notes, exit 0.
    const result = run(['--now', '2026-03-01T10:05:00Z', 'doctor', '--dir', HANDSHAKES]);
    expect(result.stdout).toContain('since 10:00:20 (4m40s ago)');
    expect(result.code).toBe(1);
  });

  it('--team nosuch doctor exits 2 and lists the teams', () => {
    const result = run(['--team', 'nosuch', 'doctor', '--dir', HIVE]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no team named "nosuch"');
    expect(result.stderr).toContain('3 teams there: humble-chasing-goose, moonlit-chasing-meerkat, webui-migration');
  });

  it('--dir D report reports a team of D', () => {
    const result = run(['--dir', HIVE, 'report']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('teamtop report · webui-migration (running)');
  });

  it('the one written after the command wins, as a repeated option does', () => {
    const result = run(['--dir', tempDir(), 'doctor', '--dir', HIVE]);
    expect(result.stdout).toContain('in 3 teams');
  });

  it('refuses, with exit 2, an option the command does not take', () => {
    expect(run(['--bell', 'doctor', '--dir', HIVE])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'teamtop: --bell is an option of the dashboard (teamtop with no command), not of doctor (see teamtop doctor --help)\n',
    });
    expect(run(['--once', 'report', '--dir', HIVE]).code).toBe(2);
  });
});

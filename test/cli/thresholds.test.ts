/**
 * `--stall-after` and `--quiet-after`: every value they take works, however
 * far away it puts a threshold, and a value they cannot honour is a usage error.
 */
import { describe, expect, it } from 'vitest';
import { followUntil, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { TeamFiles } from '../helpers/team-files.js';

describe('thresholds', () => {
  it('waits for a threshold weeks away without a timer that overflows', async () => {
    // A request made as the test runs: its stall is 25.5 days away, past what one timer can wait (2^31 ms).
    const files = new TeamFiles(tempDir(), Date.now());
    files.config([files.teammate('bob')]);
    files.send('bob', 'team-lead', files.shutdownRequest('bob', 0), 0);
    // Running on a while is the point: a timer that overflows fires every millisecond, and warns each time.
    const follower = await followUntil(
      ['--follow', '--json', '--no-journal', '--dir', files.dir, '--stall-after', '2200000'],
      (stdout) => expect(stdout).toContain('"event":"ready"'),
      { lingerMs: 1000 },
    );
    expect(follower.stdout).toContain('"event":"ready"');
    expect(follower.stderr).not.toContain('TimeoutOverflowWarning');
    expect(follower.stderr).toBe('');
  });

  it('refuses, as a usage error, a threshold past any that can be reached', () => {
    const dir = tempDir();
    for (const args of [
      ['--json', '--stall-after', '1e10'],
      ['--once', '--quiet-after', '1e300'],
      ['doctor', '--stall-after', '1e12'],
    ]) {
      const result = runCli([...args, '--dir', dir, '--no-journal']);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(
        /^teamtop: option '--(stall|quiet)-after <seconds>' argument '.+' is invalid\. expected at most 1000000000 seconds/u,
      );
    }
    // The longest one it takes works.
    expect(runCli(['--json', '--stall-after', '1e9', '--dir', dir, '--no-journal']).code).toBe(0);
  });
});

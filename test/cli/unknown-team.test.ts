/**
 * `--team` naming a team that is not there: the same usage error in every mode,
 * listing the teams there are and the one probably meant.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { CAPTURES, tempDir } from '../helpers/fixtures.js';
import { Terminal } from '../helpers/pty.js';

const HIVE = join(CAPTURES, 'cc-2026-02-hive-analysis');
const SAID =
  `teamtop: no team named "webui" in ${HIVE} (did you mean "webui-migration"?); ` +
  '3 teams there: humble-chasing-goose, moonlit-chasing-meerkat, webui-migration\n';

describe('a --team that is not there', () => {
  it('is a usage error, exit 2, naming the teams there are, for --once, --json and doctor', () => {
    for (const mode of [['--once'], ['--json'], ['doctor']]) {
      expect(runCli([...mode, '--dir', HIVE, '--team', 'webui', '--no-journal']), mode[0]).toEqual({ code: 2, stdout: '', stderr: SAID });
    }
    // A near miss is meant too; an empty dir has no team to offer.
    expect(runCli(['--json', '--dir', HIVE, '--team', 'moonlit-chasing-meerkot', '--no-journal']).stderr).toContain(
      '(did you mean "moonlit-chasing-meerkat"?)',
    );
    const empty = tempDir();
    expect(runCli(['--json', '--dir', empty, '--team', 'webui', '--no-journal']).stderr).toBe(
      `teamtop: no team named "webui" in ${empty}: it has no teams\n`,
    );
  });

  it('is the same usage error in the live dashboard, said before anything is drawn', async () => {
    const term = new Terminal({ args: ['--dir', HIVE, '--team', 'webui', '--no-journal'], cols: 200, rows: 10 });
    expect(await term.exitWithin(10_000, 'starting on a team that is not there')).toBe(2);
    await term.waitForText('(did you mean "webui-migration"?); 3 teams there:');
    expect(term.onAlternateScreen()).toBe(false);
  });
});

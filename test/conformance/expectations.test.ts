/**
 * What each scenario expects of teamtop (`scenario.teamtop` in
 * conformance/scenarios/*.mjs, issue 35), held to its recording of the real
 * 2.1.332: `teamtop --json` and `doctor --json` of the tree the run left (as
 * run.mjs reads it, as it keeps the tree). The recording's processes are made
 * this machine's (test/helpers/recordings-332.ts): a member the scenario
 * killed is dead; every other process, long gone here, ran when the tree was
 * kept, which a recording cannot say: those scenarios are read as of no
 * machine (unknown). What is judged on the live events (`live:`) is the live
 * run's (`npm run conformance`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readClientRecords } from '../../conformance/client-records.mjs';
import { runCli } from '../helpers/cli.js';
import { copy332, RECORDING_332 } from '../helpers/recordings-332.js';

const SCENARIOS = join(import.meta.dirname, '..', '..', 'conformance', 'scenarios');

interface Expectation {
  readonly says: string;
  readonly issue?: number;
  readonly pending?: boolean;
  readonly modes?: readonly string[];
  readonly check: (facts: Record<string, unknown>) => unknown;
}

const RUNS = [
  ['member-killed', 'tmux', true],
  ['killed-idle', 'tmux', true],
  ['api-errors', 'in-process', false],
  ['subagents', 'in-process', false],
  ['subagents', 'tmux', false],
  ['compaction', 'in-process', false],
  ['refused-permission', 'in-process', false],
  ['refused-permission', 'tmux', false],
] as const;

describe("the scenarios' expectations of teamtop, on their recordings", () => {
  for (const [scenario, mode, killed] of RUNS) {
    it(`${scenario}, ${mode}`, async () => {
      const { scenario: module } = (await import(pathToFileURL(join(SCENARIOS, `${scenario}.mjs`)).href)) as {
        scenario: { teamtop?: readonly Expectation[] };
      };
      const expectations = (module.teamtop ?? []).filter(
        (expectation) => (expectation.modes ?? [mode]).includes(mode) && !expectation.says.startsWith('live:'),
      );
      expect(expectations.length).toBeGreaterThan(0);
      const root = RECORDING_332(`${scenario}-${mode}`);
      expect(existsSync(root)).toBe(true);
      const tree = copy332(`${scenario}-${mode}`, { here: killed });
      const json = JSON.parse(runCli(['--json', '--no-journal', '--dir', tree]).stdout) as unknown;
      const doctor = JSON.parse(runCli(['doctor', '--json', '--no-journal', '--dir', tree]).stdout) as unknown;
      const facts = { json, doctor, records: readClientRecords(root), events: [] };
      for (const expectation of expectations) {
        // None is pending any more: issue 35 is what they asked for.
        expect(expectation.pending ?? false, expectation.says).toBe(false);
        expect(expectation.check(facts), expectation.says).toBe(true);
      }
    });
  }
});

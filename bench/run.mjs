#!/usr/bin/env node
// teamtop's benchmark: the built CLI in a pseudo-terminal, as a user runs it,
// watching temp config dirs this script writes to. Prints a table and writes
// bench/results.json. Figures are medians of several runs with min and max;
// machine-dependent timings also come as a ratio to a baseline measured in the
// same run. Each phase is a file in bench/phases/; bench/context.mjs is what
// they share, harness/ what the benchmark shares with the conformance runner.
//
//   npm run bench                 the full run
//   npm run bench -- --quick      a short run (CI uses it to prove the benchmark works)
//   npm run bench -- --soak       adds the 10-minute memory soak
//   npm run bench -- --only cpu,young-idle   only the phases named (see PHASES), for working on one
//   npm run bench -- --compare-node PATH     start-up, key press, CPU per message and idle
//                                            again on another Node, beside this one's (compare.mjs;
//                                            by default Node 24 where .ci/run installs it, if there)
//   npm run bench -- --compare-cli PATH --compare-node none
//                                            the same phases again with another build's dist/cli.js
//                                            (a change measured before and after, in one run)
//
// BENCH_NODE_FLAGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) is added to the
// Node flags of every teamtop the benchmark starts: a profile of the phase measured.
// BENCH_NODE (the path of a `node` binary) runs every process the benchmark
// starts, the baselines too, on that Node (`BENCH_NODE=…/node npm run bench`).
// BENCH_SCREEN=1 waits for what a phase waits for on a headless xterm's screen,
// not in the bytes written (for a renderer that rewrites part of a line; not
// for the phases that wait for an escape sequence: huge, long-messages).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CLI, NODE, runCli, runOnNode } from '../harness/pty.mjs';
import { comparisonRows, COMPARED, nodeVersion, otherCli, otherNode } from './compare.mjs';
import { fmt, log, ONLY, printTable, QUICK, repeat, root, RUNS, SOAK, startTeamtop, temp } from './context.mjs';
import { bigPhase } from './phases/big.mjs';
import { burstPhase, cpuPhase } from './phases/burst.mjs';
import { capturePhase, replayPhase } from './phases/capture.mjs';
import { historyPhases } from './phases/history.mjs';
import { hugePhase, longMessagePhase } from './phases/huge.mjs';
import { hugeRecordPhase } from './phases/huge-record.mjs';
import { idlePhase, soakPhase, youngIdlePhase } from './phases/idle.mjs';
import { crowdIdlePhase } from './phases/misaddressed.mjs';
import { firstMessagePhase, typicalPhase, writePathsPhase } from './phases/latency.mjs';
import { mailUnderLoadPhase } from './phases/mail-under-load.mjs';
import { serveCpuPhase, serveScrapePhase } from './phases/serve.mjs';
import { scalePhase } from './phases/scale.mjs';
import { startupPhase } from './phases/startup.mjs';
import { transcriptPhase } from './phases/transcript.mjs';
import { transcriptLoadPhase } from './phases/transcript-load.mjs';
import { livenessPhase } from './phases/liveness.mjs';
import { subagentsPhase } from './phases/subagents.mjs';

/**
 * Every phase, in the order of a full run and of the table: what each runs,
 * its figures across runs (in results.json, under its name) and its rows.
 */
const PHASES = {
  startup: startupPhase,
  typical: typicalPhase,
  'write-paths': writePathsPhase,
  'first-message': firstMessagePhase,
  big: bigPhase,
  capture: capturePhase,
  replay: replayPhase,
  burst: burstPhase,
  cpu: cpuPhase,
  idle: idlePhase,
  'young-idle': youngIdlePhase,
  'crowd-idle': crowdIdlePhase,
  scale: scalePhase,
  soak: soakPhase,
  ...historyPhases({ temp, startTeamtop, quick: QUICK }),
  transcript: transcriptPhase,
  'transcript-load': transcriptLoadPhase,
  'mail-under-load': mailUnderLoadPhase,
  subagents: subagentsPhase,
  liveness: livenessPhase,
  'huge-record': hugeRecordPhase,
  huge: hugePhase,
  'long-messages': longMessagePhase,
  'serve-cpu': serveCpuPhase,
  'serve-scrape': serveScrapePhase,
};

async function runPhase(name, on = '') {
  const phase = PHASES[name];
  return phase.summary(await repeat(`${phase.label}${on}`, phase.run, phase.runs));
}

async function main() {
  const unknown = (ONLY ?? []).filter((name) => !(name in PHASES));
  if (unknown.length > 0) throw new Error(`--only: no phase ${unknown.join(', ')} (phases: ${Object.keys(PHASES).join(', ')})`);
  const names = ONLY ?? Object.keys(PHASES).filter((name) => SOAK || !PHASES[name].onlyWhenAsked);
  const started = performance.now();
  const otherBuild = otherCli(process.argv);
  const base = { path: NODE, version: nodeVersion(NODE), cli: CLI };
  const other = otherNode(process.argv) ?? (otherBuild && { ...base });
  if (other) other.cli = otherBuild ?? CLI;
  /** How the comparison names each side: its Node, or its build when the builds differ. */
  const side = (s) => (other.cli === base.cli ? `Node ${s.version}` : s.cli === base.cli ? 'this build' : s.cli);
  log(`teamtop benchmark${QUICK ? ' (quick)' : ''}: ${CLI} on ${NODE}, ${RUNS} runs of each phase`);
  if (other) log(`and ${other.cli} on ${other.path} (${other.version}): ${Object.keys(COMPARED).join(', ')}`);
  const figures = {};
  const otherFigures = {};
  for (const name of names) {
    figures[name] = await runPhase(name);
    if (ONLY) log(JSON.stringify({ [name]: figures[name] }));
    if (other && name in COMPARED) {
      runOnNode(other.path);
      runCli(other.cli);
      otherFigures[name] = await runPhase(name, ` on ${side(other)}`);
      runOnNode(base.path);
      runCli(base.cli);
    }
  }
  printTable(names.flatMap((name) => PHASES[name].rows(figures[name])));
  if (other && Object.keys(otherFigures).length > 0) {
    process.stdout.write(`\n${side(other)} beside ${side(base)}, same run (median (min–max) of ${RUNS} runs):\n`);
    printTable(comparisonRows(figures, otherFigures), ['figure', side(base), side(other), `× ${side(base)}`]);
  }
  // --only leaves results.json as the last full run wrote it.
  if (!ONLY) {
    const seconds = (performance.now() - started) / 1000;
    const results = {
      date: new Date().toISOString(),
      quick: QUICK,
      runs: RUNS,
      node: base.version,
      note: 'Each figure: { median, min, max } over the runs (p95 is the 95th percentile within a run). Times in ms, CPU in s, memory in MB.',
      phases: figures,
      ...(other && { compared: { node: other.version, cli: other.cli, phases: otherFigures } }),
      seconds,
    };
    writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(`\nbench/results.json written (${fmt(seconds, 0)} s)\n`);
  }
  process.exit(0);
}

main().catch((error) => {
  log(`benchmark failed: ${error.stack ?? error}`);
  process.exit(1);
});

#!/usr/bin/env node
// Whether the members' processes run (issue 35): the CPU the process watch
// (src/io/watch/transcripts/processes.ts) costs looking at five running
// processes every 2 s, as a dashboard does, per 10 s; against, in the same
// run, the same number of the cheapest read there is of the same files
// (`/proc/<pid>/stat` read and nothing done with it).
//
//   node bench/phases/liveness.mjs            the table (3 runs)
//   node bench/phases/liveness.mjs --quick    one run
//
// The watch is bundled from src/ with esbuild (nothing needs dist/), and
// measured in a Node started with the bin's own flags, as users run it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stats } from '../../harness/stats.mjs';
import { phaseMain, runInChild } from '../in-child.mjs';
import { fmt, spread } from '../context.mjs';

/** Members, and the checks a dashboard makes of them in 10 s (one every CHECK_EVERY_MS). */
const MEMBERS = 5;
const CHECKS_PER_10_S = 5;
/** Each figure is measured for at least this much CPU time. */
const MEASURE_MS = 300;

/** CPU µs per call of `fn`, over at least MEASURE_MS of CPU. */
function cpuPerCall(fn) {
  for (let i = 0; i < 20; i++) fn();
  let calls = 0;
  const start = process.cpuUsage();
  let spent = 0;
  while (spent < MEASURE_MS * 1000) {
    for (let i = 0; i < 10; i++) fn();
    calls += 10;
    const used = process.cpuUsage(start);
    spent = used.user + used.system;
  }
  return spent / calls;
}

const machineId = () => readFileSync('/etc/machine-id', 'utf8').trim();
const procStart = (pid) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};

/** One run, in the child started with the bin's flags: µs per check of five processes, and per baseline read. */
async function measure(modulePath) {
  const { ProcessWatch } = await import(pathToFileURL(modulePath).href);
  const dir = mkdtempSync(join(tmpdir(), 'teamtop-bench-liveness-'));
  const children = Array.from({ length: MEMBERS }, (_, n) =>
    spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', '--agent-id', `member${n}@bench`], { stdio: 'ignore' }),
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, 200));
    mkdirSync(join(dir, 'sessions'));
    const domain = `linux:${machineId()}:${readlinkSync('/proc/self/ns/pid')}`;
    const watch = new ProcessWatch(dir, () => undefined, Date.now);
    watch.setTeams(['bench']);
    for (const child of children) {
      const name = `${child.pid}.${'ab'.repeat(32)}.key`;
      writeFileSync(join(dir, 'sessions', name), JSON.stringify({ peerToken: 'x', procStart: procStart(child.pid), pidDomain: domain }));
      watch.key(`sessions/${name}`);
    }
    const check = cpuPerCall(() => watch.check());
    const pids = children.map((child) => child.pid);
    const reads = cpuPerCall(() => {
      for (const pid of pids) readFileSync(`/proc/${pid}/stat`);
    });
    return { check, reads };
  } finally {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

const SOURCES = { 'src/io/watch/transcripts/processes.ts': ['ProcessWatch'] };

const runOnce = () => runInChild(import.meta.url, SOURCES);

export const livenessPhase = {
  label: `liveness: CPU of looking at ${MEMBERS} members' processes every 2 s`,
  run: runOnce,
  summary: (runs) => ({
    // Seconds of CPU per 10 s of a dashboard's checks.
    per10s: stats(runs.map((r) => (r.check * CHECKS_PER_10_S) / 1e6)),
    check: stats(runs.map((r) => r.check)),
    reads: stats(runs.map((r) => r.reads)),
  }),
  rows: (t) => [
    [
      `liveness: CPU per 10 s, ${MEMBERS} members (s)`,
      spread(t.per10s, 6),
      `${CHECKS_PER_10_S} checks of ${spread(t.check, 1)} µs; ${MEMBERS} reads of /proc/<pid>/stat alone ${spread(t.reads, 1)} µs: ×${fmt(t.check.median / t.reads.median, 2)}`,
      '≤ 0.01',
    ],
  ],
};

await phaseMain(import.meta.url, livenessPhase, measure);

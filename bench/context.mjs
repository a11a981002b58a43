// What every phase of the benchmark shares: the command line, a scratch folder,
// the dashboard started as a user runs it, the teams it watches, and the table.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliArgs, Pty } from '../harness/pty.mjs';
import { stats } from '../harness/stats.mjs';
import { makeTeam } from './fixtures.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
export const QUICK = argv.includes('--quick');
export const SOAK = argv.includes('--soak');
export const ONLY = argv.includes('--only') ? argv[argv.indexOf('--only') + 1].split(',') : undefined;
/** Each phase runs this many times; a figure is the median of its runs, with min and max. */
export const RUNS = QUICK ? 2 : 3;
/** A fixed clock for the dashboard where ticking ages would add frames that are not the ones measured. */
export const FIXED_NOW = '2026-11-02T00:00:00Z';
/** The issue's measure for CPU: a team of five on a 160x48 terminal. */
export const WIDE = { cols: 160, rows: 48 };

const scratch = mkdtempSync(join(tmpdir(), 'teamtop-bench-'));
export const temp = (name) => mkdtempSync(join(scratch, `${name}-`));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

export const log = (text) => process.stderr.write(`${text}\n`);

/**
 * The dashboard as a user runs it: journal on (in a scratch state dir), unless
 * `extra` says otherwise. BENCH_NODE_FLAGS (e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof`) is added to its Node flags.
 */
export async function startTeamtop(dir, extra = [], size = { cols: 120, rows: 40 }) {
  const state = extra.includes('--state-dir') || extra.includes('--no-journal') ? [] : ['--state-dir', temp('state')];
  const flags = process.env['BENCH_NODE_FLAGS']?.split(/\s+/u).filter(Boolean) ?? [];
  return new Pty([...flags, ...cliArgs('--dir', dir, ...state, ...extra)], size);
}

/** Three teams of five, 50 messages and 10 tasks each: the one shown at start is the most recently active. */
export function typicalDir() {
  const dir = temp('typical');
  makeTeam(dir, 'alpha', { members: 5, messages: 50, tasks: 10, start: Date.parse('2026-11-01T08:00:00Z') });
  makeTeam(dir, 'beta', { members: 5, messages: 50, tasks: 10, start: Date.parse('2026-11-01T09:00:00Z') });
  const names = makeTeam(dir, 'gamma', { members: 5, messages: 50, tasks: 10, start: Date.parse('2026-11-01T10:00:00Z') });
  return { dir, team: 'gamma', names, marker: names[4] };
}

/** `run` done `runs` times, each said on stderr: its results. */
export async function repeat(label, run, runs = RUNS) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    log(`${label}${runs > 1 ? ` (run ${i + 1}/${runs})` : ''}`);
    results.push(await run(i));
  }
  return results;
}

export const fmt = (value, digits = 1) => (value === undefined || Number.isNaN(value) ? '—' : Number(value).toFixed(digits));
/** A figure across runs: its median, with min and max when the runs differ. */
export const spread = (s, digits = 1, unit = '') =>
  s.min === s.max ? `${fmt(s.median, digits)}${unit}` : `${fmt(s.median, digits)}${unit} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;
/** Each run's value of `pick`, summarised. */
export const across = (runs, pick) => stats(runs.map(pick));
/** p50 / p95 across runs. */
export const pair = (x) => `${spread(x.p50)} / ${spread(x.p95)}`;
/** A ratio of two medians. */
export const ratio = (a, base) => fmt(a.median / base.median, 2);
/** p50 and p95 of one run's values. */
export function percentiles(values) {
  const { median, p95 } = stats(values);
  return { p50: median, p95 };
}

export function printTable(rows) {
  const headings = ['figure', `measured: median (min–max) of ${RUNS} runs`, 'baseline, same run', 'target'];
  const widths = headings.map((heading, c) => Math.max(heading.length, ...rows.map((row) => row[c].length)));
  const line = (cells) => `| ${cells.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  process.stdout.write(`${line(headings)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
}

#!/usr/bin/env node
// Reading a member's own subagents' transcripts (issue 35): the CPU per
// transcript record of reading a team whose teammate started subagents, all
// its transcripts read, against the same team read as before issue 35 in the
// same run (the subagents' metas saying nothing teamtop reads: their
// transcripts are left alone). Per record, reading the subagents must cost no
// more than 1.2 times what the others cost: nothing of theirs is read twice,
// nothing else of the team's is read again for them.
//
// The records are the real 2.1.332's (test-fixtures/captures/
// cc-2.1.332-realcc-subagents-in-process): the lead's, alice's (in process) and
// her subagent's transcripts, each written REPEAT times over, in SUBAGENTS
// subagent transcripts.
//
//   node bench/phases/subagents.mjs            the table (3 runs)
//   node bench/phases/subagents.mjs --quick    one run
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stats } from '../../harness/stats.mjs';
import { phaseMain, runInChild } from '../in-child.mjs';
import { fmt, spread } from '../context.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RECORDING = join(root, 'test-fixtures', 'captures', 'cc-2.1.332-realcc-subagents-in-process', 'final_before_exit');
/** How many times each transcript's records are written over, and how many subagents alice started. */
const REPEAT = 40;
const SUBAGENTS = 8;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** The recording's claude dir with every transcript REPEAT times as long, and alice's subagent SUBAGENTS times over. */
function teamDir(readSubagents) {
  const dir = mkdtempSync(join(tmpdir(), 'teamtop-bench-subagents-'));
  cpSync(RECORDING, dir, { recursive: true });
  let records = 0;
  for (const path of [...files(join(dir, 'projects'))]) {
    if (!path.endsWith('.jsonl')) continue;
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.repeat(REPEAT));
    const lines = text.split('\n').filter(Boolean).length * REPEAT;
    const meta = path.replace(/\.jsonl$/u, '.meta.json');
    const subagent = existsSync(meta) && JSON.parse(readFileSync(meta, 'utf8')).taskKind !== 'in_process_teammate';
    if (!subagent) {
      records += lines;
      continue;
    }
    const base = readFileSync(meta, 'utf8');
    for (let n = 1; n < SUBAGENTS; n++) {
      const copy = path.replace(/agent-a([0-9a-f]+)\.jsonl$/u, `agent-a${n}$1.jsonl`);
      writeFileSync(copy, text.repeat(REPEAT));
      writeFileSync(copy.replace(/\.jsonl$/u, '.meta.json'), base);
    }
    if (readSubagents) records += lines * SUBAGENTS;
    else
      for (let n = 0; n < SUBAGENTS; n++) {
        // As before issue 35: a meta that names no call and no teammate, which nobody reads.
        const name = n === 0 ? meta : meta.replace(/agent-a([0-9a-f]+)\.meta\.json$/u, `agent-a${n}$1.meta.json`);
        writeFileSync(name, JSON.stringify({ agentType: 'general-purpose' }));
      }
  }
  return { dir, records };
}

/** CPU µs per record of reading the team's transcripts, as `--json` reads them (settled). */
async function cpuPerRecord(modulePath, readSubagents) {
  const { openSession } = await import(pathToFileURL(modulePath).href);
  const { dir, records } = teamDir(readSubagents);
  try {
    let spent = 0;
    let reads = 0;
    while (spent < 1_000_000 || reads < 3) {
      const start = process.cpuUsage();
      const session = openSession(dir, undefined, undefined, {});
      await session.reader.settled();
      session.transcripts.start();
      await session.transcripts.settled();
      session.close();
      const used = process.cpuUsage(start);
      spent += used.user + used.system;
      reads++;
    }
    return { perRecord: spent / reads / records, records };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(modulePath) {
  const without = await cpuPerRecord(modulePath, false);
  const withSubagents = await cpuPerRecord(modulePath, true);
  return { with: withSubagents.perRecord, without: without.perRecord, records: withSubagents.records, baseRecords: without.records };
}

const SOURCES = { 'src/cli/session.ts': ['openSession'] };

const runOnce = () => runInChild(import.meta.url, SOURCES);

export const subagentsPhase = {
  label: "subagents: CPU per transcript record with a member's subagents read",
  run: runOnce,
  summary: (runs) => ({
    records: runs[0].records,
    baseRecords: runs[0].baseRecords,
    with: stats(runs.map((r) => r.with)),
    without: stats(runs.map((r) => r.without)),
    ratio: stats(runs.map((r) => r.with / r.without)),
  }),
  rows: (t) => [
    [
      'subagents: CPU per transcript record, subagents read (µs)',
      spread(t.with, 2),
      `the same team, subagents not read (${t.baseRecords} records): ${spread(t.without, 2)}; ×${fmt(t.ratio.median, 2)} (${t.records} records)`,
      '≤ ×1.2',
    ],
  ],
};

await phaseMain(import.meta.url, subagentsPhase, measure);

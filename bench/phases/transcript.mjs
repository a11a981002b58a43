#!/usr/bin/env node
// Reading session transcripts (issue 23): the CPU each record costs the
// decoder, against JSON.parse of the same line measured in the same run.
// Typical records are those the real 2.1.332 wrote (test-fixtures/captures/
// cc-2.1.332-realcc-team-*); the big ones teamtop skips are 100 KB, made here:
// an `api-request-blob` (its type first) and an `attachment` (its type after
// a nested object), whole and arriving in 16 KB reads.
//
//   node bench/phases/transcript.mjs            the table (3 runs)
//   node bench/phases/transcript.mjs --quick    one run
//
// The decoder is bundled from src/ with esbuild (nothing needs dist/), and
// measured in a Node started with the bin's own flags (no optimising compiler),
// as users run it. `transcriptPhase` is the same measurement as a phase of
// bench/run.mjs: `{ label, run, summary, rows }`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stats } from '../../harness/stats.mjs';
import { phaseMain, runInChild } from '../in-child.mjs';
import { fmt, spread } from '../context.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CAPTURES = join(root, 'test-fixtures', 'captures');
/** Each figure is measured for at least this much CPU time. */
const MEASURE_MS = 300;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Every transcript line of the 2.1.332 recordings, by record type. */
function capturedLines() {
  const byType = new Map();
  for (const name of readdirSync(CAPTURES).filter((folder) => folder.startsWith('cc-2.1.332-')))
    for (const path of files(join(CAPTURES, name)))
      if (path.endsWith('.jsonl') && path.includes('/projects/'))
        for (const line of readFileSync(path, 'utf8').split('\n')) {
          if (line === '') continue;
          const { type } = JSON.parse(line);
          byType.set(type, [...(byType.get(type) ?? []), line]);
        }
  return byType;
}

const BIG = 100 * 1024;
const blob = JSON.stringify({ type: 'api-request-blob', sessionId: 's', hash: 'h', message: { role: 'user', content: 'x'.repeat(BIG) } });
/** An attachment as the client writes it: the big object (with its own `type`) before the record's. */
const attachment = JSON.stringify({
  parentUuid: 'p',
  isSidechain: false,
  attachment: {
    type: 'skill_listing',
    skills: Array.from({ length: 800 }, (_, n) => ({ type: 'skill', name: `skill-${n}`, description: 'd'.repeat(100) })),
  },
  type: 'attachment',
  uuid: 'u',
  timestamp: '2026-11-25T23:17:18.619Z',
  sessionId: 's',
});

/** A Read of a 250 KB file, as the client records it: the text in the tool result and again in toolUseResult. */
const file = 'const x = 1;\n'.repeat((250 * 1024) / 13);
const bigUser = JSON.stringify({
  parentUuid: 'p',
  isSidechain: false,
  type: 'user',
  message: { role: 'user', content: [{ tool_use_id: 'toolu_1', type: 'tool_result', content: file }] },
  uuid: 'u',
  timestamp: '2026-11-25T23:17:18.619Z',
  toolUseResult: { type: 'text', file: { filePath: '/home/dev/app/big.js', content: file } },
  sessionId: 's',
});

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

/** One run, in the child started with the bin's flags: µs per record, decoder and baseline. */
async function measure(modulePath) {
  const { TranscriptDecoder } = await import(pathToFileURL(modulePath).href);
  const byType = capturedLines();
  const figure = (lines, pieces = 0) => {
    const text = `${lines.join('\n')}\n`;
    const push =
      pieces > 0
        ? (decoder) => {
            for (let at = 0; at < text.length; at += pieces) decoder.push(text.slice(at, at + pieces));
          }
        : (decoder) => decoder.push(text);
    return {
      bytes: Math.round(text.length / lines.length),
      decoder: cpuPerCall(() => push(new TranscriptDecoder())) / lines.length,
      parse:
        cpuPerCall(() => {
          for (const line of lines) JSON.parse(line);
        }) / lines.length,
    };
  };
  const all = [...byType.values()].flat();
  return {
    records: all.length,
    all: figure(all),
    assistant: figure(byType.get('assistant')),
    user: figure(byType.get('user')),
    blob: figure([blob]),
    blobInPieces: figure([blob], 16 * 1024),
    attachment: figure([attachment]),
    bigUser: figure([bigUser]),
  };
}

/** The decoder, and the bin's flags to set before it is compiled. */
const SOURCES = { 'src/core/decode/transcript/decoder.ts': ['TranscriptDecoder'] };

const runOnce = () => runInChild(import.meta.url, SOURCES);

const KINDS = ['all', 'assistant', 'user', 'blob', 'blobInPieces', 'attachment', 'bigUser'];

export const transcriptPhase = {
  label: 'transcripts: CPU per record, against JSON.parse of the same line',
  run: runOnce,
  summary: (runs) => ({
    records: runs[0].records,
    ...Object.fromEntries(
      KINDS.map((kind) => [
        kind,
        { bytes: runs[0][kind].bytes, decoder: stats(runs.map((r) => r[kind].decoder)), parse: stats(runs.map((r) => r[kind].parse)) },
      ]),
    ),
  }),
  rows: (t) => {
    const row = (label, kind, note, target) => [
      `${label} (µs)`,
      spread(t[kind].decoder, 2),
      `JSON.parse ${spread(t[kind].parse, 2)}: ×${fmt(t[kind].decoder.median / t[kind].parse.median, 3)}; ${note}`,
      target,
    ];
    const kb = (kind) => `${fmt(t[kind].bytes / 1024, 1)} KB`;
    return [
      row(
        'transcript: CPU per record, the 2.1.332 recordings',
        'all',
        `${t.records} records of every type, ${kb('all')} on average`,
        '≤ 1000',
      ),
      row('transcript: CPU per assistant record', 'assistant', `${kb('assistant')} on average, parsed`, '≤ 1000'),
      row('transcript: CPU per user record', 'user', `${kb('user')} on average, parsed`, '≤ 1000'),
      row('transcript: skipping an api-request-blob', 'blob', `${kb('blob')}, its type first`, 'microseconds'),
      row('transcript: skipping it, arriving in 16 KB reads', 'blobInPieces', 'dropped as its type arrives', 'microseconds'),
      row('transcript: skipping an attachment', 'attachment', `${kb('attachment')}, its type after a nested object`, 'microseconds'),
      row('transcript: a tool result of a 250 KB Read', 'bigUser', `${kb('bigUser')}: parsed, as it says whether the call failed`, ''),
    ];
  },
};

await phaseMain(import.meta.url, transcriptPhase, measure);

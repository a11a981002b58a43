// The inbox comes first (issue 36 §2): a message appended to the lead's
// inbox, until it is on screen, while the dashboard has transcripts to read,
// against the same dashboard with nothing else to read, in the same run:
// - five members appending records (those the real 2.1.332 wrote, which
//   teamtop parses) at 1 MB a second each: 5 MB to read every second;
// - the first read of five 50 MB transcripts, which goes on in 4 MB slices
//   between frames: a slice's time is the read's time over its slices.
// An inbox change is read before the transcript reader's next slice, so a
// message waits at most one slice longer than with nothing to read.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { across, fmt, pair, percentiles, QUICK, startTeamtop, WIDE } from '../context.mjs';
import { message, writeJsonAtomic } from '../fixtures.mjs';
import { fill, records, teamWithTranscripts } from './transcript-load.mjs';

/** The transcript reader's slice (src/io/watch/transcripts/reader.ts). */
const SLICE_MB = 4;
const MB = 1024 * 1024;

/** `count` messages appended to the lead's inbox one at a time: how long until each is on screen (ms). */
async function appends(term, fixture, count, still = () => true) {
  const inbox = join(fixture.dir, 'teams', fixture.team, 'inboxes', 'team-lead.json');
  const messages = JSON.parse(readFileSync(inbox, 'utf8'));
  const times = [];
  for (let i = 0; i < count && still(); i++) {
    const marker = `mail${i}x${Math.random().toString(36).slice(2, 6)}`;
    messages.push(message(fixture.names[1], `${marker} under load`, Date.now()));
    const seen = term.waitFor(marker, 30_000);
    const t0 = performance.now();
    writeJsonAtomic(inbox, messages);
    times.push((await seen) - t0);
    await sleep(60);
  }
  return times;
}

/** Records teamtop parses, about `bytes` of them, as one text to append. */
function chunkOf(bytes) {
  const lines = [];
  for (let n = 0, size = 0; size < bytes; n++) {
    const line = `${records.read[n % records.read.length]}\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join('');
}

/** Until `stop`: each member's transcript grows by `mbPerSecond` MB a second, in tenths. */
async function writing(paths, mbPerSecond, stopped) {
  const chunk = chunkOf((mbPerSecond * MB) / 10);
  while (!stopped()) {
    for (const path of paths) appendFileSync(path, chunk);
    await sleep(100);
  }
}

async function whileWriting() {
  const fixture = { ...teamWithTranscripts('mail-load'), team: 'mail-load' };
  fill(fixture.paths, 1);
  const term = await startTeamtop(fixture.dir, ['--no-journal'], WIDE);
  await term.waitFor(' out · ', 60_000);
  await sleep(500);
  const count = QUICK ? 15 : 40;
  const idle = await appends(term, fixture, count);
  let stop = false;
  const writer = writing(fixture.paths, 1, () => stop);
  // The reader is behind on its first batches: measured once it is at it.
  await sleep(1500);
  const loaded = await appends(term, fixture, count);
  stop = true;
  await writer;
  await term.quit();
  return { idle: percentiles(idle), loaded: percentiles(loaded) };
}

/** A call each transcript ends with, running: on screen once its member's transcript is read to its end. */
const lastCall = (i) =>
  `${JSON.stringify({
    type: 'assistant',
    timestamp: '2026-11-25T23:59:00.000Z',
    message: {
      id: `msg_end_${i}`,
      model: 'claude-opus-4-6',
      role: 'assistant',
      content: [{ type: 'tool_use', id: `toolu_end_${i}`, name: 'Bash', input: { command: `echo zzend${i}` } }],
      stop_reason: 'tool_use',
      usage: { input_tokens: 10, output_tokens: 5 },
    },
  })}\n`;

async function whileFirstRead() {
  const mb = QUICK ? 20 : 50;
  const fixture = { ...teamWithTranscripts('mail-first-read'), team: 'mail-first-read' };
  fill(fixture.paths, mb);
  fixture.paths.forEach((path, i) => appendFileSync(path, lastCall(i)));
  const t0 = performance.now();
  const term = await startTeamtop(fixture.dir, ['--no-journal'], WIDE);
  let readAt = Number.POSITIVE_INFINITY;
  // Each member's last call, on screen once its transcript is read to its end (but the second member's: the
  // fixture's mail has it shut down, and a member gone shows idle).
  const ends = fixture.paths.map((_, i) => i).filter((i) => i !== 1);
  const read = Promise.all(ends.map((i) => term.waitFor(`zzend${i}`, 300_000))).then((times) => (readAt = Math.max(...times)));
  await term.waitFor(fixture.marker, 60_000);
  // Until the watcher is watching (it starts as the first frame is out; a change before is read once it is): not timed.
  await appends(term, fixture, 1);
  const during = await appends(term, fixture, 1000, () => readAt === Number.POSITIVE_INFINITY);
  await read;
  // The last one may have been drawn after the read: measured only while it went on.
  const times = during.slice(0, -1);
  await term.quit();
  const readMs = readAt - t0;
  return { mb, readMs, sliceMs: readMs / ((5 * mb) / SLICE_MB), during: times.length > 0 ? percentiles(times) : null };
}

export const mailUnderLoadPhase = {
  label: 'the inbox first: change → frame while transcripts are read',
  run: async () => ({ writing: await whileWriting(), first: await whileFirstRead() }),
  summary: (runs) => ({
    idle: { p50: across(runs, (r) => r.writing.idle.p50), p95: across(runs, (r) => r.writing.idle.p95) },
    loaded: { p50: across(runs, (r) => r.writing.loaded.p50), p95: across(runs, (r) => r.writing.loaded.p95) },
    mb: runs[0].first.mb,
    readMs: across(runs, (r) => r.first.readMs),
    sliceMs: across(runs, (r) => r.first.sliceMs),
    during: {
      p50: across(
        runs.filter((r) => r.first.during),
        (r) => r.first.during.p50,
      ),
      p95: across(
        runs.filter((r) => r.first.during),
        (r) => r.first.during.p95,
      ),
    },
  }),
  rows: (t) => [
    [
      'change → frame, five members writing 1 MB/s of records each (ms) p50 / p95',
      pair(t.loaded),
      `nothing written ${pair(t.idle)}; a slice ${fmt(t.sliceMs.median, 0)} ms`,
      'p95 ≤ nothing written + 1 slice',
    ],
    [
      `change → frame, during the first read of five ${t.mb} MB transcripts (ms) p50 / p95`,
      pair(t.during),
      `nothing to read ${pair(t.idle)}; read in ${fmt(t.readMs.median, 0)} ms, ${fmt((5 * t.mb) / SLICE_MB, 0)} slices of ${fmt(t.sliceMs.median, 0)} ms`,
      'p95 ≤ nothing to read + 1 slice',
    ],
  ],
};

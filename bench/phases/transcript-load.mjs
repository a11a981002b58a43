// Session transcripts on the dashboard (issue 23 §7), each against the same
// team without them, in the same run:
// - five 50 MB transcripts: the first frame, and the memory once they are
//   read (the header shows the team's tokens), against the team with none;
// - a team of five each writing 2 records a second, a 100 KB record every
//   tenth: the dashboard's CPU, against the same dashboard with nothing written.
// The records are those the real 2.1.332 wrote (test-fixtures/captures), over
// and over; the big ones are attachments, which teamtop skips unparsed.
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { across, fmt, QUICK, root, spread, startTeamtop, temp, WIDE } from '../context.mjs';
import { makeTeam } from '../fixtures.mjs';

const CAPTURE = join(root, 'test-fixtures', 'captures', 'cc-2.1.332-realcc-team-tmux', 'final_before_exit', 'projects');
const BIG = 100 * 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (path.endsWith('.jsonl')) yield path;
  }
}

/** The recorded records teamtop reads (assistant and user), and a 100 KB attachment. */
export const records = (() => {
  const lines = [...files(CAPTURE)].flatMap((path) => readFileSync(path, 'utf8').split('\n').filter(Boolean));
  const read = lines.filter((line) => /"type":"(assistant|user)"/u.test(line));
  const attachment = JSON.stringify({ type: 'attachment', attachment: { type: 'file', content: 'x'.repeat(BIG) } });
  return { read, attachment };
})();

/** The `n`th record a writer writes: a 100 KB one every tenth. */
export const recordAt = (n) => (n % 10 === 9 ? records.attachment : records.read[n % records.read.length]);

/** A team of five and each member's transcript file (empty), laid out as 2.1.332 lays them out. */
export function teamWithTranscripts(name) {
  const dir = temp(name);
  const names = makeTeam(dir, name, { members: 5, messages: 20, tasks: 5, start: Date.parse('2026-11-01T10:00:00Z') });
  const config = JSON.parse(readFileSync(join(dir, 'teams', name, 'config.json'), 'utf8'));
  const project = join(dir, 'projects', '-work');
  const subagents = join(project, config.leadSessionId, 'subagents');
  mkdirSync(subagents, { recursive: true });
  const paths = names.map((member, i) => {
    if (i === 0) return join(project, `${config.leadSessionId}.jsonl`);
    const id = `a${member}-${String(i).padStart(16, '0')}`;
    writeFileSync(
      join(subagents, `agent-${id}.meta.json`),
      JSON.stringify({ name: member, teamName: name, taskKind: 'in_process_teammate' }),
    );
    return join(subagents, `agent-${id}.jsonl`);
  });
  for (const path of paths) writeFileSync(path, '');
  return { dir, names, paths, marker: names[4] };
}

/** Fill each transcript to `mb` MB. */
export function fill(paths, mb) {
  for (const path of paths) {
    const chunk = [];
    let bytes = 0;
    for (let n = 0; bytes < mb * 1024 * 1024; n++) {
      const line = `${recordAt(n)}\n`;
      chunk.push(line);
      bytes += line.length;
    }
    writeFileSync(path, chunk.join(''));
  }
}

/** The first frame and, once the transcripts are read (or as long after, without them), the memory. */
async function open(fixture, withTranscripts) {
  const t0 = performance.now();
  const term = await startTeamtop(fixture.dir, ['--no-journal'], WIDE);
  // Waited for from the start: the figures can come in the first frame's output, and a waiter sees only what follows it.
  const read = withTranscripts ? term.waitFor(' out · ', 120_000) : undefined;
  await term.waitFor(fixture.marker);
  const firstMs = performance.now() - t0;
  if (read) await read;
  const readMs = performance.now() - t0;
  return { term, firstMs, readMs };
}

async function bigTranscripts() {
  const mb = QUICK ? 10 : 50;
  const withThem = teamWithTranscripts('big-transcripts');
  fill(withThem.paths, mb);
  const without = teamWithTranscripts('no-transcripts');
  const a = await open(without, false);
  const b = await open(withThem, true);
  // The same time for both, 2 s and 30 s after the read: V8 shrinks a heap a
  // read grew 8 s or more after it, at a time of its own (20 s after five 50 MB
  // reads), so a user sees the first for some seconds, then the second.
  await sleep(Math.max(2000, b.readMs - a.readMs));
  const rss = () => ({ without: a.term.memory().rssMb, with: b.term.memory().rssMb });
  const soon = rss();
  await sleep(28_000);
  const settled = rss();
  await a.term.quit();
  await b.term.quit();
  return { mb, firstWithout: a.firstMs, firstWith: b.firstMs, readMs: b.readMs, soon, settled };
}

/** The dashboard's CPU share over `seconds` while `work` runs (per cent of a core). */
async function cpuWhile(term, seconds, work) {
  const before = term.cpuSeconds();
  const t0 = performance.now();
  await work(seconds);
  return ((term.cpuSeconds() - before) / ((performance.now() - t0) / 1000)) * 100;
}

/**
 * Until the dashboard is quiet: past the moment, 8 s after the transcripts
 * are read, when V8 shrinks the heap they grew (once: 0.1 s of CPU, which is
 * not the writers'), and then a second under half a per cent of a core,
 * twice in a row (20 s at most).
 */
async function settle(term) {
  await sleep(10_000);
  for (let quiet = 0, tries = 0; quiet < 2 && tries < 20; tries++) {
    quiet = (await cpuWhile(term, 1, (s) => sleep(s * 1000))) < 0.5 ? quiet + 1 : 0;
  }
}

async function liveWriters() {
  const fixture = teamWithTranscripts('writers');
  fill(fixture.paths, 1);
  const term = await startTeamtop(fixture.dir, ['--no-journal'], WIDE);
  await term.waitFor(' out · ');
  await settle(term);
  const seconds = QUICK ? 10 : 30;
  const idle = await cpuWhile(term, seconds / 2, (s) => sleep(s * 1000));
  let n = 0;
  const writing = await cpuWhile(term, seconds, async (s) => {
    // Each member 2 records a second: one of the five writes every 100 ms.
    for (let tick = 0; tick < s * 10; tick++) {
      const member = tick % 5;
      appendFileSync(fixture.paths[member], `${recordAt(n++)}\n`);
      await sleep(100);
    }
  });
  await term.quit();
  return { idle, writing, records: n };
}

export const transcriptLoadPhase = {
  label: 'transcripts on the dashboard: five 50 MB, and five writing',
  run: async () => ({ big: await bigTranscripts(), live: await liveWriters() }),
  summary: (runs) => ({
    mb: runs[0].big.mb,
    firstWithout: across(runs, (r) => r.big.firstWithout),
    firstWith: across(runs, (r) => r.big.firstWith),
    readMs: across(runs, (r) => r.big.readMs),
    soonWithout: across(runs, (r) => r.big.soon.without),
    soonWith: across(runs, (r) => r.big.soon.with),
    settledWithout: across(runs, (r) => r.big.settled.without),
    settledWith: across(runs, (r) => r.big.settled.with),
    idle: across(runs, (r) => r.live.idle),
    writing: across(runs, (r) => r.live.writing),
  }),
  rows: (t) => [
    [
      `first frame, five ${t.mb} MB transcripts (ms)`,
      spread(t.firstWith, 0),
      `none ${spread(t.firstWithout, 0)}: ×${fmt(t.firstWith.median / t.firstWithout.median, 2)}; all read in ${spread(t.readMs, 0)} ms`,
      '≤ 1.5×',
    ],
    [
      `RSS 2 s after five ${t.mb} MB transcripts are read (MB)`,
      spread(t.soonWith, 0),
      `none ${spread(t.soonWithout, 0)}: ×${fmt(t.soonWith.median / t.soonWithout.median, 2)}`,
      '≤ 1.2×',
    ],
    [
      `RSS 30 s after (MB)`,
      spread(t.settledWith, 0),
      `none ${spread(t.settledWithout, 0)}: ×${fmt(t.settledWith.median / t.settledWithout.median, 2)}`,
      '≤ 1.2×',
    ],
    [
      'CPU, five members writing 2 records/s, 100 KB every tenth (% of a core)',
      spread(t.writing, 1),
      `nothing written ${spread(t.idle, 1)}`,
      '≤ 3%',
    ],
  ],
};

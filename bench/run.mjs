#!/usr/bin/env node
// teamtop's benchmark: the built CLI in a pseudo-terminal, as a user runs it,
// watching temp config dirs this script writes to. Prints a table and writes
// bench/results.json. Figures are medians of several runs with min and max;
// machine-dependent timings also come as a ratio to a baseline measured in the
// same run.
//
//   npm run bench                 the full run
//   npm run bench -- --quick      a short run (CI uses it to prove the benchmark works)
//   npm run bench -- --soak       adds the 10-minute memory soak
//   npm run bench -- --only cpu,young-idle   only the phases named (see PHASES), for working on one
//
// BENCH_NODE_FLAGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) is added to the
// Node flags of every teamtop the benchmark starts: a profile of the phase measured.
// BENCH_NODE (the path of a `node` binary) runs every process the benchmark
// starts, the baselines too, on that Node (`BENCH_NODE=…/node npm run bench`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { makeTeam, message, writeJson, writeJsonAs2_1_330, writeJsonAtomic } from './fixtures.mjs';
import { CLI, cliArgs, NODE, Pty, teamtopJson } from './pty.mjs';
import { historyPhases } from './history.mjs';
import { REPLAYED, replayRecording } from './replay.mjs';
import { stats } from './stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const HELLO = join(root, 'bench', 'hello.mjs');
const BARE_WATCH = join(root, 'bench', 'bare-watch.mjs');
const BARE_KEYS = join(root, 'bench', 'bare-keys.mjs');
const args = new Set(process.argv.slice(2));
const QUICK = args.has('--quick');
const SOAK = args.has('--soak');
const argv = process.argv.slice(2);
const ONLY = argv.includes('--only') ? new Set(argv[argv.indexOf('--only') + 1].split(',')) : undefined;
/** Each phase runs this many times; a figure is the median of its runs, with min and max. */
const RUNS = QUICK ? 2 : 3;
/** A fixed clock for the dashboard where ticking ages would add frames that are not the ones measured. */
const FIXED_NOW = '2026-11-02T00:00:00Z';

const scratch = mkdtempSync(join(tmpdir(), 'teamtop-bench-'));
const temp = (name) => mkdtempSync(join(scratch, `${name}-`));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

const log = (text) => process.stderr.write(`${text}\n`);

/**
 * The dashboard as a user runs it: journal on (in a scratch state dir), unless
 * `extra` says otherwise.
 */
async function startTeamtop(dir, extra = [], size = { cols: 120, rows: 40 }) {
  const state = extra.includes('--state-dir') || extra.includes('--no-journal') ? [] : ['--state-dir', temp('state')];
  const flags = process.env['BENCH_NODE_FLAGS']?.split(/\s+/u).filter(Boolean) ?? [];
  return new Pty([...flags, ...cliArgs('--dir', dir, ...state, ...extra)], size);
}

// ---------------------------------------------------------------- the dirs

function typicalDir() {
  const dir = temp('typical');
  makeTeam(dir, 'alpha', { members: 5, messages: 50, tasks: 10, start: Date.parse('2026-11-01T08:00:00Z') });
  makeTeam(dir, 'beta', { members: 5, messages: 50, tasks: 10, start: Date.parse('2026-11-01T09:00:00Z') });
  // The most recently active team: the one shown at start.
  const names = makeTeam(dir, 'gamma', { members: 5, messages: 50, tasks: 10, start: Date.parse('2026-11-01T10:00:00Z') });
  return { dir, team: 'gamma', names, marker: names[4] };
}

function bigDir() {
  const dir = temp('big');
  const names = makeTeam(dir, 'big', { members: 8, messages: QUICK ? 2000 : 10_000, tasks: 300 });
  return { dir, team: 'big', names, marker: names[7] };
}

// ---------------------------------------------------------------- 1. startup

async function startup(typical) {
  const runs = QUICK ? 3 : 9;
  const hello = [];
  const teamtop = [];
  for (let i = 0; i < runs; i++) {
    // Interleaved, so machine noise hits both alike.
    let t0 = performance.now();
    const baseline = new Pty([HELLO], { cwd: root });
    hello.push((await baseline.waitFor('hello')) - t0);
    baseline.kill();
    await baseline.exited;

    t0 = performance.now();
    const term = await startTeamtop(typical.dir);
    teamtop.push((await term.waitFor(typical.marker)) - t0);
    await term.quit();
  }
  const h = stats(hello);
  const t = stats(teamtop);
  return { helloMs: h, teamtopMs: t, ratio: t.median / h.median };
}

// ---------------------------------------------------------------- 2. change → frame

function parseFloor(path) {
  const text = readFileSync(path, 'utf8');
  const times = [];
  for (let i = 0; i < 9; i++) {
    const t0 = performance.now();
    JSON.parse(text);
    times.push(performance.now() - t0);
  }
  return stats(times).median;
}

/**
 * Appends to the lead's inbox, one at a time, written by each of `writes` in
 * turn (so machine noise hits each alike): how long until each is on `term`'s
 * screen, p50 and p95 for each way of writing.
 */
async function appends(term, fixture, count, writes = [writeJsonAtomic]) {
  const inbox = join(fixture.dir, 'teams', fixture.team, 'inboxes', 'team-lead.json');
  const messages = JSON.parse(readFileSync(inbox, 'utf8'));
  const times = writes.map(() => []);
  for (let i = 0; i < count; i++) {
    const marker = `lat${i}x${Math.random().toString(36).slice(2, 6)}`;
    messages.push(message(fixture.names[1], `${marker} appended`, Date.now()));
    const seen = term.waitFor(marker, 10_000);
    // From when the message got to the inbox: a write that goes on after that says when.
    const t0 = writes[i % writes.length](inbox, messages) ?? performance.now();
    times[i % writes.length].push((await seen) - t0);
    await sleep(40);
  }
  return times.map((values) => {
    const { median, p95 } = stats(values);
    return { p50: median, p95 };
  });
}

/** The same appends seen by the bare watcher. */
async function bareLatency(fixture, count) {
  const inbox = join(fixture.dir, 'teams', fixture.team, 'inboxes', 'team-lead.json');
  const term = new Pty([BARE_WATCH, inbox], { cwd: root });
  await term.waitFor('watching');
  const [result] = await appends(term, fixture, count);
  term.kill();
  await term.exited;
  return result;
}

/** teamtop's change → frame latency; the dashboard is left running for what is measured next. */
async function latency(fixture, count) {
  const term = await startTeamtop(fixture.dir, ['--now', FIXED_NOW]);
  await term.waitFor(fixture.marker, 120_000);
  await sleep(300);
  const [result] = await appends(term, fixture, count);
  const inbox = join(fixture.dir, 'teams', fixture.team, 'inboxes', 'team-lead.json');
  return { term, ...result, parseMs: parseFloor(inbox) };
}

/**
 * The typical team's appends written in place (older Claude Code's inboxes,
 * 2.1.330's config.json) and as 2.1.330 writes inboxes, in turn, to one dashboard.
 */
async function writePaths(fixture, count) {
  const term = await startTeamtop(fixture.dir, ['--now', FIXED_NOW]);
  await term.waitFor(fixture.marker);
  await sleep(300);
  const [inPlace, as2_1_330] = await appends(term, fixture, count, [writeJson, writeJsonAs2_1_330]);
  await term.quit();
  return { inPlace, as2_1_330 };
}

/**
 * The first message of a new inboxes/ folder, written as 2.1.330 writes it
 * (the folder, the inbox as `[]` in place at once, and 10 ms later the
 * message: a lock folder, a temp file renamed over the inbox), then the next
 * message into the same inbox, in turn: a new folder is where a watcher
 * waits on chokidar to list it and to watch it (chokidar#1471).
 */
async function firstMessages(count) {
  const dir = temp('first');
  const names = makeTeam(dir, 'first', { members: 3, messages: 0, tasks: 0 });
  const inboxes = join(dir, 'teams', 'first', 'inboxes');
  const inbox = join(inboxes, 'team-lead.json');
  const term = await startTeamtop(dir, ['--now', FIXED_NOW]);
  await term.waitFor(names[2]);
  const first = [];
  const next = [];
  for (let i = 0; i < count; i++) {
    rmSync(inboxes, { recursive: true, force: true });
    await sleep(300);
    const marker = `first${i}x${Math.random().toString(36).slice(2, 6)}`;
    const messages = [message(names[1], `${marker} into a new folder`, Date.now())];
    let seen = term.waitFor(marker, 10_000);
    mkdirSync(inboxes);
    writeFileSync(inbox, '[]');
    await sleep(10);
    let t0 = writeJsonAs2_1_330(inbox, messages);
    first.push((await seen) - t0);
    await sleep(40);
    messages.push(message(names[1], `next${marker} into the same inbox`, Date.now()));
    seen = term.waitFor(`next${marker}`, 10_000);
    t0 = writeJsonAs2_1_330(inbox, messages);
    next.push((await seen) - t0);
  }
  await term.quit();
  const figures = (values) => {
    const { median, p95 } = stats(values);
    return { p50: median, p95 };
  };
  return { first: figures(first), next: figures(next) };
}

// ---------------------------------------------------------------- 3. capture rate

async function captureRate() {
  const dir = temp('capture');
  const state = temp('capture-state');
  makeTeam(dir, 'cap', { members: 3, messages: 0, tasks: 0 });
  const inbox = join(dir, 'teams', 'cap', 'inboxes', 'team-lead.json');
  const term = await startTeamtop(dir, ['--state-dir', state, '--now', FIXED_NOW]);
  await term.waitFor('cap-m2');
  await sleep(300);
  const count = QUICK ? 40 : 200;
  const windows = [100, 20, 5];
  for (const window of windows) {
    for (let i = 0; i < count; i++) {
      writeJsonAtomic(inbox, [message('cap-m1', `cap${window}-${i}-end`, Date.now())]);
      await sleep(window);
      writeJsonAtomic(inbox, []);
      await sleep(15);
    }
  }
  await sleep(300);
  await term.quit();
  const texts = new Set(teamtopJson('--dir', dir, '--state-dir', state).teams[0].messages.map((m) => m.text));
  const result = {};
  for (const window of windows) {
    let found = 0;
    for (let i = 0; i < count; i++) if (texts.has(`cap${window}-${i}-end`)) found++;
    result[`${window}ms`] = { captured: found, of: count, rate: found / count };
  }
  return result;
}

// ---------------------------------------------------------------- 4. burst

async function burst(typical) {
  const term = await startTeamtop(typical.dir, ['--now', FIXED_NOW]);
  await term.waitFor(typical.marker);
  await sleep(300);
  const inbox = join(typical.dir, 'teams', typical.team, 'inboxes', 'team-lead.json');
  const writes = QUICK ? 600 : 2000;
  const spreadMs = QUICK ? 600 : 2000;
  const window = [];
  const keyTimes = [];
  let timeline = false;
  let pressing = true;
  // Key presses every 150 ms while the burst runs: t toggles the timeline, each way has its own marker.
  const presser = (async () => {
    await sleep(100);
    while (pressing) {
      timeline = !timeline;
      const seen = term.waitFor(timeline ? ' Timeline ' : ' Handshakes ', 10_000);
      const t0 = performance.now();
      term.press('t');
      keyTimes.push((await seen) - t0);
      await sleep(150);
    }
  })();
  const cpuBefore = term.cpuSeconds();
  const start = performance.now();
  let last = start;
  for (let i = 0; i < writes; i++) {
    const due = start + (i * spreadMs) / writes;
    while (performance.now() < due) await new Promise((resolve) => setImmediate(resolve));
    window.push(message(typical.names[1], i === writes - 1 ? 'burst-final-marker' : `burst ${i}`, Date.now()));
    if (window.length > 10) window.shift();
    if (i === writes - 1) {
      pressing = false;
      await presser;
      if (timeline) {
        // Back on the dashboard, where the lead's inbox shows the final message.
        const back = term.waitFor(' Handshakes ');
        term.press('t');
        await back;
      }
    }
    const final = i === writes - 1 ? term.waitFor('burst-final-marker', 10_000) : undefined;
    writeJsonAtomic(inbox, window);
    last = performance.now();
    if (final) {
      const settled = (await final) - last;
      const cpu = term.cpuSeconds() - cpuBefore;
      await term.quit();
      return { writes, spreadMs: Math.round(last - start), settledMs: settled, cpuSeconds: cpu, keyMs: stats(keyTimes) };
    }
  }
  throw new Error('unreachable');
}

// ---------------------------------------------------------------- 4b. CPU per message

/** The issue's measure: a team of five on a 160x48 terminal, on the wall clock, as a user runs it. */
const WIDE = { cols: 160, rows: 48 };

function fiveDir() {
  const dir = temp('five');
  const names = makeTeam(dir, 'five', { members: 5, messages: 50, tasks: 10, start: Date.now() - 3_600_000 });
  return { dir, team: 'five', names, marker: names[4] };
}

/**
 * Messages appended to the lead's inbox 100 ms apart, each a temp file renamed
 * over it: the CPU teamtop used over those seconds per message (everything a
 * message costs: the event, the read, the store, the frame, and the ages it
 * makes tick), and each message's write → frame latency in the same run.
 */
async function cpuPerMessage() {
  const fixture = fiveDir();
  const term = await startTeamtop(fixture.dir, [], WIDE);
  await term.waitFor(fixture.marker);
  await sleep(2000);
  const inbox = join(fixture.dir, 'teams', fixture.team, 'inboxes', 'team-lead.json');
  const messages = JSON.parse(readFileSync(inbox, 'utf8'));
  const count = QUICK ? 50 : 100;
  const gapMs = 100;
  const seen = [];
  const cpuBefore = term.cpuSeconds();
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    await sleep(start + i * gapMs - performance.now());
    const marker = `cpu${i}x${Math.random().toString(36).slice(2, 6)}`;
    messages.push(message(fixture.names[1 + (i % 4)], `${marker} appended`, Date.now()));
    const shown = term.waitFor(marker, 10_000);
    writeJsonAtomic(inbox, messages);
    const t0 = performance.now();
    seen.push(shown.then((at) => at - t0));
  }
  await sleep(start + count * gapMs - performance.now());
  const latencies = await Promise.all(seen);
  const cpu = term.cpuSeconds() - cpuBefore;
  await term.quit();
  const { median, p95 } = stats(latencies);
  return { count, cpuMsPerMessage: (cpu * 1000) / count, p50: median, p95 };
}

// ---------------------------------------------------------------- 6. idle

/** An open handshake from `from` to the lead, asked at `time`. */
const planRequest = (from, id, time) =>
  message(
    from,
    JSON.stringify({
      type: 'plan_approval_request',
      requestId: id,
      from,
      plan: 'Split the parser',
      timestamp: new Date(time).toISOString(),
    }),
    time,
  );

/**
 * A team on the dashboard's clock: its members' messages, statuses and an open
 * handshake seconds old.
 */
function youngDir() {
  const now = Date.now();
  const dir = temp('young');
  const names = makeTeam(dir, 'young', { members: 5, messages: 4, tasks: 10, start: now - 20_000 });
  const inbox = join(dir, 'teams', 'young', 'inboxes', 'team-lead.json');
  writeJson(inbox, [...JSON.parse(readFileSync(inbox, 'utf8')), planRequest(names[1], 'plan-young', now - 5000)]);
  return { dir, team: 'young', names, marker: names[4], inbox };
}

/**
 * Idle while ages under a minute tick on screen (every time on screen changes
 * each second: the team's last activity, each member's status, an open
 * handshake's age), as a dashboard open beside a team that just went quiet.
 * The dashboard has been open a while first (the code it runs once a second
 * takes that long to be compiled: the first seconds are reported apart), then
 * every member goes idle and one asks for a plan's approval, and the window
 * starts two seconds later.
 */
async function youngIdle() {
  const fixture = youngDir();
  const term = await startTeamtop(fixture.dir, [], WIDE);
  await term.waitFor(fixture.marker);
  const seconds = QUICK ? 5 : 10;
  const first = term.cpuSeconds();
  await sleep(seconds * 1000);
  const afterStart = term.cpuSeconds() - first;
  await sleep(QUICK ? 5000 : 20_000);
  const now = Date.now();
  const idleNow = (from) =>
    message(
      from,
      JSON.stringify({ type: 'idle_notification', from, timestamp: new Date(now).toISOString(), idleReason: 'available' }),
      now,
    );
  const messages = JSON.parse(readFileSync(fixture.inbox, 'utf8'));
  writeJsonAtomic(fixture.inbox, [...messages, ...fixture.names.slice(1).map(idleNow), planRequest(fixture.names[2], 'plan-window', now)]);
  await sleep(2000);
  const before = term.cpuSeconds();
  await sleep(seconds * 1000);
  const steady = term.cpuSeconds() - before;
  await term.quit();
  return { per10s: (steady * 10) / seconds, afterStartPer10s: (afterStart * 10) / seconds };
}

async function idle(typical, size = undefined) {
  const term = await startTeamtop(typical.dir, [], size);
  await term.waitFor(typical.marker);
  const seconds = QUICK ? 5 : 10;
  // Right after start-up V8 runs a one-off collection of the start-up garbage
  // (its memory reducer, ~8 s in): measured apart from the steady state.
  await sleep(2000);
  const first = term.cpuSeconds();
  await sleep(seconds * 1000);
  const afterStart = term.cpuSeconds() - first;
  await sleep(QUICK ? 3000 : 5000);
  const before = term.cpuSeconds();
  await sleep(seconds * 1000);
  const steady = term.cpuSeconds() - before;
  await term.quit();
  return { seconds, cpuSeconds: steady, per10s: (steady * 10) / seconds, afterStartPer10s: (afterStart * 10) / seconds };
}

// ---------------------------------------------------------------- 7. key press → frame

/** Key presses, each waited for until the frame it causes starts to arrive. */
async function presses(term, keysToPress, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    // Every frame Ink writes starts with escape sequences (synchronized output, erase).
    const changed = term.waitFor('\u001b[', 5000);
    const t0 = performance.now();
    term.press(keysToPress[i % keysToPress.length]);
    times.push((await changed) - t0);
    await sleep(60);
  }
  const { median, p95 } = stats(times);
  return { p50: median, p95 };
}

// ↑ scrolls the lead's inbox (10,000 messages); tab and shift-tab move focus to
// the next pane and back: each changes the frame.
const keys = (term) => presses(term, ['\u001b[A', '\t', '\u001b[Z'], QUICK ? 10 : 30);

async function bareKeys() {
  const term = new Pty([BARE_KEYS], { cwd: root });
  await term.waitFor('key 0');
  await sleep(300);
  const result = await presses(term, ['x'], QUICK ? 10 : 30);
  term.kill();
  await term.exited;
  return result;
}

// ---------------------------------------------------------------- 5b. soak

async function soak(typical) {
  const term = await startTeamtop(typical.dir);
  await term.waitFor(typical.marker);
  await sleep(2000);
  const start = term.memory().rssMb;
  const inbox = join(typical.dir, 'teams', typical.team, 'inboxes', 'team-lead.json');
  const window = [];
  const end = performance.now() + 10 * 60 * 1000;
  let sent = 0;
  while (performance.now() < end) {
    window.push(message(typical.names[1], `soak ${sent++}`, Date.now()));
    if (window.length > 20) window.shift();
    writeJsonAtomic(inbox, window);
    await sleep(50);
  }
  await sleep(2000);
  const after = term.memory();
  await term.quit();
  return { messages: sent, startRssMb: start, endRssMb: after.rssMb, growthMb: after.rssMb - start, peakMb: after.peakMb };
}

// ---------------------------------------------------------------- report

const fmt = (value, digits = 1) => (value === undefined || Number.isNaN(value) ? '—' : Number(value).toFixed(digits));
/** A figure across runs: its median, with min and max when the runs differ. */
const spread = (s, digits = 1, unit = '') =>
  s.min === s.max ? `${fmt(s.median, digits)}${unit}` : `${fmt(s.median, digits)}${unit} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;
/** Each run's value of `pick`, summarised. */
const across = (runs, pick) => stats(runs.map(pick));

// ---------------------------------------------------------------- 8. huge inputs

/**
 * Inputs far beyond a real team's (the hardening tests prove they are shown;
 * here, how long the first frame takes and how much memory it costs).
 */
function hugeDirs() {
  const T = Date.parse('2026-11-01T09:00:00Z');
  const lead = (dir, team) =>
    writeJson(join(dir, 'teams', team, 'config.json'), {
      name: team,
      members: [
        { name: 'team-lead', agentType: 'team-lead' },
        { name: 'worker', color: 'green' },
      ],
    });
  const inboxDir = temp('huge-inbox');
  lead(inboxDir, 'huge');
  const count = QUICK ? 10_000 : 50_000;
  const padding = 'x'.repeat(900);
  const inbox = Array.from({ length: count }, (_, i) => message('worker', `message ${i} ${padding}`, T + i * 1000));
  inbox.push(message('worker', 'the last message of the huge inbox', T + count * 1000));
  writeJson(join(inboxDir, 'teams/huge/inboxes/team-lead.json'), inbox);
  const inboxMb = statSync(join(inboxDir, 'teams/huge/inboxes/team-lead.json')).size / 1024 / 1024;

  const messageDir = temp('huge-message');
  lead(messageDir, 'long');
  writeJson(join(messageDir, 'teams/long/inboxes/team-lead.json'), [
    message('worker', `a long message ${'word '.repeat(200_000)}the-very-end`, T),
  ]);

  const tasksDir = temp('huge-tasks');
  lead(tasksDir, 'tasks');
  const taskCount = QUICK ? 2000 : 10_000;
  for (let id = 1; id <= taskCount; id++) {
    writeJson(join(tasksDir, 'tasks/tasks', `${id}.json`), {
      id: String(id),
      subject: `Work item ${id}`,
      status: id < 5 ? 'completed' : 'pending',
      blocks: [],
      blockedBy: id % 10 === 1 ? [] : [String(id - 1)],
    });
  }

  const teamsDir = temp('huge-teams');
  const teamCount = QUICK ? 100 : 300;
  for (let t = 0; t < teamCount; t++)
    makeTeam(teamsDir, `team-${String(t).padStart(3, '0')}`, { members: 3, messages: 5, tasks: 3, start: T + t * 1000 });

  return [
    { name: `an inbox of ${inboxMb.toFixed(0)} MB (${count} messages)`, dir: inboxDir, marker: 'the last message of the huge inbox' },
    {
      name: 'a 1 MB message, and its detail view',
      dir: messageDir,
      marker: 'a long message word',
      open: { shown: / of \d+ lines/u, end: 'the-very-end' },
    },
    { name: `${taskCount} tasks`, dir: tasksDir, marker: 'Work item 1' },
    { name: `${teamCount} teams`, dir: teamsDir, marker: `${teamCount} teams` },
  ];
}

async function huge(fixture) {
  const t0 = performance.now();
  const term = await startTeamtop(fixture.dir, ['--now', FIXED_NOW]);
  const firstFrameMs = (await term.waitFor(fixture.marker, 120_000)) - t0;
  let openMs;
  let endMs;
  if (fixture.open) {
    // Open the lead's newest message (it is selected), then jump to its last line;
    // as in the other phases, keys come once the dashboard has settled.
    await sleep(300);
    const t1 = performance.now();
    term.press('\r');
    openMs = (await term.waitFor(fixture.open.shown, 60_000)) - t1;
    const t2 = performance.now();
    term.press('G');
    endMs = (await term.waitFor(fixture.open.end, 60_000)) - t2;
  }
  const { peakMb } = term.memory();
  await term.quit();
  return { firstFrameMs, openMs, endMs, peakMb };
}

// ---------------------------------------------------------------- long messages

/**
 * One long message of ordinary text with a single character to settle at its
 * end (an accent, a skin tone): agent output as it comes. Drawing must cost
 * what is on screen, not what is in the message.
 */
function longMessageDirs() {
  const T = Date.parse('2026-11-01T09:00:00Z');
  const sentence = 'The build passed on the second try after the cache was cleared, and the report is in the usual place. ';
  const ordinary = (length) => sentence.repeat(Math.ceil(length / sentence.length)).slice(0, length);
  const cases = [
    ['200,000 characters and one accent', 200_000, 'cafe\u0301'],
    ['200,000 characters and one skin-tone emoji', 200_000, '👍🏽'],
    ['1 MB and one accent', 1_000_000, 'cafe\u0301'],
  ];
  return cases.map(([name, length, end]) => {
    const dir = temp('long-message');
    writeJson(join(dir, 'teams/long/config.json'), {
      name: 'long',
      members: [
        { name: 'team-lead', agentType: 'team-lead' },
        { name: 'worker', color: 'green' },
      ],
    });
    writeJson(join(dir, 'teams/long/inboxes/team-lead.json'), [
      message('worker', `long-message-start ${ordinary(length)} the-very-end ${end}`, T + 1000),
    ]);
    writeJson(join(dir, 'teams/long/inboxes/worker.json'), [message('team-lead', 'a short one', T)]);
    return { name, dir };
  });
}

/** Where Ink ends a frame (its synchronized update): the frame a key caused is on screen whole. */
const FRAME_END = '\u001b[?2026l';

/** How long from pressing `keys` until `marker` (by default the end of the next frame) is on screen. */
async function frameAfter(term, keys, marker = FRAME_END) {
  const seen = term.waitFor(marker, 120_000);
  const t0 = performance.now();
  term.press(keys);
  const ms = (await seen) - t0;
  await sleep(100);
  return ms;
}

/** The long message in its pane, a redraw (tab), the timeline and a key there, opened, its end (G) and a page up. */
async function longMessage(fixture) {
  const t0 = performance.now();
  const term = await startTeamtop(fixture.dir, ['--now', FIXED_NOW]);
  const firstFrameMs = (await term.waitFor('long-message-start', 120_000)) - t0;
  await sleep(300);
  const tabMs = await frameAfter(term, '\t');
  await frameAfter(term, '\u001b[Z');
  const openMs = await frameAfter(term, '\r', / of \d+ lines/u);
  const endMs = await frameAfter(term, 'G', 'the-very-end');
  const pageMs = await frameAfter(term, '\u001b[5~');
  await frameAfter(term, '\u001b');
  const timelineMs = await frameAfter(term, 't', ' Timeline ');
  // A filter toggled (idle notifications hidden): the footer says so, the timeline is drawn again.
  const timelineKeyMs = await frameAfter(term, 'i');
  await term.quit();
  return { firstFrameMs, tabMs, timelineMs, timelineKeyMs, openMs, endMs, pageMs };
}

async function repeat(label, run, runs = RUNS) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    log(`${label}${runs > 1 ? ` (run ${i + 1}/${runs})` : ''}`);
    results.push(await run(i));
  }
  return results;
}

const pair = (x) => `${spread(x.p50)} / ${spread(x.p95)}`;
const idleSummary = (runs) => ({
  per10s: across(runs, (r) => r.per10s),
  firstAfterStartPer10s: across(runs, (r) => r.afterStartPer10s),
});

/**
 * The phases `--only` can run by themselves (the full run has them too): what
 * each runs, its figures across runs (in results.json) and its rows in the table.
 */
const PHASES = {
  burst: {
    label: '4/8 burst',
    run: () => burst(typicalDir()),
    summary: (runs) => ({
      writes: runs[0].writes,
      spreadMs: across(runs, (r) => r.spreadMs),
      settledMs: across(runs, (r) => r.settledMs),
      cpuSeconds: across(runs, (r) => r.cpuSeconds),
      keyPress: { p50: across(runs, (r) => r.keyMs.median), p95: across(runs, (r) => r.keyMs.p95) },
    }),
    rows: (b) => [
      ['burst: settled after the last write (ms)', spread(b.settledMs), `${b.writes} writes in ${fmt(b.spreadMs.median, 0)} ms`, '≤ 200'],
      ['burst: CPU (s)', spread(b.cpuSeconds, 2), '', ''],
      ['burst: key press → frame (ms) p50 / p95', pair(b.keyPress), '', 'p95 ≤ 100'],
    ],
  },
  cpu: {
    label: '4/8 CPU per message: a team of five at 160x48, a message every 100 ms',
    run: () => cpuPerMessage(),
    summary: (runs) => ({
      messages: runs[0].count,
      msPerMessage: across(runs, (r) => r.cpuMsPerMessage),
      p50: across(runs, (r) => r.p50),
      p95: across(runs, (r) => r.p95),
    }),
    rows: (c) => [
      [
        'CPU per message (ms)',
        spread(c.msPerMessage, 1),
        `${c.messages} messages 100 ms apart, five members at 160x48; their change → frame ${pair(c)} ms`,
        '≤ 8',
      ],
    ],
  },
  idle: {
    label: '6/8 idle',
    run: () => idle(typicalDir()),
    summary: idleSummary,
    rows: (i) => [
      ['idle CPU per 10 s (s)', spread(i.per10s, 3), `first 10 s after start: ${spread(i.firstAfterStartPer10s, 3)}`, '≤ 0.05'],
    ],
  },
  'young-idle': {
    label: '6/8 idle with young ages: seconds-old times on screen, at 160x48',
    run: () => youngIdle(),
    summary: idleSummary,
    rows: (i) => [
      [
        'idle CPU per 10 s, ages ticking (s)',
        spread(i.per10s, 3),
        `first 10 s after start: ${spread(i.firstAfterStartPer10s, 3)}`,
        '≤ 0.05',
      ],
    ],
  },
  ...historyPhases({ temp, startTeamtop, quick: QUICK }),
};

async function runPhase(name) {
  const phase = PHASES[name];
  return phase.summary(await repeat(phase.label, phase.run, phase.runs));
}

function printTable(rows) {
  const headings = ['figure', `measured: median (min–max) of ${RUNS} runs`, 'baseline, same run', 'target'];
  const widths = headings.map((heading, c) => Math.max(heading.length, ...rows.map((row) => row[c].length)));
  const line = (cells) => `| ${cells.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  process.stdout.write(`${line(headings)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
}

/** `--only a,b`: those phases alone, their rows printed; results.json is left as the last full run wrote it. */
async function only(names) {
  const unknown = [...names].filter((name) => !(name in PHASES));
  if (unknown.length > 0) throw new Error(`--only: no phase ${unknown.join(', ')} (phases: ${Object.keys(PHASES).join(', ')})`);
  const rows = [];
  for (const name of names) {
    const figures = await runPhase(name);
    log(JSON.stringify({ [name]: figures }));
    rows.push(...PHASES[name].rows(figures));
  }
  printTable(rows);
  process.exit(0);
}

async function main() {
  if (ONLY) return only(ONLY);
  const started = performance.now();
  log(`teamtop benchmark${QUICK ? ' (quick)' : ''}: ${CLI} on ${NODE}, ${RUNS} runs of each phase`);
  const typical = typicalDir();
  log('1/8 startup');
  const start = await startup(typical);

  const typicalRuns = await repeat('2/8 change → frame, typical team', async () => {
    const bare = await bareLatency(typical, QUICK ? 15 : 50);
    const { term, ...teamtop } = await latency(typical, QUICK ? 15 : 50);
    await term.quit();
    return { teamtop, bare };
  });
  const writePathRuns = await repeat('2/8 change → frame, typical team, written in place and as 2.1.330 writes', () =>
    writePaths(typical, QUICK ? 20 : 100),
  );

  const firstRuns = await repeat('2/8 change → frame, the first message of a new inboxes/ folder', () => firstMessages(QUICK ? 10 : 40));

  log('2/8 change → frame, big team (writing it)');
  const big = bigDir();
  const bigRuns = await repeat('2/8 and 7/8, big team: change → frame, key press → frame, peak RSS', async () => {
    const bare = await bareLatency(big, QUICK ? 10 : 50);
    const { term, ...teamtop } = await latency(big, QUICK ? 10 : 50);
    const keyPress = await keys(term);
    const memory = term.memory();
    await term.quit();
    return { teamtop, bare, keyPress, memory };
  });
  const bareKeyRuns = await repeat('7/8 key press → frame, bare Ink', () => bareKeys());
  const captureRuns = await repeat('3/8 capture rate', () => captureRate());
  const replayRuns = await repeat(`3/8 capture and change → frame: ${REPLAYED} replayed at 1×`, () =>
    replayRecording(temp('replay'), temp('replay-state')),
  );
  const burstFigures = await runPhase('burst');
  const cpu = await runPhase('cpu');
  const idleFigures = await runPhase('idle');
  const youngIdle = await runPhase('young-idle');
  const historyNames = ['history-cpu', 'history-restore', 'history-replay'];
  const history = {};
  for (const name of historyNames) history[name] = await runPhase(name);
  log('8/8 huge inputs (writing them)');
  const hugeFixtures = hugeDirs();
  const hugeRuns = [];
  for (const fixture of hugeFixtures)
    hugeRuns.push({ fixture, runs: await repeat(`8/8 huge inputs: ${fixture.name}`, () => huge(fixture)) });
  log('long messages (writing them)');
  const longRuns = [];
  for (const fixture of longMessageDirs())
    longRuns.push({ fixture, runs: await repeat(`long messages: ${fixture.name}`, () => longMessage(fixture)) });
  let soakResult;
  if (SOAK) {
    log('5/8 soak (10 minutes)');
    soakResult = await soak(typicalDir());
  }

  const typicalP95 = across(typicalRuns, (r) => r.teamtop.p95);
  const bigP95 = across(bigRuns, (r) => r.teamtop.p95);
  const bigParse = across(bigRuns, (r) => r.teamtop.parseMs);
  const bigRatio = across(bigRuns, (r) => r.teamtop.p95 / r.teamtop.parseMs);
  const results = {
    date: new Date().toISOString(),
    quick: QUICK,
    runs: RUNS,
    node: execFileSync(NODE, ['--version'], { encoding: 'utf8' }).trim(),
    note: 'Each figure: { median, min, max } over the runs (p95 is the 95th percentile within a run). Times in ms, CPU in s, memory in MB.',
    startup: start,
    latency: {
      typical: { p50: across(typicalRuns, (r) => r.teamtop.p50), p95: typicalP95 },
      typicalBareWatcher: { p50: across(typicalRuns, (r) => r.bare.p50), p95: across(typicalRuns, (r) => r.bare.p95) },
      typicalParseFloor: across(typicalRuns, (r) => r.teamtop.parseMs),
      typicalInPlace: { p50: across(writePathRuns, (r) => r.inPlace.p50), p95: across(writePathRuns, (r) => r.inPlace.p95) },
      typicalAs2_1_330: { p50: across(writePathRuns, (r) => r.as2_1_330.p50), p95: across(writePathRuns, (r) => r.as2_1_330.p95) },
      firstInNewFolder: { p50: across(firstRuns, (r) => r.first.p50), p95: across(firstRuns, (r) => r.first.p95) },
      nextInThatFolder: { p50: across(firstRuns, (r) => r.next.p50), p95: across(firstRuns, (r) => r.next.p95) },
      big: { p50: across(bigRuns, (r) => r.teamtop.p50), p95: bigP95 },
      bigBareWatcher: { p50: across(bigRuns, (r) => r.bare.p50), p95: across(bigRuns, (r) => r.bare.p95) },
      bigParseFloor: bigParse,
      bigP95ToParseFloor: bigRatio,
    },
    capture: Object.fromEntries(
      Object.keys(captureRuns[0]).map((window) => [
        window,
        { rate: across(captureRuns, (r) => r[window].rate), of: captureRuns[0][window].of },
      ]),
    ),
    replay: {
      recording: REPLAYED,
      written: replayRuns[0].written,
      kept: across(replayRuns, (r) => r.kept),
      drawn: across(replayRuns, (r) => r.drawn),
      p50: across(replayRuns, (r) => r.p50),
      p95: across(replayRuns, (r) => r.p95),
      max: across(replayRuns, (r) => r.max),
    },
    burst: burstFigures,
    memory: {
      bigTeamPeakMb: across(bigRuns, (r) => r.memory.peakMb),
      bigTeamRssMb: across(bigRuns, (r) => r.memory.rssMb),
      soak: soakResult,
    },
    cpuPerMessage: cpu,
    idle: idleFigures,
    idleYoungAges: youngIdle,
    history,
    keyPressBig: { p50: across(bigRuns, (r) => r.keyPress.p50), p95: across(bigRuns, (r) => r.keyPress.p95) },
    keyPressBareInk: { p50: across(bareKeyRuns, (r) => r.p50), p95: across(bareKeyRuns, (r) => r.p95) },
    huge: hugeRuns.map(({ fixture, runs }) => ({
      input: fixture.name,
      firstFrameMs: across(runs, (r) => r.firstFrameMs),
      ...(fixture.open ? { openMs: across(runs, (r) => r.openMs), endMs: across(runs, (r) => r.endMs) } : {}),
      peakMb: across(runs, (r) => r.peakMb),
    })),
    longMessages: longRuns.map(({ fixture, runs }) => ({
      input: fixture.name,
      ...Object.fromEntries(Object.keys(runs[0]).map((figure) => [figure, across(runs, (r) => r[figure])])),
    })),
    seconds: (performance.now() - started) / 1000,
  };
  writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);

  const { latency: l } = results;
  const ratio = (a, base) => fmt(a.median / base.median, 2);
  const rows = [
    ['startup (ms)', spread(start.teamtopMs, 0), `bare Ink hello ${spread(start.helloMs, 0)}: ×${fmt(start.ratio, 2)}`, '≤ 0.8× hello'],
    [
      'change → frame, typical (ms) p50 / p95',
      pair(l.typical),
      `bare watcher ${pair(l.typicalBareWatcher)}: ×${ratio(l.typical.p95, l.typicalBareWatcher.p95)} at p95`,
      'p95 ≤ 15',
    ],
    [
      'change → frame, typical, written in place (ms) p50 / p95',
      pair(l.typicalInPlace),
      'the same appends, in turn with the next row',
      'p95 ≤ 15',
    ],
    [
      'change → frame, typical, written as 2.1.330 does (ms) p50 / p95',
      pair(l.typicalAs2_1_330),
      'a lock folder, a temp file renamed over the inbox',
      'p95 ≤ 15',
    ],
    [
      'change → frame, first message of a new inboxes/ (ms) p50 / p95',
      pair(l.firstInNewFolder),
      `the next message into it: ${pair(l.nextInThatFolder)}`,
      'p95 ≤ 15',
    ],
    [
      'change → frame, big (ms) p50 / p95',
      pair(l.big),
      `bare watcher ${pair(l.bigBareWatcher)}: ×${ratio(l.big.p95, l.bigBareWatcher.p95)} at p95`,
      'p95 ≤ 50',
    ],
    ['big p95 / JSON.parse of the inbox', `×${spread(bigRatio, 2)}`, `parse ${spread(bigParse, 1)} ms`, '≤ 3×'],
    ...Object.entries(results.capture).map(([window, r]) => [
      `capture, deleted after ${window}`,
      spread({ median: r.rate.median * 100, min: r.rate.min * 100, max: r.rate.max * 100 }, 1, '%'),
      `of ${r.of} per run`,
      window === '5ms' ? '≥ 99%' : '100%',
    ]),
    [
      'a 2.1.330 run replayed at 1×: write → frame (ms) p50 / p95',
      pair(results.replay),
      `${spread(results.replay.kept, 0)} of ${results.replay.written} messages kept, ${spread(results.replay.drawn, 0)} drawn; max ${spread(results.replay.max)} ms`,
      'all kept',
    ],
    ...PHASES.burst.rows(burstFigures),
    ...PHASES.cpu.rows(cpu),
    ['peak RSS, big team (MB)', spread(results.memory.bigTeamPeakMb, 0), `RSS after: ${spread(results.memory.bigTeamRssMb, 0)}`, '≤ 200'],
    ...(soakResult
      ? [
          [
            'soak: RSS growth over 10 min at 20 msg/s (MB)',
            fmt(soakResult.growthMb, 1),
            `${soakResult.messages} messages, peak ${fmt(soakResult.peakMb, 0)}`,
            '',
          ],
        ]
      : []),
    ...PHASES.idle.rows(idleFigures),
    ...PHASES['young-idle'].rows(youngIdle),
    ...historyNames.flatMap((name) => PHASES[name].rows(history[name])),
    [
      'key press → frame, big team (ms) p50 / p95',
      pair(results.keyPressBig),
      `bare Ink ${pair(results.keyPressBareInk)}: ×${ratio(results.keyPressBig.p95, results.keyPressBareInk.p95)} at p95`,
      'p95 ≤ 30',
    ],
    ...results.huge.map((h) => [
      `huge: ${h.input}: first frame (ms)`,
      spread(h.firstFrameMs, 0),
      `peak RSS ${spread(h.peakMb, 0)} MB${h.openMs ? `; detail view opens in ${spread(h.openMs, 0)} ms, its end (G) in ${spread(h.endMs, 0)} ms` : ''}`,
      '',
    ]),
    ...results.longMessages.flatMap((m) => [
      [`long message, ${m.input}: first frame / tab (ms)`, `${spread(m.firstFrameMs, 0)} / ${spread(m.tabMs, 0)}`, '', ''],
      [`  … timeline / a key there (ms)`, `${spread(m.timelineMs, 0)} / ${spread(m.timelineKeyMs, 0)}`, '', ''],
      [`  … opened / its end (G) / page up (ms)`, `${spread(m.openMs, 0)} / ${spread(m.endMs, 0)} / ${spread(m.pageMs, 0)}`, '', ''],
    ]),
  ];
  printTable(rows);
  process.stdout.write(`\nbench/results.json written (${fmt(results.seconds, 0)} s)\n`);
  process.exit(0);
}

main().catch((error) => {
  log(`benchmark failed: ${error.stack ?? error}`);
  process.exit(1);
});

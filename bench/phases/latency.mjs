// 2. Change → frame: a message appended to the lead's inbox, until it is on
// screen, against the least any watcher does to see it (bare-watch.mjs), and
// the same written in place, as 2.1.330 writes it, and into a new folder.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pty } from '../../harness/pty.mjs';
import { stats } from '../../harness/stats.mjs';
import { across, FIXED_NOW, pair, percentiles, QUICK, ratio, root, startTeamtop, temp, typicalDir } from '../context.mjs';
import { makeTeam, message, writeJson, writeJsonAs2_1_330, writeJsonAtomic } from '../fixtures.mjs';

const BARE_WATCH = join(root, 'bench', 'bare-watch.mjs');

/** The least time JSON.parse takes over the file: what reading it costs anyone. */
export function parseFloor(path) {
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
  return times.map(percentiles);
}

/** The same appends seen by the bare watcher. */
export async function bareLatency(fixture, count) {
  const inbox = join(fixture.dir, 'teams', fixture.team, 'inboxes', 'team-lead.json');
  const term = new Pty([BARE_WATCH, inbox], { cwd: root });
  await term.waitFor('watching');
  const [result] = await appends(term, fixture, count);
  term.kill();
  await term.exited;
  return result;
}

/** teamtop's change → frame latency; the dashboard is left running for what is measured next. */
export async function latency(fixture, count) {
  const term = await startTeamtop(fixture.dir, ['--now', FIXED_NOW]);
  await term.waitFor(fixture.marker, 120_000);
  await sleep(300);
  const [result] = await appends(term, fixture, count);
  const inbox = join(fixture.dir, 'teams', fixture.team, 'inboxes', 'team-lead.json');
  return { term, ...result, parseMs: parseFloor(inbox) };
}

let typical;
const typicalOnce = () => (typical ??= typicalDir());

export const typicalPhase = {
  label: '2/8 change → frame, typical team',
  async run() {
    const fixture = typicalOnce();
    const bare = await bareLatency(fixture, QUICK ? 15 : 50);
    const { term, ...teamtop } = await latency(fixture, QUICK ? 15 : 50);
    await term.quit();
    return { teamtop, bare };
  },
  summary: (runs) => ({
    p50: across(runs, (r) => r.teamtop.p50),
    p95: across(runs, (r) => r.teamtop.p95),
    bare: { p50: across(runs, (r) => r.bare.p50), p95: across(runs, (r) => r.bare.p95) },
    parseFloorMs: across(runs, (r) => r.teamtop.parseMs),
  }),
  rows: (s) => [
    ['change → frame, typical (ms) p50 / p95', pair(s), `bare watcher ${pair(s.bare)}: ×${ratio(s.p95, s.bare.p95)} at p95`, 'p95 ≤ 15'],
  ],
};

/**
 * The typical team's appends written in place (older Claude Code's inboxes,
 * 2.1.330's config.json) and as 2.1.330 writes inboxes, in turn, to one dashboard.
 */
export const writePathsPhase = {
  label: '2/8 change → frame, typical team, written in place and as 2.1.330 writes',
  async run() {
    const fixture = typicalOnce();
    const term = await startTeamtop(fixture.dir, ['--now', FIXED_NOW]);
    await term.waitFor(fixture.marker);
    await sleep(300);
    const [inPlace, as2_1_330] = await appends(term, fixture, QUICK ? 20 : 100, [writeJson, writeJsonAs2_1_330]);
    await term.quit();
    return { inPlace, as2_1_330 };
  },
  summary: (runs) => ({
    inPlace: { p50: across(runs, (r) => r.inPlace.p50), p95: across(runs, (r) => r.inPlace.p95) },
    as2_1_330: { p50: across(runs, (r) => r.as2_1_330.p50), p95: across(runs, (r) => r.as2_1_330.p95) },
  }),
  rows: (s) => [
    [
      'change → frame, typical, written in place (ms) p50 / p95',
      pair(s.inPlace),
      'the same appends, in turn with the next row',
      'p95 ≤ 15',
    ],
    [
      'change → frame, typical, written as 2.1.330 does (ms) p50 / p95',
      pair(s.as2_1_330),
      'a lock folder, a temp file renamed over the inbox',
      'p95 ≤ 15',
    ],
  ],
};

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
  return { first: percentiles(first), next: percentiles(next) };
}

export const firstMessagePhase = {
  label: '2/8 change → frame, the first message of a new inboxes/ folder',
  run: () => firstMessages(QUICK ? 10 : 40),
  summary: (runs) => ({
    first: { p50: across(runs, (r) => r.first.p50), p95: across(runs, (r) => r.first.p95) },
    next: { p50: across(runs, (r) => r.next.p50), p95: across(runs, (r) => r.next.p95) },
  }),
  rows: (s) => [
    [
      'change → frame, first message of a new inboxes/ (ms) p50 / p95',
      pair(s.first),
      `the next message into it: ${pair(s.next)}`,
      'p95 ≤ 15',
    ],
  ],
};

// `teamtop serve` (issue 40), against the dashboard alone in the same run:
//
//   serve-cpu      CPU per message appended 100 ms apart to a team of five: the dashboard alone at
//                  160x48 (the baseline), then `teamtop serve` with one live page open, then with 20
//                  (each page a client of /live that reads every update; the browser's own CPU is not
//                  teamtop's). Budgets: one page ≤ 1.3× the dashboard; 20 pages ≤ 2× one.
//   serve-scrape   a /metrics scrape of the typical config dir (three teams of five, 50 messages and
//                  10 tasks each), as Prometheus times it: request to last byte, on a kept-alive
//                  connection, 200 times. Budget: ≤ 5 ms.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { cliArgs, NODE } from '../../harness/pty.mjs';
import { stats } from '../../harness/stats.mjs';
import { across, fmt, QUICK, spread, startTeamtop, temp, typicalDir, WIDE } from '../context.mjs';
import { makeTeam, message, writeJsonAtomic } from '../fixtures.mjs';

/** CPU a process has used, in seconds (all its threads). */
function cpuSeconds(pid) {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return ns / 1e9;
}

/** `teamtop serve` on a free port, as a user starts it (journal on, in a scratch state dir); resolves with its address. */
async function startServe(dir) {
  const flags = process.env['BENCH_NODE_FLAGS']?.split(/\s+/u).filter(Boolean) ?? [];
  const child = spawn(NODE, [...flags, ...cliArgs('serve', '--dir', dir, '--port', '0', '--state-dir', temp('state'))], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
  const deadline = performance.now() + 30_000;
  for (;;) {
    const found = /teamtop serve: (http:\/\/\S+)\n/u.exec(out);
    if (found) {
      const url = new URL(found[1]);
      return { child, pid: child.pid, origin: url.origin, token: url.searchParams.get('token') };
    }
    if (child.exitCode !== null || performance.now() > deadline) throw new Error(`teamtop serve did not start: ${out}`);
    await sleep(20);
  }
}

async function stop(served) {
  const exited = new Promise((resolve) => served.child.once('exit', resolve));
  served.child.kill('SIGTERM');
  await exited;
}

/** A live page's stream: everything it was sent, and when each marker first arrived. */
function openPage(served) {
  return new Promise((resolve, reject) => {
    const waiters = new Set();
    let seen = '';
    const call = request(`${served.origin}/live`, { headers: { Authorization: `Bearer ${served.token}` } }, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        const now = performance.now();
        seen = (seen + chunk).slice(-200_000);
        for (const waiter of waiters) {
          if (!seen.includes(waiter.marker)) continue;
          waiters.delete(waiter);
          waiter.resolve(now);
        }
      });
      resolve({
        waitFor: (marker) => new Promise((done) => waiters.add({ marker, resolve: done })),
        close: () => call.destroy(),
      });
    });
    call.on('error', (error) => {
      if (!call.destroyed) reject(error);
    });
    call.end();
  });
}

/** A team of five and its lead's inbox, as the CPU phase of the dashboard has it. */
function fiveDir() {
  const dir = temp('five');
  const names = makeTeam(dir, 'five', { members: 5, messages: 50, tasks: 10, start: Date.now() - 3_600_000 });
  const inbox = join(dir, 'teams', 'five', 'inboxes', 'team-lead.json');
  return { dir, names, inbox };
}

/** Messages appended 100 ms apart; `seenBy(marker)` resolves when the watcher side showed it. Returns ms of CPU per message. */
async function appendMessages({ names, inbox }, pid, seenBy) {
  const messages = JSON.parse(readFileSync(inbox, 'utf8'));
  const count = QUICK ? 50 : 100;
  const seen = [];
  const before = cpuSeconds(pid);
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    await sleep(start + i * 100 - performance.now());
    const marker = `serve${i}x${Math.random().toString(36).slice(2, 6)}`;
    messages.push(message(names[1 + (i % 4)], `${marker} appended`, Date.now()));
    const shown = seenBy(marker);
    writeJsonAtomic(inbox, messages);
    const t0 = performance.now();
    seen.push(shown.then((at) => at - t0));
  }
  await sleep(start + count * 100 - performance.now());
  const latencies = await Promise.all(seen);
  return { msPerMessage: ((cpuSeconds(pid) - before) * 1000) / count, latency: stats(latencies) };
}

async function serveCpu() {
  // The baseline: the dashboard alone, on its own copy of the team.
  const alone = fiveDir();
  const term = await startTeamtop(alone.dir, [], WIDE);
  await term.waitFor(alone.names[4]);
  await sleep(2000);
  const dashboard = await appendMessages(alone, term.pid, (marker) => term.waitFor(marker, 10_000));
  await term.quit();

  const withPages = async (pages) => {
    const team = fiveDir();
    const served = await startServe(team.dir);
    const open = await Promise.all(Array.from({ length: pages }, () => openPage(served)));
    await Promise.all(open.map((page) => page.waitFor(team.names[4])));
    await sleep(2000);
    // Every page has it: the last to.
    const figures = await appendMessages(team, served.pid, (marker) =>
      Promise.all(open.map((page) => page.waitFor(marker))).then((times) => Math.max(...times)),
    );
    for (const page of open) page.close();
    await stop(served);
    return figures;
  };
  const one = await withPages(1);
  const twenty = await withPages(20);
  return { dashboard, one, twenty };
}

/** One GET on a kept-alive connection: ms from the request to the last byte. */
function timedGet(url, agent, headers) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const call = request(url, { agent, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () =>
        response.statusCode === 200 ? resolve({ ms: performance.now() - t0, bytes }) : reject(new Error(`${response.statusCode}`)),
      );
    });
    call.on('error', reject);
    call.end();
  });
}

async function serveScrape() {
  const typical = typicalDir();
  const served = await startServe(typical.dir);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { Authorization: `Bearer ${served.token}` };
  // Loaded once every team is in (and V8 has warmed to the scrape).
  for (let i = 0; i < 50; i++) await timedGet(`${served.origin}/metrics`, agent, headers);
  const times = [];
  let bytes = 0;
  for (let i = 0; i < (QUICK ? 100 : 200); i++) {
    const scrape = await timedGet(`${served.origin}/metrics`, agent, headers);
    times.push(scrape.ms);
    bytes = scrape.bytes;
  }
  agent.destroy();
  await stop(served);
  const { median, p95 } = stats(times);
  return { median, p95, bytes };
}

export const serveCpuPhase = {
  label: 'serve: CPU per message with 1 and 20 live pages, beside the dashboard alone',
  run: serveCpu,
  summary: (runs) => ({
    messages: QUICK ? 50 : 100,
    dashboard: across(runs, (r) => r.dashboard.msPerMessage),
    one: across(runs, (r) => r.one.msPerMessage),
    twenty: across(runs, (r) => r.twenty.msPerMessage),
    oneRatio: across(runs, (r) => r.one.msPerMessage / r.dashboard.msPerMessage),
    twentyRatio: across(runs, (r) => r.twenty.msPerMessage / r.one.msPerMessage),
    oneLatency: across(runs, (r) => r.one.latency.median),
    twentyLatency: across(runs, (r) => r.twenty.latency.median),
  }),
  rows: (s) => [
    [
      'serve: CPU per message, one page open (ms)',
      spread(s.one, 2),
      `dashboard alone ${spread(s.dashboard, 2)} ms; ${spread(s.oneRatio, 2)}×; change → page ${fmt(s.oneLatency.median, 0)} ms`,
      '≤ 1.3× the dashboard',
    ],
    [
      'serve: CPU per message, 20 pages open (ms)',
      spread(s.twenty, 2),
      `${spread(s.twentyRatio, 2)}× one page; change → the last page ${fmt(s.twentyLatency.median, 0)} ms`,
      '≤ 2× one page',
    ],
  ],
};

export const serveScrapePhase = {
  label: 'serve: a /metrics scrape of the typical team',
  run: serveScrape,
  summary: (runs) => ({ p50: across(runs, (r) => r.median), p95: across(runs, (r) => r.p95), bytes: runs[0].bytes }),
  rows: (s) => [
    [
      'serve: /metrics scrape p50 / p95 (ms)',
      `${spread(s.p50, 2)} / ${spread(s.p95, 2)}`,
      `three teams of five, ${fmt(s.bytes / 1024, 0)} KB, request to last byte`,
      'p50 ≤ 5',
    ],
  ],
};

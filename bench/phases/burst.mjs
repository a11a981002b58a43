// 4. A burst: thousands of writes to one inbox in two seconds, with a key
// pressed every 150 ms while it runs; and the CPU each message costs when
// they come 100 ms apart.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { stats } from '../../harness/stats.mjs';
import { across, fmt, FIXED_NOW, pair, percentiles, QUICK, spread, startTeamtop, temp, typicalDir, WIDE } from '../context.mjs';
import { makeTeam, message, writeJsonAtomic } from '../fixtures.mjs';

async function burst() {
  const typical = typicalDir();
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

export const burstPhase = {
  label: '4/8 burst',
  run: burst,
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
};

/**
 * Messages appended to the lead's inbox 100 ms apart, each a temp file renamed
 * over it: the CPU teamtop used over those seconds per message (everything a
 * message costs: the event, the read, the store, the frame, and the ages it
 * makes tick), and each message's write → frame latency in the same run.
 */
async function cpuPerMessage() {
  const dir = temp('five');
  const names = makeTeam(dir, 'five', { members: 5, messages: 50, tasks: 10, start: Date.now() - 3_600_000 });
  const term = await startTeamtop(dir, [], WIDE);
  await term.waitFor(names[4]);
  await sleep(2000);
  const inbox = join(dir, 'teams', 'five', 'inboxes', 'team-lead.json');
  const messages = JSON.parse(readFileSync(inbox, 'utf8'));
  const count = QUICK ? 50 : 100;
  const gapMs = 100;
  const seen = [];
  const cpuBefore = term.cpuSeconds();
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    await sleep(start + i * gapMs - performance.now());
    const marker = `cpu${i}x${Math.random().toString(36).slice(2, 6)}`;
    messages.push(message(names[1 + (i % 4)], `${marker} appended`, Date.now()));
    const shown = term.waitFor(marker, 10_000);
    writeJsonAtomic(inbox, messages);
    const t0 = performance.now();
    seen.push(shown.then((at) => at - t0));
  }
  await sleep(start + count * gapMs - performance.now());
  const latencies = await Promise.all(seen);
  const cpu = term.cpuSeconds() - cpuBefore;
  await term.quit();
  return { count, cpuMsPerMessage: (cpu * 1000) / count, ...percentiles(latencies) };
}

export const cpuPhase = {
  label: '4/8 CPU per message: a team of five at 160x48, a message every 100 ms',
  run: cpuPerMessage,
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
};

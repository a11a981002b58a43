// 6. Idle: the CPU a dashboard uses when nothing changes, with old times on
// screen and with seconds-old ones ticking; and 5b, the memory over a
// ten-minute soak (only with --soak, or --only soak).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { across, fmt, QUICK, spread, startTeamtop, temp, typicalDir, WIDE } from '../context.mjs';
import { makeTeam, message, writeJson, writeJsonAtomic } from '../fixtures.mjs';

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

/** A team on the dashboard's clock: its members' messages, statuses and an open handshake seconds old. */
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

async function idle() {
  const typical = typicalDir();
  const term = await startTeamtop(typical.dir);
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
  return { per10s: (steady * 10) / seconds, afterStartPer10s: (afterStart * 10) / seconds };
}

const idleSummary = (runs) => ({
  per10s: across(runs, (r) => r.per10s),
  firstAfterStartPer10s: across(runs, (r) => r.afterStartPer10s),
});

export const idlePhase = {
  label: '6/8 idle',
  run: idle,
  summary: idleSummary,
  rows: (i) => [['idle CPU per 10 s (s)', spread(i.per10s, 3), `first 10 s after start: ${spread(i.firstAfterStartPer10s, 3)}`, '≤ 0.05']],
};

export const youngIdlePhase = {
  label: '6/8 idle with young ages: seconds-old times on screen, at 160x48',
  run: youngIdle,
  summary: idleSummary,
  rows: (i) => [
    ['idle CPU per 10 s, ages ticking (s)', spread(i.per10s, 3), `first 10 s after start: ${spread(i.firstAfterStartPer10s, 3)}`, '≤ 0.05'],
  ],
};

async function soak() {
  const typical = typicalDir();
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

export const soakPhase = {
  label: '5/8 soak (10 minutes)',
  runs: 1,
  onlyWhenAsked: true,
  run: soak,
  summary: ([run]) => run,
  rows: (s) => [
    ['soak: RSS growth over 10 min at 20 msg/s (MB)', fmt(s.growthMb, 1), `${s.messages} messages, peak ${fmt(s.peakMb, 0)}`, ''],
  ],
};

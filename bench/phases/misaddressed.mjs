// 6c. Idle with ages ticking on a roster of N members and N misaddressed
// inboxes, and on a team of five with 5,000 open shutdown requests (issue 26
// §3.1), all stalled or one stalling every second: what the files say is
// worked out once per change, an open request judged again only when it
// stalls, and the one-second tick only redraws ages. The baseline, in the same run: five members and five
// misaddressed inboxes. CROWD_SIZES=300 runs one size (for a profile:
// BENCH_NODE_FLAGS, see run.mjs).
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { across, QUICK, spread, startTeamtop, temp, WIDE } from '../context.mjs';
import { makeTeam, message, writeJson } from '../fixtures.mjs';

const SIZES = (process.env.CROWD_SIZES ?? '100,300').split(',').map(Number);

/** `size` members and `size` inboxes of names on no roster, each with an unread message seconds old. */
function crowdDir(size) {
  const now = Date.now();
  const dir = temp('crowd');
  const names = makeTeam(dir, 'crowd', { members: size, messages: 1, tasks: 0, start: now - 20_000 });
  for (let i = 0; i < size; i++) {
    // A typo of a member's name: "did you mean" has to look through the roster.
    const owner = `crowd-x${i + 1}`;
    writeJson(join(dir, 'teams', 'crowd', 'inboxes', `${owner}.json`), [
      { ...message('team-lead', `for ${owner}`, now - 5000), read: false },
    ]);
  }
  return { dir, marker: names[1] };
}

const SHUTDOWNS = 5000;

/**
 * A team of five, each teammate's inbox holding its share of `count` shutdown
 * requests from the lead a second apart, none answered, the newest `newestAgeMs`
 * old: seconds old, one more stalls every second while it is measured; two
 * minutes old, all have stalled and nothing changes but ages.
 */
function shutdownsDir(count, newestAgeMs) {
  const now = Date.now();
  const dir = temp('shutdowns');
  const names = makeTeam(dir, 'asked', { members: 5, messages: 0, tasks: 0, start: now - newestAgeMs - count * 1000 - 60_000 });
  const teammates = names.slice(1);
  const inboxes = new Map(teammates.map((name) => [name, []]));
  for (let i = 0; i < count; i++) {
    const to = teammates[i % teammates.length];
    const time = now - newestAgeMs - (count - 1 - i) * 1000;
    const requestId = `shutdown-${i}@${to}`;
    const text = JSON.stringify({
      type: 'shutdown_request',
      requestId,
      from: 'team-lead',
      reason: 'done',
      timestamp: new Date(time).toISOString(),
    });
    inboxes.get(to).push(message('team-lead', text, time));
  }
  for (const [owner, inbox] of inboxes) writeJson(join(dir, 'teams', 'asked', 'inboxes', `${owner}.json`), inbox);
  return { dir, marker: 'shutdown' };
}

/** CPU per 10 s of teamtop idle on `fixture`, after the first seconds (which compile the code the tick runs). */
async function idleOn(fixture) {
  const term = await startTeamtop(fixture.dir, [], WIDE);
  await term.waitFor(fixture.marker, 120_000);
  await sleep(QUICK ? 4000 : 8000);
  const seconds = QUICK ? 5 : 10;
  const before = term.cpuSeconds();
  await sleep(seconds * 1000);
  const per10s = ((term.cpuSeconds() - before) * 10) / seconds;
  await term.quit();
  return per10s;
}

async function crowdIdle() {
  const result = { baseline: await idleOn({ ...crowdDir(5), marker: 'misaddressed' }) };
  for (const size of SIZES) result[size] = await idleOn({ ...crowdDir(size), marker: 'misaddressed' });
  result.shutdowns = await idleOn(shutdownsDir(SHUTDOWNS, 1000));
  result.stalledShutdowns = await idleOn(shutdownsDir(SHUTDOWNS, 120_000));
  return result;
}

export const crowdIdlePhase = {
  label: '6/8 idle with ages ticking, N members × N misaddressed inboxes, and 5,000 open shutdown requests',
  run: crowdIdle,
  summary: (runs) =>
    Object.fromEntries(['baseline', ...SIZES, 'shutdowns', 'stalledShutdowns'].map((key) => [key, across(runs, (r) => r[key])])),
  rows: (figures) => {
    const baseline = `5 × 5: ${spread(figures.baseline, 3)}`;
    return [
      ...SIZES.map((size) => [
        `idle CPU per 10 s, ${size} members × ${size} misaddressed (s)`,
        spread(figures[size], 3),
        baseline,
        'the tick redraws ages only',
      ]),
      [
        `idle CPU per 10 s, ${SHUTDOWNS.toLocaleString('en')} open shutdown requests, all stalled (s)`,
        spread(figures.stalledShutdowns, 3),
        baseline,
        'the tick redraws ages only',
      ],
      [
        `idle CPU per 10 s, ${SHUTDOWNS.toLocaleString('en')} open shutdown requests, one stalling every second (s)`,
        spread(figures.shutdowns, 3),
        baseline,
        'each stall judged once',
      ],
    ];
  },
};

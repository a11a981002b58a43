// 6c. Idle with ages ticking on a roster of N members and N misaddressed
// inboxes (issue 26 §3.1): what the files say is worked out once per change,
// and the one-second tick only redraws ages. CROWD_SIZES=300 runs one size
// (for a profile: BENCH_NODE_FLAGS, see run.mjs).
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

async function crowdIdle() {
  const result = {};
  for (const size of SIZES) {
    const fixture = crowdDir(size);
    const term = await startTeamtop(fixture.dir, [], WIDE);
    await term.waitFor('misaddressed', 120_000);
    // The first seconds compile the code the tick runs: measured after them.
    await sleep(QUICK ? 4000 : 8000);
    const seconds = QUICK ? 5 : 10;
    const before = term.cpuSeconds();
    await sleep(seconds * 1000);
    result[size] = ((term.cpuSeconds() - before) * 10) / seconds;
    await term.quit();
  }
  return result;
}

export const crowdIdlePhase = {
  label: '6/8 idle with ages ticking, N members × N misaddressed inboxes',
  run: crowdIdle,
  summary: (runs) => Object.fromEntries(SIZES.map((size) => [size, across(runs, (r) => r[size])])),
  rows: (figures) =>
    SIZES.map((size) => [
      `idle CPU per 10 s, ${size} members × ${size} misaddressed (s)`,
      spread(figures[size], 3),
      '',
      'the tick redraws ages only',
    ]),
};

// The big team (8 members, 10,000 messages each, 300 tasks): change → frame
// against the bare watcher and JSON.parse of the inbox, key press → frame
// against a bare Ink program, and the peak RSS.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pty } from '../../harness/pty.mjs';
import { across, pair, percentiles, QUICK, ratio, root, spread, temp } from '../context.mjs';
import { makeTeam } from '../fixtures.mjs';
import { bareLatency, latency } from './latency.mjs';

const BARE_KEYS = join(root, 'bench', 'bare-keys.mjs');
const PRESSES = QUICK ? 10 : 30;

/** Key presses, each waited for until the frame it causes starts to arrive. */
async function presses(term, keys, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    // Every frame Ink writes starts with escape sequences (synchronized output, erase).
    const changed = term.waitFor('\u001b[', 5000);
    const t0 = performance.now();
    term.press(keys[i % keys.length]);
    times.push((await changed) - t0);
    await sleep(60);
  }
  return percentiles(times);
}

async function bareKeys() {
  const term = new Pty([BARE_KEYS], { cwd: root });
  await term.waitFor('key 0');
  await sleep(300);
  const result = await presses(term, ['x'], PRESSES);
  term.kill();
  await term.exited;
  return result;
}

let big;
function bigDir() {
  if (big) return big;
  const dir = temp('big');
  const names = makeTeam(dir, 'big', { members: 8, messages: QUICK ? 2000 : 10_000, tasks: 300 });
  return (big = { dir, team: 'big', names, marker: names[7] });
}

export const bigPhase = {
  label: '2/8 and 7/8, big team: change → frame, key press → frame, peak RSS',
  async run() {
    const fixture = bigDir();
    const bare = await bareLatency(fixture, QUICK ? 10 : 50);
    const { term, ...teamtop } = await latency(fixture, QUICK ? 10 : 50);
    // ↑ scrolls the lead's inbox (10,000 messages); tab and shift-tab move focus to
    // the next pane and back: each changes the frame.
    const keyPress = await presses(term, ['\u001b[A', '\t', '\u001b[Z'], PRESSES);
    const memory = term.memory();
    await term.quit();
    const bareKeyPress = await bareKeys();
    return { teamtop, bare, keyPress, bareKeyPress, memory };
  },
  summary: (runs) => ({
    p50: across(runs, (r) => r.teamtop.p50),
    p95: across(runs, (r) => r.teamtop.p95),
    bare: { p50: across(runs, (r) => r.bare.p50), p95: across(runs, (r) => r.bare.p95) },
    parseFloorMs: across(runs, (r) => r.teamtop.parseMs),
    p95ToParseFloor: across(runs, (r) => r.teamtop.p95 / r.teamtop.parseMs),
    keyPress: { p50: across(runs, (r) => r.keyPress.p50), p95: across(runs, (r) => r.keyPress.p95) },
    keyPressBareInk: { p50: across(runs, (r) => r.bareKeyPress.p50), p95: across(runs, (r) => r.bareKeyPress.p95) },
    peakMb: across(runs, (r) => r.memory.peakMb),
    rssMb: across(runs, (r) => r.memory.rssMb),
  }),
  rows: (s) => [
    ['change → frame, big (ms) p50 / p95', pair(s), `bare watcher ${pair(s.bare)}: ×${ratio(s.p95, s.bare.p95)} at p95`, 'p95 ≤ 50'],
    ['big p95 / JSON.parse of the inbox', `×${spread(s.p95ToParseFloor, 2)}`, `parse ${spread(s.parseFloorMs, 1)} ms`, '≤ 3×'],
    [
      'key press → frame, big team (ms) p50 / p95',
      pair(s.keyPress),
      `bare Ink ${pair(s.keyPressBareInk)}: ×${ratio(s.keyPress.p95, s.keyPressBareInk.p95)} at p95`,
      'p95 ≤ 30',
    ],
    ['peak RSS, big team (MB)', spread(s.peakMb, 0), `RSS after: ${spread(s.rssMb, 0)}`, '≤ 200'],
  ],
};

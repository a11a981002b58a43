// 3. Capture rate: messages written and deleted 100, 20 and 5 ms later (newer
// Claude Code deletes a delivered message about 100 ms after writing it), and
// how many of them the journal kept; and a real 2.1.330 run played back at 1×.
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { teamtopJson } from '../../harness/pty.mjs';
import { across, FIXED_NOW, pair, QUICK, spread, startTeamtop, temp } from '../context.mjs';
import { makeTeam, message, writeJsonAtomic } from '../fixtures.mjs';
import { REPLAYED, replayRecording } from './replay.mjs';

const WINDOWS = [100, 20, 5];

async function captureRate() {
  const dir = temp('capture');
  const state = temp('capture-state');
  makeTeam(dir, 'cap', { members: 3, messages: 0, tasks: 0 });
  const inbox = join(dir, 'teams', 'cap', 'inboxes', 'team-lead.json');
  const term = await startTeamtop(dir, ['--state-dir', state, '--now', FIXED_NOW]);
  await term.waitFor('cap-m2');
  await sleep(300);
  const count = QUICK ? 40 : 200;
  for (const window of WINDOWS) {
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
  for (const window of WINDOWS) {
    let found = 0;
    for (let i = 0; i < count; i++) if (texts.has(`cap${window}-${i}-end`)) found++;
    result[`${window}ms`] = { captured: found, of: count, rate: found / count };
  }
  return result;
}

export const capturePhase = {
  label: '3/8 capture rate',
  run: captureRate,
  summary: (runs) =>
    Object.fromEntries(
      Object.keys(runs[0]).map((window) => [window, { rate: across(runs, (r) => r[window].rate), of: runs[0][window].of }]),
    ),
  rows: (s) =>
    Object.entries(s).map(([window, r]) => [
      `capture, deleted after ${window}`,
      spread({ median: r.rate.median * 100, min: r.rate.min * 100, max: r.rate.max * 100 }, 1, '%'),
      `of ${r.of} per run`,
      window === '5ms' ? '≥ 99%' : '100%',
    ]),
};

export const replayPhase = {
  label: `3/8 capture and change → frame: ${REPLAYED} replayed at 1×`,
  run: () => replayRecording(temp('replay'), temp('replay-state')),
  summary: (runs) => ({
    recording: REPLAYED,
    written: runs[0].written,
    kept: across(runs, (r) => r.kept),
    drawn: across(runs, (r) => r.drawn),
    p50: across(runs, (r) => r.p50),
    p95: across(runs, (r) => r.p95),
    max: across(runs, (r) => r.max),
  }),
  rows: (s) => [
    [
      'a 2.1.330 run replayed at 1×: write → frame (ms) p50 / p95',
      pair(s),
      `${spread(s.kept, 0)} of ${s.written} messages kept, ${spread(s.drawn, 0)} drawn; max ${spread(s.max)} ms`,
      'all kept',
    ],
  ],
};

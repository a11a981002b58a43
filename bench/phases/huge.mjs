// 8. Huge inputs, far beyond a real team's (the hardening tests prove they are
// shown; here, how long the first frame takes and how much memory it costs),
// and long messages: drawing must cost what is on screen, not what is in them.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { across, FIXED_NOW, log, QUICK, repeat, spread, startTeamtop, temp } from '../context.mjs';
import { makeTeam, message, writeJson } from '../fixtures.mjs';

const T = Date.parse('2026-11-01T09:00:00Z');

/** A team of a lead and a worker. */
const lead = (dir, team) =>
  writeJson(join(dir, 'teams', team, 'config.json'), {
    name: team,
    members: [
      { name: 'team-lead', agentType: 'team-lead' },
      { name: 'worker', color: 'green' },
    ],
  });

function hugeDirs() {
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

export const hugePhase = {
  label: '8/8 huge inputs',
  // Each input is run RUNS times inside it.
  runs: 1,
  async run() {
    log('8/8 huge inputs (writing them)');
    const results = [];
    for (const fixture of hugeDirs())
      results.push({ fixture, runs: await repeat(`8/8 huge inputs: ${fixture.name}`, () => huge(fixture)) });
    return results;
  },
  summary: ([results]) =>
    results.map(({ fixture, runs }) => ({
      input: fixture.name,
      firstFrameMs: across(runs, (r) => r.firstFrameMs),
      ...(fixture.open ? { openMs: across(runs, (r) => r.openMs), endMs: across(runs, (r) => r.endMs) } : {}),
      peakMb: across(runs, (r) => r.peakMb),
    })),
  rows: (all) =>
    all.map((h) => [
      `huge: ${h.input}: first frame (ms)`,
      spread(h.firstFrameMs, 0),
      `peak RSS ${spread(h.peakMb, 0)} MB${h.openMs ? `; detail view opens in ${spread(h.openMs, 0)} ms, its end (G) in ${spread(h.endMs, 0)} ms` : ''}`,
      '',
    ]),
};

/**
 * One long message of ordinary text with a single character to settle at its
 * end (an accent, a skin tone): agent output as it comes.
 */
function longMessageDirs() {
  const sentence = 'The build passed on the second try after the cache was cleared, and the report is in the usual place. ';
  const ordinary = (length) => sentence.repeat(Math.ceil(length / sentence.length)).slice(0, length);
  const cases = [
    ['200,000 characters and one accent', 200_000, 'cafe\u0301'],
    ['200,000 characters and one skin-tone emoji', 200_000, '👍🏽'],
    ['1 MB and one accent', 1_000_000, 'cafe\u0301'],
  ];
  return cases.map(([name, length, end]) => {
    const dir = temp('long-message');
    lead(dir, 'long');
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

export const longMessagePhase = {
  label: 'long messages',
  runs: 1,
  async run() {
    log('long messages (writing them)');
    const results = [];
    for (const fixture of longMessageDirs())
      results.push({ fixture, runs: await repeat(`long messages: ${fixture.name}`, () => longMessage(fixture)) });
    return results;
  },
  summary: ([results]) =>
    results.map(({ fixture, runs }) => ({
      input: fixture.name,
      ...Object.fromEntries(Object.keys(runs[0]).map((figure) => [figure, across(runs, (r) => r[figure])])),
    })),
  rows: (all) =>
    all.flatMap((m) => [
      [`long message, ${m.input}: first frame / tab (ms)`, `${spread(m.firstFrameMs, 0)} / ${spread(m.tabMs, 0)}`, '', ''],
      [`  … timeline / a key there (ms)`, `${spread(m.timelineMs, 0)} / ${spread(m.timelineKeyMs, 0)}`, '', ''],
      [`  … opened / its end (G) / page up (ms)`, `${spread(m.openMs, 0)} / ${spread(m.endMs, 0)} / ${spread(m.pageMs, 0)}`, '', ''],
    ]),
};

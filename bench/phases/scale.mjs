// Flat with scale (issue 39): CPU per message and idle CPU on a team of 20
// members with 100,000 messages in their inboxes, and on a team of five whose
// transcripts are 50 MB each, against a typical team of five, in the same run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { across, fmt, QUICK, spread, startTeamtop, temp, WIDE } from '../context.mjs';
import { makeTeam, message, writeJsonAtomic } from '../fixtures.mjs';
import { fill, teamWithTranscripts } from './transcript-load.mjs';

const START = Date.parse('2026-11-01T10:00:00Z');
/** The quick run proves the phase works and asserts no timing: a smaller big team, a short wait and window. */
const SETTLE_MS = QUICK ? 2_000 : 30_000;
const IDLE_MS = QUICK ? 3_000 : 10_000;
const BIG_MESSAGES = QUICK ? 500 : 5000;
const BIG = (BIG_MESSAGES * 20).toLocaleString('en');

function teamDir(name, members, messages) {
  const dir = temp(name);
  const names = makeTeam(dir, name, { members, messages, tasks: 10, start: START });
  return { dir, team: name, names, marker: names[4] };
}

function transcriptsDir() {
  const fixture = teamWithTranscripts('scale-transcripts');
  fill(fixture.paths, QUICK ? 10 : 50);
  return { ...fixture, team: 'scale-transcripts', read: ' out · ' };
}

/** Idle CPU over 10 s once the team is on screen, then CPU per message appended to the lead's inbox every 100 ms. */
async function measure({ dir, team, names, marker, read }) {
  const term = await startTeamtop(dir, [], WIDE);
  await term.waitFor(read ?? marker, 120_000);
  // Past V8's one-off clean-up of what start-up read: a big heap is shrunk 20 s or so after it grew (see transcript-load).
  await sleep(SETTLE_MS);
  const idleBefore = term.cpuSeconds();
  await sleep(IDLE_MS);
  const idle = ((term.cpuSeconds() - idleBefore) * 10_000) / IDLE_MS;
  const inbox = join(dir, 'teams', team, 'inboxes', 'team-lead.json');
  const messages = JSON.parse(readFileSync(inbox, 'utf8'));
  const count = QUICK ? 50 : 100;
  const cpuBefore = term.cpuSeconds();
  const start = performance.now();
  const shown = [];
  for (let i = 0; i < count; i++) {
    await sleep(start + i * 100 - performance.now());
    const text = `scale${i}x${Math.random().toString(36).slice(2, 6)}`;
    messages.push(message(names[1 + (i % 4)], `${text} appended`, Date.now()));
    shown.push(term.waitFor(text, 10_000));
    writeJsonAtomic(inbox, messages);
  }
  await sleep(start + count * 100 - performance.now());
  await Promise.all(shown);
  const cpu = term.cpuSeconds() - cpuBefore;
  await term.quit();
  return { idle, msPerMessage: (cpu * 1000) / count };
}

export const scalePhase = {
  label: 'scale: 20 members with 100,000 messages, and five 50 MB transcripts, against a typical team of five',
  runs: QUICK ? 1 : undefined,
  run: async () => ({
    typical: await measure(teamDir('scale-typical', 5, 50)),
    big: await measure(teamDir('scale-big', 20, BIG_MESSAGES)),
    transcripts: await measure(transcriptsDir()),
  }),
  summary: (runs) =>
    Object.fromEntries(
      ['typical', 'big', 'transcripts'].flatMap((name) => [
        [`${name}Ms`, across(runs, (r) => r[name].msPerMessage)],
        [`${name}Idle`, across(runs, (r) => r[name].idle)],
      ]),
    ),
  rows: (s) => {
    const against = (which, figure, digits) =>
      `typical ${spread(s[`typical${figure}`], digits)}: ×${fmt(s[`${which}${figure}`].median / s[`typical${figure}`].median, 2)}`;
    return [
      [`CPU per message, 20 members, ${BIG} messages (ms)`, spread(s.bigMs, 1), against('big', 'Ms', 1), '≤ 1.3× typical'],
      ['CPU per message, five 50 MB transcripts (ms)', spread(s.transcriptsMs, 1), against('transcripts', 'Ms', 1), '≤ 1.3× typical'],
      [`idle CPU per 10 s, 20 members, ${BIG} messages (s)`, spread(s.bigIdle, 3), against('big', 'Idle', 3), '≤ 1.3× typical'],
      ['idle CPU per 10 s, five 50 MB transcripts (s)', spread(s.transcriptsIdle, 3), against('transcripts', 'Idle', 3), '≤ 1.3× typical'],
    ];
  },
};

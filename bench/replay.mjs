// A recording of the real Claude Code played back at its own pace against the
// live dashboard: every file version written when and as the client wrote it
// (conformance/reenact.mjs), teamtop on its timeline. How long each message
// takes from its write to the frame, and whether teamtop kept every one.
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { LiveDashboard } from '../conformance/dashboard.mjs';
import { readEvents, recordedMessages, recordedTeams, verdict } from '../conformance/recording.mjs';
import { reenact } from '../conformance/reenact.mjs';
import { cliArgs, teamtopJson } from './pty.mjs';

/** The recording played: the richest of the four (23 messages in 8 s: three members, a shutdown rejected then approved). */
export const REPLAYED = 'cc-2.1.330-realcc-team-in-process';
const snap = fileURLToPath(new URL(`../test-fixtures/captures/${REPLAYED}/snap`, import.meta.url));

/** Plays the recording into `dir` (empty) with the dashboard on it, its journal in `state`. */
export async function replayRecording(dir, state) {
  const events = readEvents(snap);
  const recorded = recordedMessages(snap, events);
  const dashboard = new LiveDashboard(cliArgs('--dir', dir, '--state-dir', state));
  try {
    await dashboard.waitFor(/teamtop ·/u);
    const playing = reenact(snap, dir, { events });
    // The team appears a second before its first message: time to open the timeline.
    await dashboard.waitFor(/· 1 team/u);
    dashboard.press('t');
    const timelineAt = await dashboard.waitFor(/ Timeline /u);
    const applied = await playing;
    if (applied.get(recorded[0].seq) < timelineAt)
      throw new Error('the first message came before the timeline was open: its time would not count');
    await sleep(500);
    await dashboard.quit();
    const teamtop = teamtopJson('--dir', dir, '--state-dir', state);
    const teams = recordedTeams(snap, events);
    const { written, kept, drawn, latency } = verdict(
      { recorded, teams },
      teamtop,
      (messages) => dashboard.drawnAt(messages),
      (message) => applied.get(message.seq),
    );
    return { written, kept, drawn, p50: latency.median, p95: latency.p95, max: latency.max };
  } finally {
    dashboard.kill();
  }
}

// A recording of the real Claude Code played back at its own pace against the
// live dashboard: every file operation made when and as the client made it
// (harness/reenact.mjs), teamtop on its timeline. How long each message
// takes from its write to the frame, and whether teamtop kept every one.
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { LiveDashboard } from '../../harness/dashboard.mjs';
import { loadRecording, recordedRun } from '../../harness/recording.mjs';
import { verdict } from '../../harness/verdict.mjs';
import { reenact } from '../../harness/reenact.mjs';
import { cliArgs, teamtopJson } from '../../harness/pty.mjs';

/** The recording played: the richest of the four (23 messages in 8 s: three members, a shutdown rejected then approved). */
export const REPLAYED = 'cc-2.1.330-realcc-team-in-process';
const folder = fileURLToPath(new URL(`../../test-fixtures/captures/${REPLAYED}`, import.meta.url));

/** Plays the recording into `dir` (empty) with the dashboard on it, its journal in `state`. */
export async function replayRecording(dir, state) {
  const recording = loadRecording(folder);
  const run = recordedRun(recording);
  const dashboard = new LiveDashboard(cliArgs('--dir', dir, '--state-dir', state));
  try {
    await dashboard.waitFor(/teamtop ·/u);
    const playing = reenact(recording, dir);
    // The team appears a second before its first message: time to open the timeline.
    await dashboard.waitFor(/· 1 team/u);
    dashboard.press('t');
    const timelineAt = await dashboard.waitFor(/ Timeline /u);
    const { appliedAt } = await playing;
    if (appliedAt[run.messages[0].op] < timelineAt)
      throw new Error('the first message came before the timeline was open: its time would not count');
    await sleep(500);
    await dashboard.quit();
    const teamtop = teamtopJson('--dir', dir, '--state-dir', state);
    const { written, kept, drawn, latency } = verdict(
      run,
      teamtop,
      (messages) => dashboard.drawnAt(messages),
      (message) => appliedAt[message.op],
    );
    return { written, kept, drawn, p50: latency.median, p95: latency.p95, max: latency.max };
  } finally {
    dashboard.kill();
  }
}

// Runs the demo script against a config dir: its files, transcripts and the lead's session state change as a real team's.
import { setTimeout as sleep } from 'node:timers/promises';
import { ClaudeWriter, type WriterTrace } from './claude-writer.js';
import { DemoTeam, SCRIPT } from './script.js';
import { WORK } from './work.js';

/** The script and the work between its messages; at one instant, the script's step first. */
const TIMELINE = [...SCRIPT, ...WORK].sort((a, b) => a.at - b.at);

interface SimulateOptions {
  readonly claudeDir: string;
  /** 1 plays the script in about 90 s; 10 in about 9 s. */
  readonly speed: number;
  /** Leave the team's files in place at the end (no cleanup). */
  readonly keep?: boolean;
  /** Stop after this many seconds of the script (at speed 1), the files as they are then. */
  readonly until?: number;
  readonly signal?: AbortSignal;
  /** Told about each step as it happens: seconds into the script (at speed 1) and what it did. */
  readonly onStep?: (at: number, what: string) => void;
  /** Told of every change made on disk. */
  readonly trace?: WriterTrace;
}

/** At any speed, the writer's delays stay long enough for a real watcher to see each state. */
const scaled = (ms: number, speed: number) => Math.max(20, Math.round(ms / speed));

export async function simulate({
  claudeDir,
  speed,
  keep = false,
  until = Infinity,
  signal,
  onStep,
  trace,
}: SimulateOptions): Promise<void> {
  const timing = { deliverAfterMs: scaled(250, speed), deleteAfterMs: scaled(100, speed) };
  const writer = new ClaudeWriter(claudeDir, timing, Date.now, trace);
  const team = new DemoTeam(writer, Date.now);
  const started = Date.now();
  const cleanup = SCRIPT[SCRIPT.length - 1]!;
  try {
    for (const step of TIMELINE) {
      if (step.at > until) break;
      const due = started + (step.at * 1000) / speed;
      // Rejects when aborted; the check below ends the run either way.
      await sleep(Math.max(0, due - Date.now()), undefined, { signal }).catch(() => undefined);
      if (signal?.aborted) return;
      if (keep && step === cleanup) break;
      // Not `onStep?.(…, step.run(team))`: an optional call skips evaluating its arguments.
      const what = step.run(team);
      if (what !== '') onStep?.(step.at, what);
    }
    // Let the last messages be delivered and deleted, as they would be.
    if (keep || until < Infinity)
      await sleep(timing.deliverAfterMs + timing.deleteAfterMs + 20, undefined, { signal }).catch(() => undefined);
  } finally {
    writer.cancel();
  }
}

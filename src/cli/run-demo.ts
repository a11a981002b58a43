import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Thresholds } from '../core/model/settings.js';
import { DEMO_TEAM } from '../io/demo/script.js';
import { simulate } from '../io/demo/simulate.js';

export interface DemoOptions {
  readonly thresholds: Thresholds;
  readonly speed: number;
  readonly color: boolean;
}

/** The scripted team playing in a fresh temp dir while `show` runs on it; the dir is gone after. */
async function withDemoTeam(speed: number, show: (claudeDir: string) => Promise<number>): Promise<number> {
  const claudeDir = mkdtempSync(join(tmpdir(), 'teamtop-demo-'));
  const removeDir = () => rmSync(claudeDir, { recursive: true, force: true });
  process.once('exit', removeDir);
  const running = new AbortController();
  void simulate({ claudeDir, speed, signal: running.signal });
  try {
    return await show(claudeDir);
  } finally {
    running.abort();
    removeDir();
    process.off('exit', removeDir);
  }
}

/** `teamtop demo`: the scripted team in a fresh temp dir, and the dashboard on it. */
export async function runDemo({ speed, color, thresholds }: DemoOptions): Promise<number> {
  const { runLive } = await import('./run-live.js');
  // No journal: a demo should leave nothing behind.
  return withDemoTeam(speed, (claudeDir) =>
    runLive({ claudeDir, team: undefined, preferTeam: DEMO_TEAM, color, now: undefined, thresholds, journal: undefined, mouse: true }),
  );
}

export interface DemoServeOptions {
  readonly thresholds: Thresholds;
  readonly speed: number;
  readonly host: string;
  readonly port: number;
  readonly metricsOpen: boolean;
  readonly showInputs: boolean;
}

/** `teamtop demo --serve`: the scripted team, served as `teamtop serve` serves a config dir, until interrupted. */
export async function runDemoServe(options: DemoServeOptions): Promise<number> {
  const { runServe } = await import('./run-serve.js');
  return withDemoTeam(options.speed, (claudeDir) => runServe({ ...options, claudeDir, journal: undefined, now: undefined }));
}

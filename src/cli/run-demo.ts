import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Thresholds } from '../core/model/settings.js';
import { DEMO_TEAM } from '../io/demo/script.js';
import { simulate } from '../io/demo/simulate.js';
import { runLive } from './run-live.js';

export interface DemoOptions {
  readonly thresholds: Thresholds;
  readonly speed: number;
  readonly color: boolean;
}

/** `teamtop demo`: the scripted team in a fresh temp dir, and the dashboard on it. */
export async function runDemo({ speed, color, thresholds }: DemoOptions): Promise<number> {
  const claudeDir = mkdtempSync(join(tmpdir(), 'teamtop-demo-'));
  const removeDir = () => rmSync(claudeDir, { recursive: true, force: true });
  process.once('exit', removeDir);
  const running = new AbortController();
  void simulate({ claudeDir, speed, signal: running.signal });
  try {
    // No journal: a demo should leave nothing behind.
    return await runLive({
      claudeDir,
      team: undefined,
      preferTeam: DEMO_TEAM,
      color,
      now: undefined,
      thresholds,
      journal: undefined,
    });
  } finally {
    running.abort();
    removeDir();
    process.off('exit', removeDir);
  }
}

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Thresholds } from '../domain/thresholds.js';
import { DEMO_TEAM } from '../demo/script.js';
import { simulate } from '../demo/simulate.js';
import { runLive } from './run-live.js';

export interface DemoOptions extends Thresholds {
  readonly speed: number;
  readonly color: boolean;
}

/** `teamtop demo`: the scripted team in a fresh temp dir, and the dashboard on it. */
export async function runDemo({ speed, color, stallAfterMs, quietAfterMs }: DemoOptions): Promise<number> {
  const claudeDir = mkdtempSync(join(tmpdir(), 'teamtop-demo-'));
  // A config dir where Claude Code has run has one; the watcher follows the lead's state only in a sessions/ there when it starts.
  mkdirSync(join(claudeDir, 'sessions'));
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
      stallAfterMs,
      quietAfterMs,
      journal: undefined,
    });
  } finally {
    running.abort();
    removeDir();
    process.off('exit', removeDir);
  }
}

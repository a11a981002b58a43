/** The live dashboard's start: the terminal is asked its background before the dashboard's modules load, and answers meanwhile. */
import type { LiveOptions } from './run-live.js';
import { takeTerminalAhead } from './theme-detect.js';
import { baselineLater } from './v8-flags.js';

/** The interactive dashboard (run-live.tsx), its terminal asked before the modules it draws with are loaded. */
export async function startLive(options: Omit<LiveOptions, 'ahead' | 'drawn'>): Promise<number> {
  const ahead = takeTerminalAhead(options);
  const drawn = baselineLater();
  try {
    const { runLive } = await import('./run-live.js');
    return await runLive({ ...options, ahead, drawn });
  } finally {
    drawn();
    // Given back already by the dashboard; here for a start that ended before it drew.
    await ahead.release();
  }
}

import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './fixtures.js';

/**
 * How far the process's clock is from the kernel's, in ms: a new file's time
 * (the kernel's clock) against `Date.now()`. A clock shifted for the process
 * alone (`faketime -f '+400d'`, as CI runs the suite a second time) moves
 * `Date.now()` and leaves file times where they are.
 */
export function processClockShift(): number {
  const probe = join(tempDir(), 'clock-probe');
  const before = Date.now();
  writeFileSync(probe, '');
  const written = statSync(probe).mtimeMs;
  return before - written;
}

/** The reason a test comparing file times with the process's clock cannot run here, if there is one. */
export function shiftedClock(): string | undefined {
  const shift = processClockShift();
  if (Math.abs(shift) < 60_000) return undefined;
  return `the process's clock is ${Math.round(shift / 86_400_000)} days off the kernel's (faketime?): file times cannot be compared with it`;
}

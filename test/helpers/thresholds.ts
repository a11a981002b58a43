import { DEFAULT_SECONDS, thresholdsIn, type Thresholds } from '../../src/core/model/settings.js';

/** Thresholds with an open request stalled after `stallMs` (and a member quiet after `quietMs`). */
export const stalling = (stallMs: number, quietMs = DEFAULT_SECONDS.quiet * 1000): Thresholds =>
  thresholdsIn({ stall: stallMs / 1000, quiet: quietMs / 1000 });

/** Thresholds with a working member quiet after `quietMs`. */
export const quieting = (quietMs: number): Thresholds => stalling(DEFAULT_SECONDS.stall * 1000, quietMs);

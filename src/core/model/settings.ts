/**
 * When an open request is stalled and a working member quiet: built once from
 * the flags and the config file, and passed whole. This module alone reads
 * the numbers; everything else asks it when something stalls or turns quiet.
 */
import * as z from 'zod/mini';

export interface Thresholds {
  /** An open request this old is stalled; mail waiting this long has piled up. */
  readonly stallAfterMs: number;
  /** A member shown working with no sign of life for this long is quiet. */
  readonly quietAfterMs: number;
}

/** The defaults, in seconds, as the flags and the config file take them. */
export const DEFAULT_SECONDS = { stall: 60, quiet: 600 } as const;

/** Thresholds given in seconds. */
export const thresholdsIn = ({ stall, quiet }: { readonly stall: number; readonly quiet: number }): Thresholds => ({
  stallAfterMs: stall * 1000,
  quietAfterMs: quiet * 1000,
});

export const DEFAULT_THRESHOLDS: Thresholds = thresholdsIn(DEFAULT_SECONDS);

/** When what began at `since` (a request, mail waiting) is stalled. */
export const stallsAt = (since: number, thresholds: Thresholds): number => since + thresholds.stallAfterMs;

/** When a member working with its last sign of life at `since` turns quiet. */
export const quietAt = (since: number, thresholds: Thresholds): number => since + thresholds.quietAfterMs;

/** How old an open request is when it stalls. */
export const stallAge = (thresholds: Thresholds): number => thresholds.stallAfterMs;

export const sameThresholds = (a: Thresholds, b: Thresholds): boolean =>
  a.stallAfterMs === b.stallAfterMs && a.quietAfterMs === b.quietAfterMs;

/** The thresholds as a journal's header records them. */
export const thresholdsSchema = z.object({ stallAfterMs: z.number(), quietAfterMs: z.number() });

/** Just the thresholds, as a journal's header records them. */
export const thresholdsRecord = ({ stallAfterMs, quietAfterMs }: Thresholds): Thresholds => ({ stallAfterMs, quietAfterMs });

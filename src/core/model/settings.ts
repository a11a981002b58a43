/** The thresholds, built once from the flags and the config file and passed whole: only this module reads the numbers. */
import * as z from 'zod/mini';

export interface Thresholds {
  /** An open request this old is stalled; mail waiting this long has piled up. */
  readonly stallAfterMs: number;
  /** A member shown working with no sign of life for this long is quiet. */
  readonly quietAfterMs: number;
}

export const DEFAULT_SECONDS = { stall: 60, quiet: 600 } as const;

export const thresholdsIn = ({ stall, quiet }: { readonly stall: number; readonly quiet: number }): Thresholds => ({
  stallAfterMs: stall * 1000,
  quietAfterMs: quiet * 1000,
});

export const DEFAULT_THRESHOLDS: Thresholds = thresholdsIn(DEFAULT_SECONDS);

export const stallsAt = (since: number, thresholds: Thresholds): number => since + thresholds.stallAfterMs;

export const quietAt = (since: number, thresholds: Thresholds): number => since + thresholds.quietAfterMs;

export const stallAge = (thresholds: Thresholds): number => thresholds.stallAfterMs;

export const sameThresholds = (a: Thresholds, b: Thresholds): boolean =>
  a.stallAfterMs === b.stallAfterMs && a.quietAfterMs === b.quietAfterMs;

export const thresholdsSchema = z.object({ stallAfterMs: z.number(), quietAfterMs: z.number() });

export const thresholdsRecord = ({ stallAfterMs, quietAfterMs }: Thresholds): Thresholds => ({ stallAfterMs, quietAfterMs });

/** The thresholds and the budget, built once from the flags and the config file and passed whole: only this module reads the numbers. */
import * as z from 'zod/mini';

export interface Thresholds {
  /** An open request this old is stalled; mail waiting this long has piled up. */
  readonly stallAfterMs: number;
  /** A member shown working with no sign of life for this long is quiet. */
  readonly quietAfterMs: number;
  /** What a team may spend, in dollars (`--budget`): a note from BUDGET_NOTE_SHARE of it, a warning past it. None when absent. */
  readonly budgetUSD?: number;
}

/** The longest threshold in seconds (about 31 years): past any run, and far inside what a date can hold once added to one. */
export const MAX_THRESHOLD_SECONDS = 1e9;

export const DEFAULT_SECONDS = { stall: 60, quiet: 600 } as const;

/** A budget of none, null or 0 is no budget. */
export const thresholdsIn = ({
  stall,
  quiet,
  budget,
}: {
  readonly stall: number;
  readonly quiet: number;
  readonly budget?: number | null | undefined;
}): Thresholds => ({
  stallAfterMs: stall * 1000,
  quietAfterMs: quiet * 1000,
  ...(budget ? { budgetUSD: budget } : {}),
});

export const DEFAULT_THRESHOLDS: Thresholds = thresholdsIn(DEFAULT_SECONDS);

export const stallsAt = (since: number, thresholds: Thresholds): number => since + thresholds.stallAfterMs;

export const quietAt = (since: number, thresholds: Thresholds): number => since + thresholds.quietAfterMs;

export const stallAge = (thresholds: Thresholds): number => thresholds.stallAfterMs;

/** The budget, in dollars; null when there is none. */
export const budgetOf = (thresholds: Thresholds): number | null => thresholds.budgetUSD ?? null;

/** From this share of the budget its spending is a note; past the whole of it, a warning. */
export const BUDGET_NOTE_SHARE = 0.8;

export const sameThresholds = (a: Thresholds, b: Thresholds): boolean =>
  a.stallAfterMs === b.stallAfterMs && a.quietAfterMs === b.quietAfterMs && budgetOf(a) === budgetOf(b);

/** A run judged without a budget records none: its header reads as before. */
export const thresholdsSchema = z.object({ stallAfterMs: z.number(), quietAfterMs: z.number(), budgetUSD: z.optional(z.number()) });

export const thresholdsRecord = ({ stallAfterMs, quietAfterMs, budgetUSD }: Thresholds): Thresholds => ({
  stallAfterMs,
  quietAfterMs,
  ...(budgetUSD === undefined ? {} : { budgetUSD }),
});

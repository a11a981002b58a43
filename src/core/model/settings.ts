/**
 * When an open request is stalled, a working member quiet and a team over its
 * budget: built once from the flags and the config file, and passed whole.
 * This module alone reads the numbers; everything else asks it.
 */
import * as z from 'zod/mini';

export interface Thresholds {
  /** An open request this old is stalled; mail waiting this long has piled up. */
  readonly stallAfterMs: number;
  /** A member shown working with no sign of life for this long is quiet. */
  readonly quietAfterMs: number;
  /** What a team may spend, in dollars (`--budget`): a note from BUDGET_NOTE_SHARE of it, a warning past it. None when absent. */
  readonly budgetUSD?: number;
}

/**
 * The longest threshold (`--stall-after`, `--quiet-after`), in seconds: about
 * 31 years, past any run and far inside what a date can hold once added to one.
 */
export const MAX_THRESHOLD_SECONDS = 1e9;

/** The defaults, in seconds, as the flags and the config file take them. */
export const DEFAULT_SECONDS = { stall: 60, quiet: 600 } as const;

/** Thresholds given in seconds, and a budget in dollars (none: null, undefined or 0). */
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

/** When what began at `since` (a request, mail waiting) is stalled. */
export const stallsAt = (since: number, thresholds: Thresholds): number => since + thresholds.stallAfterMs;

/** When a member working with its last sign of life at `since` turns quiet. */
export const quietAt = (since: number, thresholds: Thresholds): number => since + thresholds.quietAfterMs;

/** How old an open request is when it stalls. */
export const stallAge = (thresholds: Thresholds): number => thresholds.stallAfterMs;

/** The budget, in dollars; null when there is none. */
export const budgetOf = (thresholds: Thresholds): number | null => thresholds.budgetUSD ?? null;

/** The share of the budget from which its spending is a note; past the whole of it, a warning. */
export const BUDGET_NOTE_SHARE = 0.8;

export const sameThresholds = (a: Thresholds, b: Thresholds): boolean =>
  a.stallAfterMs === b.stallAfterMs && a.quietAfterMs === b.quietAfterMs && budgetOf(a) === budgetOf(b);

/** The thresholds as a journal's header records them (a run judged without a budget records none). */
export const thresholdsSchema = z.object({ stallAfterMs: z.number(), quietAfterMs: z.number(), budgetUSD: z.optional(z.number()) });

/** Just the thresholds, as a journal's header records them. */
export const thresholdsRecord = ({ stallAfterMs, quietAfterMs, budgetUSD }: Thresholds): Thresholds => ({
  stallAfterMs,
  quietAfterMs,
  ...(budgetUSD === undefined ? {} : { budgetUSD }),
});

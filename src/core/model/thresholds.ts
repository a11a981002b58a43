/**
 * How long before an open handshake is stalled and a working member is quiet:
 * `--stall-after` and `--quiet-after`, in milliseconds. The command line applies
 * the defaults once; everything below it is given both.
 */
import { DEFAULT_STALL_AFTER_MS } from './handshakes.js';
import { DEFAULT_QUIET_AFTER_MS } from './member-status.js';

export interface Thresholds {
  readonly stallAfterMs: number;
  readonly quietAfterMs: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = { stallAfterMs: DEFAULT_STALL_AFTER_MS, quietAfterMs: DEFAULT_QUIET_AFTER_MS };

/** Just the thresholds of a command's options. */
export const thresholdsOf = ({ stallAfterMs, quietAfterMs }: Thresholds): Thresholds => ({ stallAfterMs, quietAfterMs });

import type { Operation, Recording } from './recording.mjs';

export interface ReenactOptions {
  /** 10 replays ten times faster (gaps divided by 10). Default 1. */
  readonly speed?: number;
  /** A gap longer than this (in ms, after `speed`) is played as this long. Default: none. */
  readonly maxGapMs?: number;
  readonly signal?: AbortSignal;
}

export function applyOperation(claudeDir: string, op: Operation): void;
/** `appliedAt[i]`: when `recording.ops[i]` was applied, on monoMs()'s clock. */
export function reenact(recording: Recording, claudeDir: string, options?: ReenactOptions): Promise<{ appliedAt: number[]; ms: number }>;

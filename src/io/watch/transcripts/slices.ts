// The transcripts' reader's turns: what each may read, and when an append is read.

/** Bytes read in one turn, over all the files queued. */
export const SLICE_BYTES = 4 * 1024 * 1024;

/** And the time a turn reads for, a frame's worth: on a busy machine a 4 MB slice would keep mail, keys and frames waiting. */
export const SLICE_MS = 16;

/** How long an append waits to be read with the next ones: what a member does changes slower than a person reads. */
export const LIVE_BATCH_MS = 500;

/** A turn's budget: bytes, and the instant (performance.now()) it ends. */
export type Slice = { readonly bytes: number; readonly until: number };

/** What a read is counted as in a turn's budget, however little it read (the opening, the stat). */
export const MIN_READ_COST = 16 * 1024;

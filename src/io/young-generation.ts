/**
 * The young generation held at its size while a one-off read of many
 * megabytes goes on: the first read of long transcripts, slice after slice.
 * Each slice's records live until they are folded, so V8 sees most of the
 * young generation survive and doubles it, up to 32 MB, and keeps it so for
 * as long as the dashboard runs: five 10 MB transcripts left a dashboard at
 * 111 MB against 84 without them. Held, it was 86 against 79, for the same
 * time to read them. `--semi-space-growth-factor` is read by V8 each time it
 * would grow the space, so it can be set and put back as the read begins and
 * ends (src/cli/v8-flags.ts says why the size itself cannot be set); held for
 * good, it cost five members writing live 5% of a core against 3–4%.
 *
 * What the read left behind (its records, its buffers, a young generation
 * grown all the same) V8 gives back when its memory reducer runs: 8 s or more
 * after, and only once little is allocated, which in a busy team can be
 * minutes. A full collection asked for as the read ends gives most of it back
 * then: five 10 MB transcripts left 104 MB 2 s after the read against 84
 * without them, and 85 with the collection.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's own growth factor, on every Node teamtop runs on (20 to 24). */
const V8_GROWTH = 2;

let held = false;

/** Whoever started node with a growth factor of their own keeps it. */
const given = (): boolean => process.execArgv.some((flag) => /^--semi[-_]space[-_]growth[-_]factor\b/u.test(flag));

/** Hold the young generation at its size (`true`), or let it grow again as V8 sees fit. */
export function holdYoungGeneration(hold: boolean): void {
  if (hold === held || given()) return;
  held = hold;
  setFlagsFromString(`--semi-space-growth-factor=${hold ? 1 : V8_GROWTH}`);
  if (!hold) collectSoon();
}

/** How long after a read the collection runs: the read's last records are folded and drawn by then. */
const COLLECT_AFTER_MS = 100;

type Collect = (options: { type: 'major'; execution: 'async' }) => void;

/** V8's `gc`, once asked for (null: it cannot be had). */
let collector: Collect | null | undefined;

/**
 * V8 gives `gc` only to contexts made once `--expose-gc` is set: one is made
 * for it, the first time, and nothing else sees it.
 */
function gcFunction(): Collect | null {
  if (collector !== undefined) return collector;
  try {
    setFlagsFromString('--expose-gc');
    collector = (runInNewContext('typeof gc === "function" ? gc : undefined') as Collect | undefined) ?? null;
  } catch {
    collector = null;
  }
  return collector;
}

/** A full collection, in steps between frames (`execution: 'async'`); none where `gc` cannot be had. */
function collectSoon(): void {
  const gc = gcFunction();
  if (gc) setTimeout(() => gc({ type: 'major', execution: 'async' }), COLLECT_AFTER_MS).unref();
}

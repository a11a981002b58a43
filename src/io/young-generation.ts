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
 */
import { setFlagsFromString } from 'node:v8';

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
}

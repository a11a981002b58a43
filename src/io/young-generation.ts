/**
 * The young generation held at its size during a one-off read of many megabytes (a first read of long
 * transcripts): else V8 doubles it for good. Why, and what it saved: docs/internals/watching.md.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's own growth factor, on every Node teamtop runs on (20 to 24). */
const V8_GROWTH = 2;

let held = false;

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

let collector: Collect | null | undefined;

/** V8 gives `gc` only to contexts made once `--expose-gc` is set: one is made for it, and nothing else sees it. */
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

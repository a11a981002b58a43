// Summaries of measured times, shared by the benchmark and the conformance run.

/** Median, 95th percentile, min and max of `values` (n = 0 gives undefined figures). */
export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const middle = sorted.length / 2;
  const median = sorted.length % 2 === 1 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, p95: at(0.95), min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length };
}

/** A clock shared by every process on the machine (CLOCK_MONOTONIC), in ms: times taken in two processes compare. */
export const monoMs = () => Number(process.hrtime.bigint()) / 1e6;

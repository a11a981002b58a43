import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` so ages on screen move on.
 * A fixed `at` (for `--now`) never ticks.
 */
export function useNow(intervalMs: number, at?: number): number {
  const [now, setNow] = useState(() => at ?? Date.now());
  useEffect(() => {
    if (at !== undefined) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, at]);
  return at ?? now;
}

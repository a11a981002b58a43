/**
 * How long a wait gives its condition unless told otherwise. Generous: the
 * machine may be busy (other work holds both cores, CI adds two busy
 * processes), and a condition that holds ends the wait at once, so only a
 * failure ever waits this long.
 */
export const PATIENCE_MS = 20_000;

/** Wait until `check` passes (returns or stops throwing), or fail with its last error. */
export async function waitFor<T>(check: () => T | Promise<T>, { timeout = PATIENCE_MS, interval = 5 } = {}): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

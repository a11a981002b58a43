/** Wait until `check` passes (returns or stops throwing), or fail with its last error. */
export async function waitFor<T>(check: () => T | Promise<T>, { timeout = 5000, interval = 5 } = {}): Promise<T> {
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

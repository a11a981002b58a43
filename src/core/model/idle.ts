/** A team whose files have not changed for this long is taken for one nobody runs any more. */
export const IDLE_AFTER_MS = 24 * 60 * 60 * 1000;

export interface Idle {
  readonly since: number;
  readonly forMs: number;
}

export function idleOf(lastActivity: number, now: number): Idle | null {
  if (!Number.isFinite(lastActivity) || now - lastActivity < IDLE_AFTER_MS) return null;
  return { since: lastActivity, forMs: now - lastActivity };
}

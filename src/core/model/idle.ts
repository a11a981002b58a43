/** A team nobody runs any more: its files have not changed for a day. */
/** A team whose files have not changed for this long is taken for one nobody runs any more. */
export const IDLE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Since when a team has not changed, as of when it was judged. */
export interface Idle {
  /** Its last change, epoch ms. */
  readonly since: number;
  readonly forMs: number;
}

/** Whether a team last changed at `lastActivity` is idle as of `now`, and since when. */
export function idleOf(lastActivity: number, now: number): Idle | null {
  if (!Number.isFinite(lastActivity) || now - lastActivity < IDLE_AFTER_MS) return null;
  return { since: lastActivity, forMs: now - lastActivity };
}

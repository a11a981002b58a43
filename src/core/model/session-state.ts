/**
 * `sessions/<pid>.json`: a running session's live state, written by the lead's process (in-process teammates
 * run inside it; a tmux teammate has none). Only a permission prompt makes a tool call wait for a person here.
 */
import * as z from 'zod/mini';
import { lenient } from './schemas.js';

export const SessionStateSchema = z.object({
  sessionId: z.string().check(z.minLength(1)),
  pid: lenient(z.number()),
  cwd: lenient(z.string()),
  /** `busy`, `idle` or `waiting`; a status a later release adds is kept. */
  status: lenient(z.string()),
  waitingFor: lenient(z.nullable(z.string())),
  updatedAt: lenient(z.union([z.number(), z.string()])),
  /** When the process started (epoch ms), its start in clock ticks since boot, and its machine and pid namespace (model/liveness.ts). */
  startedAt: lenient(z.number()),
  procStart: lenient(z.string()),
  pidDomain: lenient(z.string()),
});
export type SessionState = z.infer<typeof SessionStateSchema>;

export function parseSessionState(text: string): SessionState | undefined {
  try {
    const parsed = SessionStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const instant = (value: number | string | undefined): number =>
  typeof value === 'number' ? value : value === undefined ? Number.NaN : Date.parse(value);

/** Its `updatedAt` (NaN when it says none); null when it does not wait for a permission prompt. */
export function permissionWaitSince(state: SessionState | undefined): number | null {
  if (state?.status !== 'waiting' || !/permission/iu.test(state.waitingFor ?? '')) return null;
  return instant(state.updatedAt);
}

/** Whether a member's process runs: whose each claude process under `sessions/` is, and its state (docs/internals/formats.md). Pure. */
import * as z from 'zod/mini';
import { lenient } from './schemas.js';

export type ProcessState = 'alive' | 'dead' | 'unknown';

/** `sessions/<pid>.<hex>.key`: the fields teamtop reads. */
export interface ProcessKey {
  readonly procStart: string | null;
  readonly pidDomain: string | null;
}

const ProcessKeySchema = z.object({ procStart: lenient(z.string()), pidDomain: lenient(z.string()) });

/** A key file's text: undefined when it is not JSON or not an object. */
export function parseProcessKey(text: string): ProcessKey | undefined {
  try {
    const parsed = ProcessKeySchema.safeParse(JSON.parse(text));
    return parsed.success ? { procStart: parsed.data.procStart ?? null, pidDomain: parsed.data.pidDomain ?? null } : undefined;
  } catch {
    return undefined;
  }
}

/** A claude process, as its file under `sessions/` and a look at it say. */
export interface ProcessSeen {
  readonly pid: number;
  /** Its start, in clock ticks since boot (`procStart`); null when its file does not say. */
  readonly procStart: string | null;
  /** Whose it is, as its command line said while it ran (`--agent-id <name>@<team>`); null: not known. */
  readonly agent: { readonly name: string; readonly team: string } | null;
  /** When it started (epoch ms; NaN: not known). */
  readonly startedAt: number;
  readonly state: ProcessState;
  /** Why its state is not known (null: it is). */
  readonly why: string | null;
  /** When it was first seen in this state (epoch ms); NaN for one dead before teamtop first looked. */
  readonly since: number;
  /** When it was last looked at (epoch ms). */
  readonly checkedAt: number;
}

/** Clock ticks per second: `getconf CLK_TCK`, 100 on every Linux the client runs on. */
export const TICKS_PER_SECOND = 100;

/** A process whose start (epoch ms) and start in ticks are both known: what another process's start is worked out from. */
export interface StartAnchor {
  readonly startedAt: number;
  readonly procStart: string;
}

/**
 * When a process started (epoch ms), from its start in clock ticks: against
 * `anchor` (a process of the same boot whose start is known: the machine's
 * boot itself, or the lead's `sessions/<pid>.json`). NaN when either is not known.
 */
export function processStartedAt(procStart: string | null, anchor: StartAnchor | null): number {
  const ticks = procStart === null ? Number.NaN : Number(procStart);
  const anchorTicks = anchor === null ? Number.NaN : Number(anchor.procStart);
  if (!Number.isSafeInteger(ticks) || !Number.isSafeInteger(anchorTicks) || anchor === null) return Number.NaN;
  return anchor.startedAt + ((ticks - anchorTicks) * 1000) / TICKS_PER_SECOND;
}

/** How long after a tmux teammate joined its process may start and still be taken for its own. */
export const JOIN_TO_START_MS = 30_000;
/** How much earlier than `joinedAt` (the clocks' and the ticks' rounding) it may seem to start. */
const EARLY_MS = 2_000;

/** A member's process, and whether it runs (`unknown`, with why, when teamtop cannot say). */
export interface Liveness {
  readonly state: ProcessState;
  readonly pid: number | null;
  /** Since when it is in this state (epoch ms; NaN: not known, such as a process dead before teamtop looked). */
  readonly since: number;
  readonly why: string | null;
}

export const NO_PROCESS: Liveness = { state: 'unknown', pid: null, since: Number.NaN, why: 'no process of it seen (sessions/)' };

/** A member as the matcher needs it. */
export interface ProcessMember {
  readonly name: string;
  readonly isLead: boolean;
  /** `tmux` for a teammate in a pane of its own; anything else runs in its lead's process. */
  readonly backendType: string | null;
  /** When it last joined (epoch ms; NaN: not known). */
  readonly joinedAt: number;
}

const livenessOfProcess = (process: ProcessSeen): Liveness => ({
  state: process.state,
  pid: process.pid,
  since: process.since,
  why: process.why,
});

/**
 * Each member's process: the lead's (and its in-process teammates') by the
 * lead's pid, each tmux teammate's by its command line or its start (see the
 * top of this file). A member none is found for is `unknown`.
 */
export function livenessOf(
  team: string,
  members: readonly ProcessMember[],
  processes: readonly ProcessSeen[],
  leadPid: { readonly pid: number; readonly procStart: string | null } | null,
): ReadonlyMap<string, Liveness> {
  const result = new Map<string, Liveness>();
  const lead =
    leadPid === null
      ? undefined
      : processes.find((process) => process.pid === leadPid.pid && (leadPid.procStart === null || process.procStart === leadPid.procStart));
  // The lead's process, by its key file and its session file alike, is nobody else's.
  const claimed = new Set<ProcessSeen>(processes.filter((process) => lead !== undefined && process.pid === lead.pid));
  const tmux = members.filter((member) => !member.isLead && member.backendType === 'tmux');
  // By command line first: what a process said of itself beats a guess by time.
  const byName = new Map<string, ProcessSeen>();
  for (const process of processes) {
    if (process.agent?.team !== team || process === lead) continue;
    const known = byName.get(process.agent.name);
    // The newest of its processes: a teammate spawned again runs another.
    if (!known || !(known.startedAt >= process.startedAt)) byName.set(process.agent.name, process);
  }
  for (const process of byName.values()) claimed.add(process);
  for (const member of tmux) {
    const own = byName.get(member.name);
    if (own) {
      result.set(member.name, livenessOfProcess(own));
      continue;
    }
    if (!Number.isFinite(member.joinedAt)) continue;
    let best: ProcessSeen | undefined;
    for (const process of processes) {
      if (claimed.has(process) || process.agent !== null || !Number.isFinite(process.startedAt)) continue;
      const after = process.startedAt - member.joinedAt;
      if (after < -EARLY_MS || after > JOIN_TO_START_MS) continue;
      if (!best || Math.abs(after) < Math.abs(best.startedAt - member.joinedAt)) best = process;
    }
    if (best) {
      claimed.add(best);
      result.set(member.name, livenessOfProcess(best));
    }
  }
  const leadLiveness = lead ? livenessOfProcess(lead) : undefined;
  for (const member of members) {
    if (result.has(member.name)) continue;
    if (member.isLead || member.backendType !== 'tmux') result.set(member.name, leadLiveness ?? NO_PROCESS);
    else result.set(member.name, NO_PROCESS);
  }
  return result;
}

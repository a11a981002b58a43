/**
 * The claude processes behind the teams, looked at read-only in `/proc`: once as each file is read, then every
 * CHECK_EVERY_MS while it runs; a process elsewhere is `unknown`, never looked at again (docs/internals/formats.md).
 */
import { readFileSync, readlinkSync } from 'node:fs';
import type { Observation } from '../../../core/model/observation.js';
import { parseProcessKey, processStartedAt, type ProcessSeen, type ProcessState, type StartAnchor } from '../../../core/model/liveness.js';
import type { SessionState } from '../../../core/model/session-state.js';
import { readSmall } from './session-states.js';

/** How often a running process is looked at again: a death is seen within this (and the half-second batch) of it. */
export const CHECK_EVERY_MS = 2000;

/** What teamtop can see of processes where it runs. */
export interface ProcessHost {
  /** This machine's and pid namespace's `pidDomain`; null when it cannot be told. */
  readonly domain: string | null;
  /** Why processes cannot be looked at here (null: they can). */
  readonly blind: string | null;
  /** The start (clock ticks) of the process `pid` runs now; null: none runs (or a zombie); undefined: it runs, its start unreadable. */
  startOf(pid: number): string | null | undefined;
  /** Whose a running process is, as its command line says (`--agent-id <name>@<team>`). */
  agentOf(pid: number): { name: string; team: string } | null;
  /** The machine's boot, as a start anchor (`/proc/stat`'s btime); null when unknown. */
  readonly boot: StartAnchor | null;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The fields after the command's closing parenthesis (it may hold spaces and parentheses): field 3 is at [0]. */
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** `--agent-id bob@team`, or `--agent-name bob --team-name team`, from a command line's words. */
function agentOfWords(words: readonly string[]): { name: string; team: string } | null {
  const after = (flag: string) => {
    const at = words.indexOf(flag);
    return at < 0 ? undefined : words[at + 1];
  };
  const id = after('--agent-id');
  const at = id?.lastIndexOf('@') ?? -1;
  if (id !== undefined && at > 0) return { name: id.slice(0, at), team: id.slice(at + 1) };
  const name = after('--agent-name');
  const team = after('--team-name');
  return name !== undefined && team !== undefined ? { name, team } : null;
}

/** The host as `/proc` shows it (Linux); blind elsewhere. */
export function procHost(root = '/proc'): ProcessHost {
  const self = read(`${root}/self/stat`);
  let namespace: string | undefined;
  try {
    namespace = readlinkSync(`${root}/self/ns/pid`);
  } catch {
    namespace = undefined;
  }
  const machine = (read('/etc/machine-id') ?? read('/var/lib/dbus/machine-id'))?.trim();
  const blind =
    self === undefined
      ? 'teamtop cannot see processes here (no /proc)'
      : !machine || namespace === undefined
        ? 'teamtop cannot tell which machine it runs on (no machine id)'
        : null;
  const btime = /^btime (\d+)$/mu.exec(read(`${root}/stat`) ?? '')?.[1];
  return {
    domain: blind === null ? `linux:${machine}:${namespace}` : null,
    blind,
    boot: btime === undefined ? null : { startedAt: Number(btime) * 1000, procStart: '0' },
    startOf(pid) {
      const stat = read(`${root}/${pid}/stat`);
      if (stat === undefined) {
        // Not in this /proc: gone, or hidden from this user (`hidepid`): signal 0 tells them apart.
        try {
          process.kill(pid, 0);
          return undefined;
        } catch (error) {
          return (error as NodeJS.ErrnoException).code === 'EPERM' ? undefined : null;
        }
      }
      const fields = statFields(stat);
      const state = fields[0];
      if (state === 'Z' || state === 'X') return null;
      return fields[19] ?? undefined;
    },
    agentOf(pid) {
      const cmdline = read(`${root}/${pid}/cmdline`);
      return cmdline === undefined ? null : agentOfWords(cmdline.split('\0'));
    },
  };
}

interface Known {
  readonly pid: number;
  readonly procStart: string | null;
  readonly domain: string | null;
  /** The lead's `sessions/<pid>.json`: when it started, as it says. */
  readonly startedAt: number;
  seen: ProcessSeen | undefined;
}

/** `sessions/<pid>.<hex>.key` → its pid. */
const KEY = /^sessions\/(\d+)\.[^/]+\.key$/u;

export class ProcessWatch {
  private readonly known = new Map<string, Known>();
  private teams: readonly string[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor(
    private readonly claudeDir: string,
    private readonly emit: (observations: Observation[]) => void,
    private readonly now: () => number,
    private readonly host: ProcessHost = procHost(),
  ) {}

  /** The teams to tell: one new to the list is told every process known. */
  setTeams(teams: readonly string[]): void {
    const before = new Set(this.teams);
    this.teams = teams;
    const added = teams.filter((team) => !before.has(team));
    if (added.length === 0) return;
    const at = this.now();
    const observations: Observation[] = [];
    for (const [path, known] of this.known) {
      if (known.seen) for (const team of added) observations.push({ kind: 'process', team, path, process: known.seen, at });
    }
    if (observations.length > 0) this.emit(observations);
  }

  /** A key file that may have changed: read it, and look at its process. */
  key(path: string): void {
    const pid = Number(KEY.exec(path)?.[1]);
    const text = readSmall(this.claudeDir, path);
    if (!Number.isSafeInteger(pid) || text === undefined) return;
    const key = parseProcessKey(text);
    if (!key) return;
    this.put(path, { pid, procStart: key.procStart, domain: key.pidDomain, startedAt: Number.NaN, seen: undefined });
  }

  /** The lead's `sessions/<pid>.json` as read (null: gone). */
  session(path: string, state: SessionState | null): void {
    if (state === null) return this.gone(path);
    if (typeof state.pid !== 'number' || !Number.isSafeInteger(state.pid)) return;
    this.put(path, {
      pid: state.pid,
      procStart: state.procStart ?? null,
      domain: state.pidDomain ?? null,
      startedAt: state.startedAt ?? Number.NaN,
      seen: undefined,
    });
  }

  /** Its file is gone: the process exited as a process does (a killed one leaves its files). */
  gone(path: string): void {
    if (!this.known.delete(path)) return;
    const at = this.now();
    this.emit(this.teams.map((team) => ({ kind: 'process', team, path, process: null, at })));
  }

  /** Look at the running processes again every CHECK_EVERY_MS, until closed. */
  poll(): void {
    if (this.timer !== undefined || this.closed) return;
    this.timer = setInterval(() => this.check(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Every process still running, looked at again. */
  check(): void {
    const observations: Observation[] = [];
    for (const [path, known] of this.known) if (known.seen?.state === 'alive') this.look(path, known, observations);
    if (observations.length > 0) this.emit(observations);
  }

  private put(path: string, fresh: Known): void {
    const before = this.known.get(path);
    const same = before && before.pid === fresh.pid && before.procStart === fresh.procStart && before.domain === fresh.domain;
    const known = same ? { ...fresh, seen: before.seen } : fresh;
    this.known.set(path, known);
    const observations: Observation[] = [];
    // A process dead stays dead: its file rewritten says nothing new of it.
    if (known.seen?.state !== 'dead') this.look(path, known, observations);
    if (!same) this.restart(path, known, observations);
    if (observations.length > 0) this.emit(observations);
  }

  /** Another file's start anchors changed: the processes' starts are worked out again. */
  private restart(path: string, changed: Known, observations: Observation[]): void {
    if (!Number.isFinite(changed.startedAt)) return;
    for (const [other, known] of this.known) if (other !== path && known.seen) this.look(other, known, observations);
  }

  /** The start its file's domain's processes are worked out from: the lead's `sessions/<pid>.json` there, else the boot. */
  private anchorFor(domain: string | null): StartAnchor | null {
    for (const known of this.known.values()) {
      if (known.domain === domain && Number.isFinite(known.startedAt) && known.procStart !== null)
        return { startedAt: known.startedAt, procStart: known.procStart };
    }
    return domain !== null && domain === this.host.domain ? this.host.boot : null;
  }

  private look(path: string, known: Known, observations: Observation[]): void {
    const at = this.now();
    const before = known.seen;
    let state: ProcessState;
    let why: string | null = null;
    if (this.host.blind !== null) {
      state = 'unknown';
      why = this.host.blind;
    } else if (known.domain === null || known.procStart === null) {
      state = 'unknown';
      why = 'its file does not say where it runs';
    } else if (known.domain !== this.host.domain) {
      state = 'unknown';
      why = 'it runs on another machine or in another container';
    } else {
      const start = this.host.startOf(known.pid);
      state = start === null || (start !== undefined && start !== known.procStart) ? 'dead' : 'alive';
    }
    const agent = before?.agent ?? (state === 'alive' ? this.host.agentOf(known.pid) : null);
    const startedAt = Number.isFinite(known.startedAt) ? known.startedAt : processStartedAt(known.procStart, this.anchorFor(known.domain));
    // Not known is no state to be in since a time; dead before teamtop first looked is dead since it does not know when.
    const since =
      state === 'unknown' ? Number.NaN : before?.state === state ? before.since : before ? at : state === 'dead' ? Number.NaN : at;
    const seen: ProcessSeen = { pid: known.pid, procStart: known.procStart, agent, startedAt, state, why, since, checkedAt: at };
    known.seen = seen;
    if (before && before.state === seen.state && Object.is(before.startedAt, seen.startedAt) && before.agent === seen.agent) return;
    for (const team of this.teams) observations.push({ kind: 'process', team, path, process: seen, at });
  }
}

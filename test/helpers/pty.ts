import xterm from '@xterm/headless';
import { spawn, type IPty } from 'node-pty';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach } from 'vitest';
import { waitFor } from './wait.js';

export const CLI = resolve(import.meta.dirname, '../../dist/cli.js');

const running: Terminal[] = [];

/** `pid`, or its child when it is the shell that runs teamtop (found through /proc). */
function teamtopPid(pid: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/u.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": the command may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) return Number(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return pid;
}

afterEach(() => {
  for (const terminal of running.splice(0)) terminal.kill();
});

export interface TerminalOptions {
  readonly args: readonly string[];
  readonly cols?: number;
  readonly rows?: number;
  readonly env?: Record<string, string>;
  /** A shell command to run in the same terminal once teamtop exits (teamtop's status is kept). */
  readonly afterExit?: string;
  /** Run as this user and group (tests running as root use it to be refused a file). */
  readonly uid?: number;
  readonly gid?: number;
}

/**
 * The built CLI in a real pseudo-terminal, its output interpreted by a headless
 * xterm: what a user would see, screen by screen.
 */
export class Terminal {
  readonly pty: IPty;
  readonly screen: InstanceType<typeof xterm.Terminal>;
  /** Everything the program wrote, escape sequences included. */
  output = '';
  exitCode: number | undefined;
  private readonly exited: Promise<number>;

  constructor({ args, cols = 100, rows = 30, env = {}, afterExit, uid, gid }: TerminalOptions) {
    this.screen = new xterm.Terminal({ cols, rows, allowProposedApi: true });
    const childEnv: Record<string, string> = { ...(process.env as Record<string, string>), TERM: 'xterm-256color', ...env };
    // Ink stays silent when it believes it runs in CI.
    for (const key of Object.keys(childEnv)) if (key === 'CI' || key.startsWith('CI_')) delete childEnv[key];
    const [file, argv] = afterExit
      ? ['/bin/sh', ['-c', `"$0" "$@"; status=$?; ${afterExit}; exit $status`, process.execPath, CLI, ...args]]
      : [process.execPath, [CLI, ...args]];
    this.pty = spawn(file, argv, { cols, rows, env: childEnv, name: 'xterm-256color', uid, gid });
    this.pty.onData((data) => {
      this.output += data;
      this.screen.write(data);
    });
    this.exited = new Promise((resolveExit) =>
      this.pty.onExit(({ exitCode }) => {
        this.exitCode = exitCode;
        resolveExit(exitCode);
      }),
    );
    running.push(this);
  }

  /** The visible screen as lines of text. */
  lines(): string[] {
    const buffer = this.screen.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < this.screen.rows; y++) lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
    return lines;
  }

  text(): string {
    return this.lines().join('\n');
  }

  /** Which screen is shown: the alternate one while the dashboard runs. */
  onAlternateScreen(): boolean {
    return this.screen.buffer.active.type === 'alternate';
  }

  async waitForText(text: string | RegExp, timeout = 8000): Promise<void> {
    await new Promise<void>((resolveWrite) => this.screen.write('', resolveWrite));
    await waitFor(
      async () => {
        await new Promise<void>((resolveWrite) => this.screen.write('', resolveWrite));
        const screen = this.text();
        if (typeof text === 'string' ? !screen.includes(text) : !text.test(screen)) {
          throw new Error(`screen does not show ${String(text)}:\n${screen}`);
        }
      },
      { timeout, interval: 2 },
    );
  }

  press(keys: string): void {
    this.pty.write(keys);
  }

  /** Send a signal to teamtop (not to the shell around it, when there is one). */
  signal(signal: NodeJS.Signals): void {
    process.kill(teamtopPid(this.pty.pid), signal);
  }

  waitForExit(): Promise<number> {
    return this.exited;
  }

  kill(): void {
    if (this.exitCode === undefined) this.pty.kill();
  }
}

import xterm, { type IBufferCell } from '@xterm/headless';
import { spawn, type IPty } from 'node-pty';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach } from 'vitest';
import { PATIENCE_MS, waitFor } from './wait.js';

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

/** The kernel's clock ticks a second, in which /proc gives a process's CPU time. */
let ticksPerSecond: number | undefined;

/** The CPU time `pid` has used, in ms (user and system, all its threads), from /proc. */
function cpuTimeMs(pid: number): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After "pid (comm) ": state is field 3, utime 14 and stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/**
 * The environment of a user's shell at a terminal, with `env` over it: nothing a
 * test runner sets (vitest's FORCE_COLOR=0 and NO_COLOR='', CI on a CI machine),
 * so colour and drawing are decided as they are for a user. Only the journal's
 * and the compiled code's places are the tests' scratch folders.
 */
export function userEnvironment(env: Record<string, string> = {}): Record<string, string> {
  return {
    ...testClock(),
    HOME: process.env['HOME'] ?? '/root',
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    LANG: 'C.UTF-8',
    SHELL: '/bin/sh',
    XDG_STATE_HOME: process.env['XDG_STATE_HOME']!,
    XDG_CACHE_HOME: process.env['XDG_CACHE_HOME']!,
    TERM: 'xterm-256color',
    ...env,
  };
}

/**
 * The clock the suite runs on: `faketime` (CI runs the suite a second time a
 * year ahead) is a preloaded library told its shift by the environment, so a
 * child given an environment of its own keeps it only if it is passed on.
 */
function testClock(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && (entry[0] === 'LD_PRELOAD' || entry[0].startsWith('FAKETIME')),
    ),
  );
}

export interface TerminalOptions {
  readonly args: readonly string[];
  readonly cols?: number;
  readonly rows?: number;
  /** Set over the test process's environment (with TERM=xterm-256color). */
  readonly env?: Record<string, string>;
  /** The child's whole environment instead (see `userEnvironment`); TERM names the terminal. */
  readonly environment?: Record<string, string>;
  /** A shell command to run in the same terminal once teamtop exits (teamtop's status is kept). */
  readonly afterExit?: string;
  /** A file for teamtop's stderr instead of the terminal (teamtop is still the process the terminal runs). */
  readonly stderr?: string;
  /** Run as this user and group (tests running as root use it to be refused a file). */
  readonly uid?: number;
  readonly gid?: number;
}

export interface CellStyle {
  readonly fg: number | string;
  readonly bg: number | string;
  readonly bold: boolean;
  readonly inverse: boolean;
}

const hex = (rgb: number) => `#${rgb.toString(16).padStart(6, '0')}`;

function cellStyle(cell: IBufferCell): CellStyle {
  return {
    fg: cell.isFgDefault() ? 'default' : cell.isFgRGB() ? hex(cell.getFgColor()) : cell.getFgColor(),
    bg: cell.isBgDefault() ? 'default' : cell.isBgRGB() ? hex(cell.getBgColor()) : cell.getBgColor(),
    bold: cell.isBold() !== 0,
    inverse: cell.isInverse() !== 0,
  };
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
  /** The signal that ended the process (waitpid's), or 0 when it exited. */
  exitSignal: number | undefined;
  private readonly exited: Promise<number>;

  constructor({ args, cols = 100, rows = 30, env = {}, environment, afterExit, stderr, uid, gid }: TerminalOptions) {
    this.screen = new xterm.Terminal({ cols, rows, allowProposedApi: true });
    const childEnv = environment ?? { ...(process.env as Record<string, string>), TERM: 'xterm-256color', ...env };
    const [file, argv] = afterExit
      ? ['/bin/sh', ['-c', `"$0" "$@"; status=$?; ${afterExit}; exit $status`, process.execPath, CLI, ...args]]
      : stderr
        ? ['/bin/sh', ['-c', 'err=$1; shift; exec "$0" "$@" 2>"$err"', process.execPath, stderr, CLI, ...args]]
        : [process.execPath, [CLI, ...args]];
    // node-pty sets TERM to the terminal's name.
    this.pty = spawn(file, argv, { cols, rows, env: childEnv, name: childEnv['TERM'] ?? 'xterm-256color', uid, gid });
    this.pty.onData((data) => {
      this.output += data;
      this.screen.write(data);
    });
    // The headless xterm parses what it is given on a later tick: the screen is read once it has parsed all of it.
    this.exited = new Promise((resolveExit) =>
      this.pty.onExit(({ exitCode, signal }) => {
        this.exitCode = exitCode;
        this.exitSignal = signal ?? 0;
        this.screen.write('', () => resolveExit(exitCode));
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

  /**
   * How the terminal shows the first character of `text` on screen, as it read
   * the SGR codes: its foreground (a palette index, `#rrggbb`, or 'default'),
   * background, bold and inverse.
   */
  styleOf(text: string): CellStyle {
    const lines = this.lines();
    const y = lines.findIndex((line) => line.includes(text));
    if (y < 0) throw new Error(`screen does not show ${text}:\n${lines.join('\n')}`);
    const buffer = this.screen.buffer.active;
    const line = buffer.getLine(buffer.viewportY + y)!;
    // From a string offset to a column, as translateToString made the string: a
    // wide character's second cell adds nothing, an empty cell a space.
    const offset = lines[y]!.indexOf(text);
    let x = 0;
    for (let chars = 0; chars < offset; x++) {
      const cell = line.getCell(x)!;
      chars += cell.getWidth() === 0 ? 0 : (cell.getChars() || ' ').length;
    }
    return cellStyle(line.getCell(x)!);
  }

  /** The style of every cell on screen that holds a character. */
  styles(): CellStyle[] {
    const buffer = this.screen.buffer.active;
    const styles: CellStyle[] = [];
    for (let y = 0; y < this.screen.rows; y++) {
      const line = buffer.getLine(buffer.viewportY + y)!;
      for (let x = 0; x < this.screen.cols; x++) {
        const cell = line.getCell(x)!;
        if (cell.getChars().trim() !== '') styles.push(cellStyle(cell));
      }
    }
    return styles;
  }

  /** Which screen is shown: the alternate one while the dashboard runs. */
  onAlternateScreen(): boolean {
    return this.screen.buffer.active.type === 'alternate';
  }

  async waitForText(text: string | RegExp, timeout = PATIENCE_MS): Promise<void> {
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

  /**
   * The CPU time teamtop has used so far, in ms. What it did between two
   * moments, told apart from how long they were apart: on a busy machine the
   * two differ by as much as the machine is busy.
   */
  cpuMs(): number {
    this.teamtop ??= teamtopPid(this.pty.pid);
    return cpuTimeMs(this.teamtop);
  }

  /** teamtop's pid, once asked for (the shell's child, when a shell runs it). */
  private teamtop: number | undefined;

  /** Send a signal to teamtop (not to the shell around it, when there is one). */
  signal(signal: NodeJS.Signals): void {
    process.kill(teamtopPid(this.pty.pid), signal);
  }

  waitForExit(): Promise<number> {
    return this.exited;
  }

  /** The exit status, or a failure naming `after` when the process is still running `ms` later. */
  async exitWithin(ms: number, after: string): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`teamtop is still running ${ms} ms after ${after}`)), ms);
    });
    try {
      return await Promise.race([this.exited, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Close the terminal under teamtop, as a killed tmux pane or a dropped ssh connection does: the kernel hangs it up. */
  hangUp(): void {
    // The Unix terminal's destroy() closes the master end, then sends SIGHUP as a
    // terminal emulator does; IPty does not declare it.
    (this.pty as IPty & { destroy(): void }).destroy();
  }

  kill(): void {
    if (this.exitCode === undefined) this.pty.kill();
  }
}

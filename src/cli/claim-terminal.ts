/** The terminal the dashboard holds, like htop: raw mode and its own screen, given back untouched on every way out. */
import { closeSync, openSync, writeSync } from 'node:fs';
import { isatty } from 'node:tty';
import { createSupportsColor, type ColorSupportLevel } from 'supports-color';

const ENTER = '\u001B[?1049h\u001B[H';
/** The mouse reported, as clicks and the wheel (1000), in SGR encoding (1006): any column, on any terminal that has it. */
export const MOUSE_ON = '\u001B[?1000h\u001B[?1006h';
export const MOUSE_OFF = '\u001B[?1006l\u001B[?1000l';
const LEAVE = '\u001B[?25h\u001B[?1049l';

export interface Terminal {
  /** The terminal hung up: nothing on it can be drawn or restored. */
  gone(): boolean;
  /** Raw mode off, the cursor shown, the user's screen back; once, and only on a terminal still there. */
  restore(): void;
}

/** Take the terminal for the dashboard: raw mode, the alternate screen and the mouse if asked for, given back at exit if not before. */
export function claimTerminal({ mouse = false }: { readonly mouse?: boolean } = {}): Terminal {
  // Raw before the first frame (Ink sets it only once its input hook mounts): a key typed as the dashboard
  // appears is kept for it, and Ctrl+C is a key too.
  if (process.stdin.isTTY) process.stdin.setRawMode(true);
  writeSync(1, mouse ? ENTER + MOUSE_ON : ENTER);
  let held = true;
  const gone = () => process.stdout.isTTY && !isatty(1);
  const restore = () => {
    if (!held) return;
    held = false;
    if (gone()) return;
    try {
      if (process.stdin.isTTY) process.stdin.setRawMode(false);
      // The mouse off first: a terminal left reporting it types its reports into the shell.
      writeSync(1, mouse ? MOUSE_OFF + LEAVE : LEAVE);
    } catch {
      // It went in the meantime.
    }
  };
  process.on('exit', () => {
    restore();
    letGoOfHungUpStdio();
  });
  return { gone, restore };
}

/** Points stdio whose terminal hung up at /dev/null: Node's reset of it at exit aborts otherwise (docs/internals/terminal.md). */
function letGoOfHungUpStdio(): void {
  for (const [fd, stream] of [process.stdin, process.stdout, process.stderr].entries()) {
    if (!stream.isTTY || isatty(fd)) continue;
    try {
      closeSync(fd);
      openSync('/dev/null', 'r+');
    } catch {
      // Node may still reset it and fail; nothing better to do on the way out.
    }
  }
}

/**
 * What chalk (and so Ink) may write: supports-color reads the depth from TERM, COLORTERM and FORCE_COLOR (not argv: `--no-color`
 * is ours), never below the basic level; without colour, bold and inverse stay for focus (docs/internals/terminal.md).
 */
export function colorLevel(color: boolean, stream: NodeJS.WriteStream = process.stdout): ColorSupportLevel {
  if (!color) return 1;
  const support = createSupportsColor(stream, { sniffFlags: false });
  return support ? support.level : 1;
}

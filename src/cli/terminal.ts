/**
 * The terminal the dashboard holds, like htop: raw mode and a screen of its own,
 * and the user's screen and line editing back, untouched, on every way out
 * (quit, Ctrl+C, a signal, a crash). A terminal that went away (a tmux pane
 * killed, an ssh connection dropped) has nothing left to give back.
 */
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

/**
 * Take the terminal for the dashboard: raw mode and the alternate screen, and
 * the mouse if asked for, given back at exit if not before.
 */
export function claimTerminal({ mouse = false }: { readonly mouse?: boolean } = {}): Terminal {
  // Raw before the first frame, not after it (Ink turns raw mode on only once its
  // input hook is mounted): a key typed as the dashboard appears is kept for it
  // instead of being lost to the line discipline, and Ctrl+C then is a key too.
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

/**
 * On exit Node sets each stdio descriptor that was a terminal at start-up back
 * the way it found it, and aborts when that fails, as it does on a terminal that
 * hung up (node::ResetStdio; later Node versions ignore the failure): a closed
 * pane ended teamtop with SIGABRT or SIGSEGV and a native stack. A descriptor
 * whose terminal is gone is pointed at /dev/null instead, which Node leaves be.
 * Closing it frees the lowest descriptor, so the open that follows takes its place.
 */
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
 * What chalk (and so Ink) may write on the dashboard's terminal. A terminal that
 * follows Ink's cursor moves has bold, inverse and the 16 colours; how much more
 * it has, supports-color reads from TERM, COLORTERM and FORCE_COLOR. Its guess
 * from argv is left out (`--no-color` is our flag, about colour only), and where
 * it says none (a CI variable made it take the terminal for a CI machine's log,
 * or it does not know the TERM) the basic level it is. Without colour, bold and
 * inverse stay: they show focus and selection, and NO_COLOR is about colour.
 */
export function colorLevel(color: boolean, stream: NodeJS.WriteStream = process.stdout): ColorSupportLevel {
  if (!color) return 1;
  const support = createSupportsColor(stream, { sniffFlags: false });
  return support ? support.level : 1;
}

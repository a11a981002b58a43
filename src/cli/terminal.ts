/**
 * The alternate screen, like htop: the dashboard draws on a screen of its own
 * and the user's scrollback comes back untouched on every way out (quit, Ctrl+C,
 * a signal, a crash).
 */
import { writeSync } from 'node:fs';
import { createSupportsColor, type ColorSupportLevel } from 'supports-color';

const ENTER = '\u001B[?1049h\u001B[H';
const LEAVE = '\u001B[?25h\u001B[?1049l';

export interface Screen {
  leave(): void;
}

export function enterAlternateScreen(fd = 1): Screen {
  let inside = true;
  writeSync(fd, ENTER);
  const leave = () => {
    if (!inside) return;
    inside = false;
    process.off('exit', leave);
    try {
      writeSync(fd, LEAVE);
    } catch {
      // The terminal is gone (hang-up): nothing left to restore.
    }
  };
  process.on('exit', leave);
  return { leave };
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

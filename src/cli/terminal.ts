/**
 * The alternate screen, like htop: the dashboard draws on a screen of its own
 * and the user's scrollback comes back untouched on every way out (quit, Ctrl+C,
 * a signal, a crash).
 */
import { writeSync } from 'node:fs';

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

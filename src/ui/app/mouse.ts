/**
 * The mouse, where the terminal reports it (SGR mouse mode 1006): what the
 * CLI reads of it (cli/terminal-input.ts), and the hook that hands each event
 * to the app.
 */
import { useEffect } from 'react';

/** A click of the left button, or a turn of the wheel, at a cell (0-based, from the top left of the screen). */
export type MouseEvent =
  | {
      readonly kind: 'click';
      readonly x: number;
      readonly y: number;
      readonly shift: boolean;
      readonly meta: boolean;
      readonly ctrl: boolean;
    }
  | {
      readonly kind: 'wheel';
      readonly x: number;
      readonly y: number;
      /** -1: up (towards the older), 1: down. */
      readonly delta: -1 | 1;
      readonly shift: boolean;
      readonly meta: boolean;
      readonly ctrl: boolean;
    };

/** Where mouse events come from: the terminal's reader, or a test's. */
export interface MouseSource {
  onMouse(listener: (event: MouseEvent) => void): () => void;
}

/** Each mouse event to `handle`, while the app is mounted. */
export function useMouse(source: MouseSource | undefined, handle: (event: MouseEvent) => void): void {
  useEffect(() => source?.onMouse(handle), [source, handle]);
}

import { useInput, useStdin } from 'ink';
import type { KeyPress, Keymap } from './keymap.js';

/**
 * Keys as presses: each with the command it means and the text it types, for
 * the app to apply together (view-reducer.ts `readKeys`). Only active when
 * stdin can do raw mode: without a TTY there are no keys to read, and asking
 * for raw mode would throw.
 */
export function useKeys(apply: (presses: readonly KeyPress[]) => void, keymap: Keymap, replay: boolean): void {
  const { isRawModeSupported } = useStdin();
  useInput(
    (input, key) => {
      const presses = keymap.pressesFor(input, key, { replay });
      if (presses.length > 0) apply(presses);
    },
    { isActive: isRawModeSupported === true },
  );
}

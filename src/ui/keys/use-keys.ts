import { useInput, useStdin } from 'ink';
import type { KeyPress, Keymap } from './keymap.js';

/** Keys as presses (the command and the text typed), applied together by the app; only active when stdin can do raw mode. */
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

import { useApp, useInput, useStdin } from 'ink';
import type { Dispatch } from 'react';
import { commandsFor } from './keymap.js';
import type { ViewAction, ViewContext, ViewState } from './view-state.js';

/**
 * Keys to commands to view actions. Only active when stdin can do raw mode:
 * without a TTY there are no keys to read, and asking for raw mode would throw.
 */
export function useKeys(context: (view: ViewState) => ViewContext, dispatch: Dispatch<ViewAction>): void {
  const { exit } = useApp();
  const { isRawModeSupported } = useStdin();
  useInput(
    (input, key) => {
      for (const command of commandsFor(input, key)) {
        if (command === 'quit') {
          exit();
          return;
        }
        dispatch({ type: 'command', command, context });
      }
    },
    { isActive: isRawModeSupported === true },
  );
}

import { useApp, useInput, useStdin } from 'ink';
import type { ReplayTransport } from '../../core/model/replay.js';
import type { Command } from './keymap.js';
import { KEYMAP } from '../views/registry.js';

/** Keys to commands; only active when stdin can do raw mode (without a TTY, asking for it would throw). */
const TRANSPORT: Partial<Record<Extract<Command, string>, (replay: ReplayTransport) => void>> = {
  replayToggle: (replay) => replay.toggle(),
  replayStep: (replay) => replay.step(),
  replayFaster: (replay) => replay.faster(),
  replaySlower: (replay) => replay.slower(),
  replayStart: (replay) => replay.toStart(),
  replayEnd: (replay) => replay.toEnd(),
};

export function useKeys(apply: (commands: readonly Command[]) => void, replay?: ReplayTransport): void {
  const { exit } = useApp();
  const { isRawModeSupported } = useStdin();
  useInput(
    (input, key) => {
      const commands: Command[] = [];
      for (const command of KEYMAP.commandsFor(input, key, replay !== undefined)) {
        if (command === 'quit') {
          exit();
          return;
        }
        const transport = typeof command === 'string' ? TRANSPORT[command] : undefined;
        if (transport && replay) transport(replay);
        else commands.push(command);
      }
      if (commands.length > 0) apply(commands);
    },
    { isActive: isRawModeSupported === true },
  );
}

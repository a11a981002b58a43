/**
 * One keymap: commands to keys. Panes match commands, never raw keys, and the
 * help screen and the footer are drawn from this same table.
 */
import type { Key } from 'ink';

export type Command =
  | 'nextPane'
  | 'prevPane'
  | 'up'
  | 'down'
  | 'pageUp'
  | 'pageDown'
  | 'top'
  | 'bottom'
  | 'open'
  | 'close'
  | 'nextTeam'
  | 'prevTeam'
  | 'toggleIdle'
  | 'toggleInternal'
  | 'help'
  | 'quit';

type KeyName = 'tab' | 'shiftTab' | 'upArrow' | 'downArrow' | 'leftArrow' | 'rightArrow' | 'pageUp' | 'pageDown' | 'return' | 'escape' | 'home' | 'end';

export interface Binding {
  readonly command: Command;
  /** What the help screen and the footer call the keys. */
  readonly label: string;
  readonly description: string;
  /** Shown in the one-line footer. */
  readonly footer?: string;
  readonly keys: readonly KeyName[];
  readonly chars: readonly string[];
  readonly ctrl?: readonly string[];
}

export const KEYMAP: readonly Binding[] = [
  { command: 'nextPane', label: 'tab → l', description: 'focus the next pane', footer: 'pane', keys: ['tab', 'rightArrow'], chars: ['l'] },
  { command: 'prevPane', label: 'S-tab ← h', description: 'focus the previous pane', keys: ['shiftTab', 'leftArrow'], chars: ['h'] },
  { command: 'up', label: '↑ k', description: 'select the previous message or task', footer: 'scroll', keys: ['upArrow'], chars: ['k'] },
  { command: 'down', label: '↓ j', description: 'select the next message or task', keys: ['downArrow'], chars: ['j'] },
  { command: 'pageUp', label: 'PgUp', description: 'scroll up a page', keys: ['pageUp'], chars: [], ctrl: ['b', 'u'] },
  { command: 'pageDown', label: 'PgDn', description: 'scroll down a page', keys: ['pageDown'], chars: [' '], ctrl: ['f', 'd'] },
  { command: 'top', label: 'g Home', description: 'jump to the oldest message / first task', keys: ['home'], chars: ['g'] },
  { command: 'bottom', label: 'G End', description: 'jump to the newest message and follow', keys: ['end'], chars: ['G'] },
  { command: 'open', label: '⏎', description: 'open the selected message', footer: 'open', keys: ['return'], chars: [] },
  { command: 'close', label: 'esc', description: 'close the message or help', keys: ['escape'], chars: [] },
  { command: 'nextTeam', label: ']', description: 'next team', footer: 'team', keys: [], chars: [']'] },
  { command: 'prevTeam', label: '[', description: 'previous team', keys: [], chars: ['['] },
  { command: 'toggleIdle', label: 'i', description: 'hide/show idle notifications', footer: 'idle', keys: [], chars: ['i'] },
  { command: 'toggleInternal', label: 'a', description: 'hide/show teammate-tracker tasks', keys: [], chars: ['a'] },
  { command: 'help', label: '?', description: 'this help', footer: 'help', keys: [], chars: ['?'] },
  { command: 'quit', label: 'q ^C', description: 'quit', footer: 'quit', keys: [], chars: ['q'], ctrl: ['c'] },
];

function pressed(key: Key, name: KeyName): boolean {
  if (name === 'shiftTab') return key.tab && key.shift;
  if (name === 'tab') return key.tab && !key.shift;
  return key[name];
}

/** The command a key press means, if any. */
export function commandFor(input: string, key: Key): Command | undefined {
  for (const binding of KEYMAP) {
    if (key.ctrl) {
      if (binding.ctrl?.includes(input)) return binding.command;
      continue;
    }
    if (binding.keys.some((name) => pressed(key, name))) return binding.command;
    if (!key.meta && binding.chars.includes(input)) return binding.command;
  }
  return undefined;
}

/** The footer's short list: `tab pane  ↑ scroll  …`. */
export const FOOTER = KEYMAP.filter((binding) => binding.footer).map((binding) => ({
  keys: binding.label.split(' ')[0]!,
  what: binding.footer!,
}));

// One keymap from commands to keys: panes match commands, never raw keys, and the help and the footer are drawn from it.
import type { Key } from 'ink';
import type { ViewName } from '../views/names.js';

/** Show a view, or go back from it to the dashboard. */
export interface ShowView {
  readonly view: ViewName;
}

export type Command = BaseCommand | ShowView;

type BaseCommand =
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
  | 'toggleLog'
  | 'memberDetails'
  | 'toggleIdle'
  | 'toggleProtocol'
  | 'toggleUnread'
  | 'cycleMember'
  | 'toggleInternal'
  | 'toggleCleared'
  | 'help'
  | 'quit'
  | 'replayToggle'
  | 'replayStep'
  | 'replayFaster'
  | 'replaySlower'
  | 'replayStart'
  | 'replayEnd';

export type KeyName =
  'tab' | 'shiftTab' | 'upArrow' | 'downArrow' | 'leftArrow' | 'rightArrow' | 'pageUp' | 'pageDown' | 'return' | 'escape' | 'home' | 'end';

export interface Binding {
  readonly command: Command;
  /** What the help screen and the footer call the keys. */
  readonly label: string;
  readonly description: string;
  readonly footer?: string;
  readonly keys: readonly KeyName[];
  readonly chars: readonly string[];
  readonly ctrl?: readonly string[];
  /** Only while replaying a journal, where it comes before the other bindings. */
  readonly replay?: boolean;
}

const sameCommand = (a: Command, b: Command): boolean => a === b || (typeof a === 'object' && typeof b === 'object' && a.view === b.view);

/** Every binding but the views', in the order the help lists them; a view's key goes after `]` and `[`. */
export const BASE_KEYMAP: readonly Binding[] = [
  { command: 'nextPane', label: 'tab → l', description: 'focus the next pane', footer: 'pane', keys: ['tab', 'rightArrow'], chars: ['l'] },
  { command: 'prevPane', label: 'S-tab ← h', description: 'focus the previous pane', keys: ['shiftTab', 'leftArrow'], chars: ['h'] },
  { command: 'up', label: '↑ k', description: 'select the previous message or task', footer: 'scroll', keys: ['upArrow'], chars: ['k'] },
  { command: 'down', label: '↓ j', description: 'select the next message or task', keys: ['downArrow'], chars: ['j'] },
  { command: 'pageUp', label: 'PgUp', description: 'scroll up a page', keys: ['pageUp'], chars: [], ctrl: ['b', 'u'] },
  { command: 'pageDown', label: 'PgDn', description: 'scroll down a page', keys: ['pageDown'], chars: [' '], ctrl: ['f', 'd'] },
  { command: 'top', label: 'g Home', description: 'jump to the oldest message / first task', keys: ['home'], chars: ['g'] },
  { command: 'bottom', label: 'G End', description: 'jump to the newest message and follow', keys: ['end'], chars: ['G'] },
  { command: 'open', label: '⏎', description: 'open the selected message', footer: 'open', keys: ['return'], chars: [] },
  { command: 'close', label: 'esc', description: 'close the message or help; back to the dashboard', keys: ['escape'], chars: [] },
  { command: 'nextTeam', label: ']', description: 'next team', footer: 'team', keys: [], chars: [']'] },
  { command: 'prevTeam', label: '[', description: 'previous team', keys: [], chars: ['['] },
  {
    command: 'toggleLog',
    label: 'o',
    description: 'switch the focused member between its inbox and its output log',
    keys: [],
    chars: ['o'],
  },
  {
    command: 'memberDetails',
    label: 'd',
    description: "the focused member's details: roster entry, status, metrics, artifacts",
    keys: [],
    chars: ['d'],
  },
  { command: 'toggleIdle', label: 'i', description: 'hide/show idle notifications', footer: 'idle', keys: [], chars: ['i'] },
  { command: 'toggleProtocol', label: 'p', description: 'only protocol messages (requests, answers, idle…)', keys: [], chars: ['p'] },
  { command: 'toggleUnread', label: 'u', description: 'only unread messages', keys: [], chars: ['u'] },
  { command: 'cycleMember', label: 'm', description: 'only messages from or to one member (cycles)', keys: [], chars: ['m'] },
  { command: 'toggleInternal', label: 'a', description: 'hide/show teammate-tracker tasks', keys: [], chars: ['a'] },
  {
    command: 'toggleCleared',
    label: 'c',
    description: 'show/hide diagnoses that cleared',
    keys: [],
    chars: ['c'],
  },
  { command: 'help', label: '?', description: 'this help', footer: 'help', keys: [], chars: ['?'] },
  { command: 'quit', label: 'q ^C', description: 'quit', footer: 'quit', keys: [], chars: ['q'], ctrl: ['c'] },
  { command: 'replayToggle', label: 'space', description: 'replay: play / pause', footer: 'play', keys: [], chars: [' '], replay: true },
  {
    command: 'replayStep',
    label: '. n',
    description: 'replay: one entry forward',
    footer: 'step',
    keys: [],
    chars: ['.', 'n'],
    replay: true,
  },
  { command: 'replayFaster', label: '+', description: 'replay: faster', footer: 'speed', keys: [], chars: ['+', '='], replay: true },
  { command: 'replaySlower', label: '-', description: 'replay: slower', keys: [], chars: ['-', '_'], replay: true },
  {
    command: 'replayStart',
    label: '<',
    description: 'replay: back to the start',
    footer: 'start/end',
    keys: [],
    chars: ['<', ','],
    replay: true,
  },
  { command: 'replayEnd', label: '>', description: 'replay: jump to the end', keys: [], chars: ['>'], replay: true },
];

function pressed(key: Key, name: KeyName): boolean {
  if (name === 'shiftTab') return key.tab && key.shift;
  if (name === 'tab') return key.tab && !key.shift;
  return key[name];
}

function commandFor(bindings: readonly Binding[], input: string, key: Key): Command | undefined {
  for (const binding of bindings) {
    if (key.ctrl) {
      if (binding.ctrl?.includes(input)) return binding.command;
      continue;
    }
    if (binding.keys.some((name) => pressed(key, name))) return binding.command;
    if (!key.meta && binding.chars.includes(input)) return binding.command;
  }
  return undefined;
}

const CONTROL_CHARS: Readonly<Record<string, Partial<Key>>> = {
  '\t': { tab: true },
  '\r': { return: true },
  '\n': { return: true },
};

/** Every command in one read of the terminal: Ink hands a run of characters over as one string (a paste), and each counts. */
function commandsFor(bindings: readonly Binding[], input: string, key: Key): Command[] {
  if (input.length <= 1 || key.ctrl || key.meta) {
    const command = commandFor(bindings, input, key);
    return command ? [command] : [];
  }
  const commands: Command[] = [];
  for (const char of input) {
    const named = CONTROL_CHARS[char];
    const command = named
      ? commandFor(bindings, '', { ...key, ...named })
      : commandFor(bindings, char, { ...key, shift: /[A-Z]/u.test(char) });
    if (command) commands.push(command);
  }
  return commands;
}

/** The first of a binding's keys, as the footer and the notes name it. */
const firstKey = (binding: Binding): string => binding.label.split(' ')[0]!;

const footerOf = (bindings: readonly Binding[]) =>
  bindings.filter((binding) => binding.footer).map((binding) => ({ keys: firstKey(binding), what: binding.footer! }));

interface Keymap {
  readonly bindings: readonly Binding[];
  /** Every command in one read of the terminal; the replay's keys first while replaying, else none of them. */
  commandsFor(input: string, key: Key, replay?: boolean): Command[];
  /** The key that gives `command`, as the footer and the notes name it. */
  keyOf(command: Command): string;
  footer(replay: boolean): readonly { readonly keys: string; readonly what: string }[];
}

export function makeKeymap(bindings: readonly Binding[]): Keymap {
  const live = bindings.filter((binding) => !binding.replay);
  const replaying = [...bindings.filter((binding) => binding.replay), ...live];
  const footers = { live: footerOf(live), replay: footerOf(replaying) };
  return {
    bindings,
    commandsFor: (input, key, replay = false) => commandsFor(replay ? replaying : live, input, key),
    keyOf: (command) => firstKey(bindings.find((binding) => sameCommand(binding.command, command))!),
    footer: (replay) => (replay ? footers.replay : footers.live),
  };
}

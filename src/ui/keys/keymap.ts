// One keymap from commands to keys: panes match commands, never raw keys, and the help and the footer are drawn from it.
// The config file may bind a command to other keys (remap.ts).
import type { Key } from 'ink';
import type { ViewName } from '../views/names.js';

/** Show a view, or go back from it to the dashboard. */
export interface ShowView {
  readonly view: ViewName;
}

export type Command = BaseCommand | ShowView;

export type BaseCommand =
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
  | 'search'
  | 'searchNext'
  | 'searchPrev'
  | 'focusMember'
  | 'sort'
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
  /** Only while a search is set, where it comes before every other binding. */
  readonly search?: boolean;
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
  {
    command: 'search',
    label: '/',
    description: 'search: only the rows that match, in every pane (esc clears)',
    footer: 'search',
    keys: [],
    chars: ['/'],
  },
  { command: 'searchNext', label: 'n', description: 'search: the next match, pane after pane', keys: [], chars: ['n'], search: true },
  { command: 'searchPrev', label: 'N', description: 'search: the previous match', keys: [], chars: ['N'], search: true },
  {
    command: 'focusMember',
    label: '1-9',
    description: 'focus the first to the ninth member',
    keys: [],
    chars: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
  },
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
    description: "the focused member's details: roster, status, metrics, artifacts",
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
  {
    command: 'sort',
    label: 'S',
    description: 'sort tasks or handshakes: by age, state, owner, or as they come',
    keys: [],
    chars: ['S'],
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

/**
 * A key as one read of the terminal gave it: the command it means, if any,
 * and what it types (a search takes the text, whatever the key is bound to).
 */
export interface KeyPress {
  readonly command: Command | undefined;
  /** The character typed; '' for a key that types none (an arrow, ⏎, a function key). */
  readonly text: string;
  /** What a key that types nothing is, as a search hears it. */
  readonly name?: 'return' | 'escape' | 'backspace' | 'tab' | 'ctrl';
}

/** Which bindings are in force beside the live ones. */
export interface KeyContext {
  readonly replay?: boolean;
  /** A search is set: n and N go to its matches. */
  readonly search?: boolean;
}

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
  '\u007f': { backspace: true },
  '\b': { backspace: true },
};

/** A character a search may take: printable, not a control. */
const typable = (char: string): boolean => char !== '' && !/\p{Cc}/u.test(char);

/** What a key that types nothing is, as a search hears it. */
function nameOf(key: Key): KeyPress['name'] {
  if (key.return) return 'return';
  if (key.escape) return 'escape';
  if (key.backspace || key.delete) return 'backspace';
  if (key.tab) return 'tab';
  if (key.ctrl) return 'ctrl';
  return undefined;
}

function pressOf(bindings: readonly Binding[], input: string, key: Key): KeyPress {
  const command = commandFor(bindings, input, key);
  const text = key.ctrl || key.meta || !typable(input) ? '' : input;
  const name = text === '' ? nameOf(key) : undefined;
  return { command, text, ...(name ? { name } : {}) };
}

/** Every key in one read of the terminal: Ink hands a run of characters over as one string (a paste), and each counts. */
function pressesFor(bindings: readonly Binding[], input: string, key: Key): KeyPress[] {
  if ([...input].length <= 1 || key.ctrl || key.meta) return [pressOf(bindings, input, key)];
  return [...input].map((char) => {
    const named = CONTROL_CHARS[char];
    return named ? pressOf(bindings, '', { ...key, ...named }) : pressOf(bindings, char, { ...key, shift: /[A-Z]/u.test(char) });
  });
}

/** The first of a binding's keys, as the footer and the notes name it. */
const firstKey = (binding: Binding): string => binding.label.split(' ')[0]!;

const footerOf = (bindings: readonly Binding[]) =>
  bindings.filter((binding) => binding.footer).map((binding) => ({ keys: firstKey(binding), what: binding.footer! }));

export interface Keymap {
  readonly bindings: readonly Binding[];
  /** Every key in one read of the terminal; the search's and the replay's keys first while in force, else none of them. */
  pressesFor(input: string, key: Key, context?: KeyContext): KeyPress[];
  /** The commands of one read of the terminal, as `pressesFor` finds them. */
  commandsFor(input: string, key: Key, context?: KeyContext): Command[];
  /** The key that gives `command`, as the footer and the notes name it. */
  keyOf(command: Command): string;
  footer(replay: boolean): readonly { readonly keys: string; readonly what: string }[];
}

export function makeKeymap(bindings: readonly Binding[]): Keymap {
  const live = bindings.filter((binding) => !binding.replay && !binding.search);
  const replaying = [...bindings.filter((binding) => binding.replay), ...live];
  const searching = bindings.filter((binding) => binding.search);
  const footers = { live: footerOf(live), replay: footerOf(replaying) };
  const inForce = ({ replay = false, search = false }: KeyContext = {}) => [...(search ? searching : []), ...(replay ? replaying : live)];
  const pressesIn = (input: string, key: Key, context?: KeyContext) => pressesFor(inForce(context), input, key);
  return {
    bindings,
    pressesFor: pressesIn,
    commandsFor: (input, key, context) => pressesIn(input, key, context).flatMap((press) => (press.command ? [press.command] : [])),
    keyOf: (command) => firstKey(bindings.find((binding) => sameCommand(binding.command, command))!),
    footer: (replay) => (replay ? footers.replay : footers.live),
  };
}

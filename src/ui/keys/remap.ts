/**
 * Keys bound to other commands, as the config file's `[keys]` table says:
 * `search = "f"`, `quit = ["q", "ctrl-q"]`. A command named there takes the
 * keys given instead of its own, and a key it takes is taken from whatever
 * had it, so the help, the footer and the keys stay one table.
 */
import type { Binding, Command, KeyName } from './keymap.js';

/** A command's name to the keys it takes, as the config file gives them. */
export type KeyRemaps = Readonly<Record<string, readonly string[]>>;

/** The keys of a binding, as a key spec gives them. */
type Keys = Pick<Binding, 'keys' | 'chars' | 'ctrl'>;

const NAMED: Readonly<Record<string, KeyName>> = {
  tab: 'tab',
  'shift-tab': 'shiftTab',
  up: 'upArrow',
  down: 'downArrow',
  left: 'leftArrow',
  right: 'rightArrow',
  pgup: 'pageUp',
  pgdn: 'pageDown',
  enter: 'return',
  esc: 'escape',
  home: 'home',
  end: 'end',
};

/** How the help and the footer write a key. */
const LABELS: Readonly<Record<KeyName, string>> = {
  tab: 'tab',
  shiftTab: 'S-tab',
  upArrow: '↑',
  downArrow: '↓',
  leftArrow: '←',
  rightArrow: '→',
  pageUp: 'PgUp',
  pageDown: 'PgDn',
  return: '⏎',
  escape: 'esc',
  home: 'Home',
  end: 'End',
};

/** The key names a spec may use, for a message that lists them. */
export const KEY_NAMES: readonly string[] = ['space', ...Object.keys(NAMED), 'ctrl-<letter>'];

/** A key as the config file writes it (`x`, `X`, `/`, `space`, `pgdn`, `ctrl-f`); a reason when it is not one. */
export function parseKey(spec: string): Keys | string {
  if (spec === 'space') return { keys: [], chars: [' '] };
  const name = NAMED[spec.toLowerCase()];
  if (name !== undefined) return { keys: [name], chars: [] };
  const ctrl = /^ctrl-([a-z])$/iu.exec(spec);
  if (ctrl) return { keys: [], chars: [], ctrl: [ctrl[1]!.toLowerCase()] };
  // One printable character, not a digit (1-9 focus a member) nor a control.
  if (/^[1-9]$/u.test(spec)) return `"${spec}" is taken: 1 to 9 focus a member`;
  if ([...spec].length === 1 && !/[\p{Cc}\p{Z}]/u.test(spec)) return { keys: [], chars: [spec] };
  return `"${spec}" is not a key: a character, or one of ${KEY_NAMES.join(', ')}`;
}

/** A command's name in the config file: `nextPane` is `next-pane`, a view's key is its name. */
export const commandName = (command: Command): string =>
  typeof command === 'object' ? command.view : command.replace(/[A-Z]/gu, (letter) => `-${letter.toLowerCase()}`);

/** The commands a config may bind (`focus-member` is 1-9 and stays so). */
export const remappable = (bindings: readonly Binding[]): readonly string[] =>
  bindings.map((binding) => commandName(binding.command)).filter((name) => name !== 'focus-member');

const labelOf = ({ keys, chars, ctrl = [] }: Keys): string =>
  [
    ...keys.map((name) => LABELS[name]),
    ...chars.map((char) => (char === ' ' ? 'space' : char)),
    ...ctrl.map((char) => `^${char.toUpperCase()}`),
  ].join(' ');

/** A binding less the keys taken from it; its label then names what it has left. */
function without(binding: Binding, taken: Keys): Binding {
  const left: Keys = {
    keys: binding.keys.filter((name) => !taken.keys.includes(name)),
    chars: binding.chars.filter((char) => !taken.chars.includes(char)),
    ctrl: (binding.ctrl ?? []).filter((char) => !(taken.ctrl ?? []).includes(char)),
  };
  const same =
    left.keys.length === binding.keys.length &&
    left.chars.length === binding.chars.length &&
    left.ctrl!.length === (binding.ctrl ?? []).length;
  return same ? binding : { ...binding, ...left, label: labelOf(left) || '(none)' };
}

const merged = (all: readonly Keys[]): Keys => ({
  keys: all.flatMap((keys) => keys.keys),
  chars: all.flatMap((keys) => keys.chars),
  ctrl: all.flatMap((keys) => keys.ctrl ?? []),
});

/**
 * The bindings with the config's keys: a command named takes those keys
 * alone; a key taken leaves the binding that had it. The specs were checked
 * when the config was read (`parseKey`); one that is not a key is left out.
 */
export function remapped(bindings: readonly Binding[], remaps: KeyRemaps): readonly Binding[] {
  const given = new Map<string, Keys>();
  for (const [name, specs] of Object.entries(remaps))
    given.set(name, merged(specs.map(parseKey).filter((keys): keys is Keys => typeof keys !== 'string')));
  if (given.size === 0) return bindings;
  const taken = merged([...given.values()]);
  return bindings.map((binding) => {
    const keys = given.get(commandName(binding.command));
    if (keys === undefined) return without(binding, taken);
    const label = labelOf(keys);
    return { ...binding, ...keys, label: label === '' ? '(none)' : label };
  });
}

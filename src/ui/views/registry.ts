// Every view, in names.ts's order; the keymap is the base bindings and each view's key, so help and footer know it.
import { dashboardView } from './dashboard.js';
import { BASE_KEYMAP, makeKeymap, type Binding, type Command, type Keymap } from '../keys/keymap.js';
import { remapped, type KeyRemaps } from '../keys/remap.js';
import { stepsView } from '../panes/steps/index.js';
import { timelineView } from '../panes/timeline/index.js';
import { workflowView } from '../panes/workflow/index.js';
import { DASHBOARD, VIEW_NAMES, type ViewName } from './names.js';
import type { View } from './view.js';
import type { Note } from '../keys/view-state.js';

const BY_NAME: { readonly [Name in ViewName]: View } = {
  dashboard: dashboardView,
  timeline: timelineView,
  steps: stepsView,
  workflow: workflowView,
};

export const VIEWS: readonly View[] = VIEW_NAMES.map((name) => BY_NAME[name]);

export const viewNamed = (name: ViewName): View => BY_NAME[name];

/** The views' keys go where the help lists them: after the team keys. */
const AFTER = BASE_KEYMAP.findIndex((binding) => binding.command === 'prevTeam') + 1;
const viewBindings: Binding[] = VIEWS.flatMap((view) => (view.key ? [{ ...view.key, command: { view: view.name } }] : []));

const BINDINGS: readonly Binding[] = [...BASE_KEYMAP.slice(0, AFTER), ...viewBindings, ...BASE_KEYMAP.slice(AFTER)];

/** Every key as teamtop binds it, before a config file binds any other. */
export const KEYMAP = makeKeymap(BINDINGS);

/** The keymap with the config file's keys (`[keys]`). */
export const keymapWith = (remaps: KeyRemaps): Keymap =>
  Object.keys(remaps).length === 0 ? KEYMAP : makeKeymap(remapped(BINDINGS, remaps));

/** The keys bound only while a search is set (`n`, `N`): pressed without one, the footer says to search first. */
export const searchKeysOf = (keymap: Keymap): ReadonlyMap<string, Command> =>
  new Map(
    keymap.bindings.filter((binding) => binding.search).flatMap((binding) => binding.chars.map((char) => [char, binding.command] as const)),
  );

/** How the first screen says to move, until the first key: `↑↓ select · ⏎ open · / search · ? keys`. */
export const howToMove = (keymap: Keymap = KEYMAP): string =>
  `${keymap.keyOf('up')}${keymap.keyOf('down')} select · ${keymap.keyOf('open')} open · ${keymap.keyOf('search')} search · ${keymap.keyOf('help')} keys`;

/** A key pressed, as the footer names it: a space is `space`, one that types nothing `that key`. */
const named = (key: string): string => (key === ' ' ? 'space' : key === '' ? 'that key' : key);

/** Why the last key did nothing, or what it did that the screen may not show, in words. */
export function describeNote(note: Note, mode: ViewName, keymap: Keymap = KEYMAP): string {
  const key = (command: Command) => keymap.keyOf(command);
  switch (note.why) {
    case 'unbound':
      return `${named(note.key)}: not a key here (${key('help')} lists them)`;
    case 'search-first':
      return `${named(note.key)}: no search yet (${key('search')} searches)`;
    case 'no-member':
      return `${note.key}: no member ${note.key} (the team has ${note.members})`;
    case 'notice':
      return note.text;
    case 'trackers':
      return note.count === 0
        ? `${key('toggleInternal')}: this team has no teammate-tracker tasks`
        : `${key('toggleInternal')}: ${note.count} teammate-tracker task${note.count === 1 ? '' : 's'} ${note.shown ? 'shown, last in Tasks' : 'hidden'}`;
    default:
  }
  const pressed = key(note.command);
  switch (note.why) {
    case 'close-first':
      return `${pressed}: close this first (${key('close')})`;
    case 'one-team':
      return `${pressed}: there is one team`;
    case 'not-sortable':
      return `${pressed}: sorts the tasks or the handshakes (${key('nextPane')} to one)`;
    case 'no-match':
      return `${pressed}: nothing matches`;
    case 'wrapped':
      return `${pressed}: back at the ${note.command === 'searchPrev' ? 'last' : 'first'} match`;
    default:
  }
  if (mode === DASHBOARD) return `${pressed}: focus a member pane first (${key('nextPane')})`;
  return `${pressed}: member panes are on the dashboard (${key({ view: mode })})`;
}

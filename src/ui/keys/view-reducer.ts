// The view state's reducer: a key, on the navigation of the frame it is pressed on, gives the next view state;
// a search being typed takes the keys' text first (searching.ts).
import type { Command, KeyPress } from './keymap.js';
import type { Navigation } from './navigation.js';
import { navigatesAlike, type KeyHandler, type ViewState } from './view-state.js';
import { OPENING, overOpen, withoutGone } from './opening.js';
import { FILTERING } from './filtering.js';
import { MOVING, showView } from './moving.js';
import { SEARCHING, typed } from './searching.js';

/** Quitting and the replay's transport are done outside the view (EFFECTS). */
const same: KeyHandler = (view) => view;

const ON_SCREEN: Readonly<Record<Extract<Command, string>, KeyHandler>> = {
  ...MOVING,
  ...FILTERING,
  ...OPENING,
  ...SEARCHING,
  quit: same,
  replayToggle: same,
  replayStep: same,
  replayFaster: same,
  replaySlower: same,
  replayStart: same,
  replayEnd: same,
};

/** The commands done outside the view state: by the app, in the order pressed. */
const EFFECTS: ReadonlySet<Command> = new Set<Command>([
  'quit',
  'replayToggle',
  'replayStep',
  'replayFaster',
  'replaySlower',
  'replayStart',
  'replayEnd',
]);

export function viewReducer(view: ViewState, command: Command, navigation: Navigation, text = ''): ViewState {
  // A note answers the key before: the next one takes it away; so does the first key the hint of how to move.
  const shown = withoutGone(view.note === null && !view.fresh ? view : { ...view, note: null, fresh: false }, navigation);
  if (shown.help || shown.opened) return overOpen(shown, command, navigation);
  return typeof command === 'object' ? showView(shown, command.view) : ON_SCREEN[command](shown, navigation, text);
}

/** A key bound to nothing: the footer says so, naming it. */
function unbound(view: ViewState, press: KeyPress, searchOnly: boolean): ViewState {
  const key = press.text !== '' ? press.text : '';
  return { ...view, fresh: false, note: { why: searchOnly && key !== '' ? 'search-first' : 'unbound', key } };
}

/** A key as a press: a command given alone types nothing. */
const asPress = (press: KeyPress | Command): KeyPress =>
  typeof press === 'object' && 'text' in press ? press : { command: press, text: '' };

/** The keys bound only while a search is set (`n`, `N`), to their commands. */
export type SearchKeys = ReadonlyMap<string, Command>;

const NONE: SearchKeys = new Map();

/** What a key means on this view state: `n` and `N` go to the search's matches while one is set. */
function resolved(view: ViewState, press: KeyPress, searchKeys: SearchKeys): KeyPress {
  const command = view.filters.search !== '' && !view.searching ? searchKeys.get(press.text) : undefined;
  return command === undefined ? press : { ...press, command };
}

/** A key of one read, on the navigation of the screen it is pressed on. */
export function pressReducer(view: ViewState, given: KeyPress | Command, navigation: Navigation, searchKeys: SearchKeys = NONE): ViewState {
  const key = resolved(view, asPress(given), searchKeys);
  const { command, text } = key;
  let current = view;
  if (view.searching && !view.help && !view.opened) {
    const next = typed(view, key);
    if (next !== undefined) return next;
    current = { ...view, searching: false };
  }
  if (command === undefined) return unbound(current, key, searchKeys.has(text));
  return viewReducer(current, command, navigation, text);
}

export interface Screen {
  readonly view: ViewState;
  readonly navigation: Navigation;
}

/** What one read of the terminal did: the view state it made, and what the app does (quit, the replay's transport), in order. */
export interface Read {
  readonly view: ViewState;
  readonly effects: readonly Command[];
}

/**
 * The keys of one terminal read, in turn, each on the screen the one before made: after one that changed what the
 * navigation is made of (the team, the view, the focus, a filter, what is open), the next gets `navigationAt`'s.
 * Quitting ends the read; `searchKeys` are the keys bound only while a search is set.
 */
export function readKeys(
  view: ViewState,
  presses: readonly (KeyPress | Command)[],
  drawn: Screen,
  navigationAt: (view: ViewState) => Navigation,
  searchKeys: SearchKeys = NONE,
): Read {
  let known = drawn;
  let current = view;
  const effects: Command[] = [];
  for (const given of presses) {
    const press = resolved(current, asPress(given), searchKeys);
    const { command } = press;
    // A search being typed takes every key as text.
    const typing = current.searching && press.text !== '';
    if (command !== undefined && EFFECTS.has(command) && !typing) {
      effects.push(command);
      current = current.note === null && !current.fresh ? current : { ...current, note: null, fresh: false };
      if (command === 'quit') break;
      continue;
    }
    if (!navigatesAlike(current, known.view, known.navigation)) known = { view: current, navigation: navigationAt(current) };
    current = pressReducer(current, press, known.navigation, searchKeys);
  }
  return { view: current, effects };
}

/** The view state after the keys of one read (their effects left out). */
export const applyRead = (
  view: ViewState,
  presses: readonly (KeyPress | Command)[],
  drawn: Screen,
  navigationAt: (view: ViewState) => Navigation,
): ViewState => readKeys(view, presses, drawn, navigationAt).view;

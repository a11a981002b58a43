// The view state's reducer: a command, on the navigation of the frame it is pressed on, gives the next view state.
import type { Command } from './keymap.js';
import type { Navigation } from './navigation.js';
import { navigatesAlike, type KeyHandler, type ViewState } from './view-state.js';
import { OPENING, overOpen, withoutGone } from './opening.js';
import { FILTERING } from './filtering.js';
import { MOVING, showView } from './moving.js';

/** Quitting and the replay's transport are handled outside the view. */
const same: KeyHandler = (view) => view;

const ON_SCREEN: Readonly<Record<Extract<Command, string>, KeyHandler>> = {
  ...MOVING,
  ...FILTERING,
  ...OPENING,
  quit: same,
  replayToggle: same,
  replayStep: same,
  replayFaster: same,
  replaySlower: same,
  replayStart: same,
  replayEnd: same,
};

export function viewReducer(view: ViewState, command: Command, navigation: Navigation): ViewState {
  // A note answers the key before: the next one takes it away.
  const shown = withoutGone(view.note === null ? view : { ...view, note: null }, navigation);
  if (shown.help || shown.opened) return overOpen(shown, command, navigation);
  return typeof command === 'object' ? showView(shown, command.view) : ON_SCREEN[command](shown, navigation);
}

export interface Screen {
  readonly view: ViewState;
  readonly navigation: Navigation;
}

/**
 * The commands of one terminal read, in turn, each on the screen the one before made: after one that changed what the
 * navigation is made of (the team, the view, the focus, a filter, what is open), the next gets `navigationAt`'s.
 */
export function applyRead(
  view: ViewState,
  commands: readonly Command[],
  drawn: Screen,
  navigationAt: (view: ViewState) => Navigation,
): ViewState {
  let known = drawn;
  return commands.reduce((current, command) => {
    if (!navigatesAlike(current, known.view, known.navigation)) known = { view: current, navigation: navigationAt(current) };
    return viewReducer(current, command, known.navigation);
  }, view);
}

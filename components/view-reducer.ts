/**
 * The view state's reducer: a command, on the navigation of the frame it is
 * pressed on, gives the next view state. Pure and plain: tested without a
 * terminal. What is open over the screen takes the keys first
 * (commands/detail.ts); else a command moves through the lists
 * (commands/lists.ts), changes what they list (commands/filters.ts), or opens
 * something.
 */
import { OPENING, overOpen, withoutGone } from './commands/detail.js';
import { FILTERING } from './commands/filters.js';
import { MOVING, showView } from './commands/lists.js';
import type { Command } from './keymap.js';
import type { Navigation } from './navigation.js';
import type { KeyHandler, ViewState } from './view-state.js';

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

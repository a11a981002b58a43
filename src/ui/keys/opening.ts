// The keys that open something over the screen, and the keys while it is open: whatever else is pressed waits for it to close.
import type { Command } from './keymap.js';
import type { Navigation, OpenNavigation } from './navigation.js';
import { DASHBOARD } from '../views/names.js';
import {
  focusedList,
  focusedMember,
  memberDetails,
  onlyOnMemberPanes,
  selectedIndex,
  type KeyHandler,
  type ViewState,
} from './view-state.js';
import { showView } from './moving.js';
import { cleared } from './searching.js';

/** The keys that scroll what is open, by how much. */
const SCROLLS: Readonly<Partial<Record<Extract<Command, string>, (open: OpenNavigation) => number>>> = {
  up: () => -1,
  down: () => 1,
  pageUp: (open) => -open.page,
  pageDown: (open) => open.page,
  top: () => -Number.MAX_SAFE_INTEGER,
  bottom: () => Number.MAX_SAFE_INTEGER,
};

const NOTHING_OPEN: OpenNavigation = { lines: 0, page: 1 };

function scroll(view: ViewState, open: OpenNavigation, by: number): ViewState {
  const field = view.help ? 'helpScroll' : 'detailScroll';
  const max = Math.max(0, open.lines - open.page);
  const scrolled = Math.max(0, Math.min(max, view[field] + by));
  return scrolled === view[field] ? view : { ...view, [field]: scrolled };
}

const closed = (view: ViewState): ViewState => ({ ...view, opened: null, detailScroll: 0 });

/** A key pressed while the help or an item is open over the screen. */
export function overOpen(view: ViewState, command: Command, navigation: Navigation): ViewState {
  const by = typeof command === 'string' ? SCROLLS[command]?.(navigation.open ?? NOTHING_OPEN) : undefined;
  if (by !== undefined) return scroll(view, navigation.open ?? NOTHING_OPEN, by);
  if (view.help) return command === 'help' || command === 'close' || command === 'open' ? { ...view, help: false, helpScroll: 0 } : view;
  switch (command) {
    case 'open':
    case 'close':
      return closed(view);
    case 'help':
      return { ...view, help: true };
    case 'toggleLog':
    case 'memberDetails':
      return onlyOnMemberPanes(view, command);
    default:
      return view;
  }
}

/** What was opened is no longer there (a diagnosis that cleared): it closes, and the key works the screen under it. */
export const withoutGone = (view: ViewState, navigation: Navigation): ViewState =>
  view.opened && navigation.openedGone ? closed(view) : view;

export const OPENING = {
  open: (view, navigation) => {
    const list = focusedList(view, navigation);
    if (list === undefined) return view;
    const index = selectedIndex(view, list.id, list.items, list.anchor);
    const item = index < 0 ? undefined : list.items.at(index)!;
    if (item === undefined || (list.opens && !list.opens(item))) return view;
    return { ...view, pane: list.id, opened: { pane: list.id, item }, detailScroll: 0 };
  },
  memberDetails: (view, navigation) => {
    const pane = focusedMember(view, navigation);
    return pane === undefined
      ? onlyOnMemberPanes(view, 'memberDetails')
      : { ...view, pane, opened: { pane, item: memberDetails(pane.member!) }, detailScroll: 0 };
  },
  help: (view) => ({ ...view, help: true }),
  // With nothing open, esc clears the search first, then leaves a view for the dashboard, as its own key does.
  close: (view) => {
    if (view.filters.search !== '') return cleared(view);
    return view.mode === DASHBOARD ? view : showView(view, view.mode);
  },
} satisfies Readonly<Partial<Record<Extract<Command, string>, KeyHandler>>>;

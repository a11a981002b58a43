/**
 * The search: `/` starts typing one, each key narrows the lists as it is
 * typed (the filters' `search`), ⏎ keeps it, esc clears it; `n` and `N` go
 * from match to match, pane after pane.
 */
import type { Command, KeyPress } from './keymap.js';
import type { Navigation } from './navigation.js';
import { samePane } from '../panes/pane.js';
import { focusedList, selectedIndex, type KeyHandler, type ViewState } from './view-state.js';

const withSearch = (view: ViewState, search: string, searching: boolean): ViewState => ({
  ...view,
  searching,
  filters: { ...view.filters, search },
});

/** The search cleared: every list as it was. */
export const cleared = (view: ViewState): ViewState => withSearch(view, '', false);

/**
 * A key while the search is typed: its text goes into the search, ⌫ takes a
 * character back, ⏎ ends the typing (an empty search is none), esc clears it.
 * Any other key ends the typing and does what it does (undefined: not taken).
 */
export function typed(view: ViewState, press: KeyPress): ViewState | undefined {
  const { search } = view.filters;
  const base = view.note === null && !view.fresh ? view : { ...view, note: null, fresh: false };
  if (press.text !== '') return withSearch(base, search + press.text, true);
  switch (press.name) {
    case 'backspace':
      // ⌫ on an empty search leaves it, as a shell's search does.
      return search === '' ? cleared(base) : withSearch(base, [...search].slice(0, -1).join(''), true);
    case 'return':
      return withSearch(base, search, false);
    case 'escape':
      return cleared(base);
    default:
      // An arrow, tab: the search stays, and the key moves through what it left.
      return press.command === undefined ? base : undefined;
  }
}

/** The next (or previous) item of the lists from the selection, pane after pane in tab order, round to the first. */
function step(view: ViewState, navigation: Navigation, by: 1 | -1, command: Command): ViewState {
  const { panes } = navigation;
  const focused = focusedList(view, navigation);
  if (view.filters.search === '' || focused === undefined) return { ...view, note: { command, why: 'no-match' } };
  const start = panes.indexOf(focused);
  const from = selectedIndex(view, focused.id, focused.items, focused.anchor);
  for (let turn = 0; turn <= panes.length; turn++) {
    const pane = panes[(((start + by * turn) % panes.length) + panes.length) % panes.length]!;
    if (pane.items.length === 0) continue;
    let index: number;
    if (turn === 0) {
      index = from + by;
      if (index < 0 || index >= pane.items.length) continue;
    } else index = by === 1 ? 0 : pane.items.length - 1;
    const others = view.selected.filter((selection) => !samePane(selection.pane, pane.id));
    const wrapped = turn > 0 && (by === 1 ? start + turn >= panes.length : start - turn < 0);
    return {
      ...view,
      pane: pane.id,
      selected: [...others, { pane: pane.id, item: pane.items.at(index)! }],
      note: wrapped ? { command, why: 'wrapped' } : view.note,
    };
  }
  return { ...view, note: { command, why: 'no-match' } };
}

export const SEARCHING = {
  // A new search starts empty, as in less and vim: typing narrows the lists again.
  search: (view) => withSearch(view, '', true),
  searchNext: (view, navigation) => step(view, navigation, 1, 'searchNext'),
  searchPrev: (view, navigation) => step(view, navigation, -1, 'searchPrev'),
} satisfies Readonly<Partial<Record<Extract<Command, string>, KeyHandler>>>;

/**
 * The mouse on the view state: a click focuses the pane under it and selects
 * the row clicked; the wheel scrolls the pane under the pointer (it focuses
 * it, as a click would, and moves its selection three rows), or what is open
 * over the screen.
 */
import type { MouseEvent } from '../app/mouse.js';
import type { Navigation, Region } from './navigation.js';
import { samePane } from '../panes/pane.js';
import { overOpen } from './opening.js';
import { MOVING } from './moving.js';
import type { ViewState } from './view-state.js';

/** Rows a turn of the wheel moves, as most terminals' own scrollback does. */
export const WHEEL_ROWS = 3;

const inside = (region: Region, x: number, y: number): boolean =>
  x >= region.x && x < region.x + region.width && y >= region.y && y < region.y + region.height;

export function pointed(view: ViewState, event: MouseEvent, navigation: Navigation): ViewState {
  const shown = view.note === null && !view.fresh ? view : { ...view, note: null, fresh: false };
  if (shown.help || shown.opened) {
    if (event.kind !== 'wheel') return shown;
    let scrolled = shown;
    for (let i = 0; i < WHEEL_ROWS; i++) scrolled = overOpen(scrolled, event.delta < 0 ? 'up' : 'down', navigation);
    return scrolled;
  }
  const region = navigation.regions?.find((candidate) => inside(candidate, event.x, event.y));
  const pane = region && navigation.panes.find((candidate) => samePane(candidate.id, region.pane));
  if (!region || !pane) return shown;
  const focused: ViewState = { ...shown, pane: pane.id };
  if (event.kind === 'wheel') {
    let moved = focused;
    for (let i = 0; i < WHEEL_ROWS; i++) moved = (event.delta < 0 ? MOVING.up : MOVING.down)(moved, navigation);
    return moved;
  }
  const index = region.first + event.y - region.rowsFrom;
  if (event.y < region.rowsFrom || event.y >= region.rowsFrom + region.rows || index >= pane.items.length) return focused;
  const others = shown.selected.filter((selection) => !samePane(selection.pane, pane.id));
  return { ...focused, selected: [...others, { pane: pane.id, item: pane.items.at(index)! }] };
}

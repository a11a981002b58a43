/**
 * Scrolling what is open over the screen (the help, else an item opened with
 * ⏎): the same keys that move a selection on the dashboard.
 */
import type { ViewContext, ViewState } from './view-state.js';

/** Scroll what is open over the screen: the help, else the open item. */
export function scrollOpen(view: ViewState, context: ViewContext, by: number): ViewState {
  const field = view.help ? 'helpScroll' : 'detailScroll';
  const max = Math.max(0, context.detailLines - context.page);
  const scroll = Math.max(0, Math.min(max, view[field] + by));
  return scroll === view[field] ? view : { ...view, [field]: scroll };
}

/** The keys that scroll what is open over the screen, by how much. */
export const SCROLLS: Readonly<Record<string, (context: ViewContext) => number>> = {
  up: () => -1,
  down: () => 1,
  pageUp: (context) => -context.page,
  pageDown: (context) => context.page,
  top: () => -Number.MAX_SAFE_INTEGER,
  bottom: () => Number.MAX_SAFE_INTEGER,
};

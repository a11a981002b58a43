/**
 * What of the view state is kept from one start to the next, per config dir:
 * the filters (`i`, `p`, `u`), the trackers and the cleared incidents shown
 * (`a`, `c`), the view, and how the lists are sorted. Not the search, the
 * member filter (a team's), the focus or what is open: those are about one look.
 */
import type { ViewName } from '../views/names.js';
import type { Sorting, ViewState } from './view-state.js';

export interface Remembered {
  readonly showIdle: boolean;
  readonly protocolOnly: boolean;
  readonly unreadOnly: boolean;
  readonly showInternal: boolean;
  readonly showCleared: boolean;
  readonly view: ViewName;
  readonly sort: Sorting;
}

export const rememberedOf = (view: ViewState): Remembered => ({
  showIdle: view.filters.showIdle,
  protocolOnly: view.filters.protocolOnly,
  unreadOnly: view.filters.unreadOnly,
  showInternal: view.showInternal,
  showCleared: view.showCleared,
  view: view.mode,
  sort: view.sort,
});

/** The view state with what was remembered. */
export const withRemembered = (view: ViewState, remembered: Remembered): ViewState => ({
  ...view,
  filters: { ...view.filters, showIdle: remembered.showIdle, protocolOnly: remembered.protocolOnly, unreadOnly: remembered.unreadOnly },
  showInternal: remembered.showInternal,
  showCleared: remembered.showCleared,
  mode: remembered.view,
  sort: remembered.sort,
});

/** Whether two remembered settings say the same (a key that changed none of them writes nothing). */
export const sameRemembered = (a: Remembered, b: Remembered): boolean =>
  a.showIdle === b.showIdle &&
  a.protocolOnly === b.protocolOnly &&
  a.unreadOnly === b.unreadOnly &&
  a.showInternal === b.showInternal &&
  a.showCleared === b.showCleared &&
  a.view === b.view &&
  a.sort.tasks === b.sort.tasks &&
  a.sort.handshakes === b.sort.handshakes;

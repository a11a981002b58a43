// What the user is looking at. Keys change it (view-reducer.ts), each on the navigation of the frame it applies to.
import type { Command } from './keymap.js';
import { NO_FILTERS, type MessageFilters } from '../../core/model/message-filter.js';
import type { Navigation, PaneNavigation } from './navigation.js';
import { samePane, type ItemKey, type Keys, type PaneId } from '../panes/pane.js';
import { DASHBOARD, type ViewName } from '../views/names.js';

export interface Selection {
  readonly pane: PaneId;
  readonly item: ItemKey;
}

/**
 * Why the last key did nothing, or what it did that the screen may not show:
 * the footer says it in words until the next key.
 */
export type Note =
  | {
      readonly command: Command;
      /**
       * Something is open: close it first. The key works on a member's pane, and
       * none has focus. There is one team. It sorts a list, and none has focus.
       * Nothing matches the search.
       */
      readonly why: 'close-first' | 'not-a-member-pane' | 'one-team' | 'not-sortable' | 'no-match' | 'wrapped';
    }
  /** A key bound to nothing (`key` as typed; '' for a key that types nothing), or only while a search is set. */
  | { readonly why: 'unbound' | 'search-first'; readonly key: string }
  /** A member's number past the members there are. */
  | { readonly why: 'no-member'; readonly key: string; readonly members: number }
  /** The teammate trackers shown or hidden (`a`), which may be below the fold: how many. */
  | { readonly why: 'trackers'; readonly shown: boolean; readonly count: number }
  /** Something teamtop says as it starts (a settings file it could not read), until the first key. */
  | { readonly why: 'notice'; readonly text: string };

/** How the tasks or the handshakes are listed: as they come (dependency order; open first), or by one column. */
export const SORT_ORDERS = ['default', 'age', 'state', 'owner'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The lists `S` sorts. */
export interface Sorting {
  readonly tasks: SortOrder;
  readonly handshakes: SortOrder;
}

export interface ViewState {
  /** The team the user picked; null until they pick one (the most active is shown). */
  readonly team: string | null;
  readonly pane: PaneId | null;
  /** The focus each view had when another was shown over it: going back finds it there. */
  readonly paneIn: ReadonlyMap<ViewName, PaneId | null>;
  /** The item chosen in each pane; a pane with none rests on its anchor (newest message, first task). */
  readonly selected: readonly Selection[];
  readonly opened: Selection | null;
  readonly detailScroll: number;
  /** The view on screen: the dashboard, or one of the views its keys show (views.ts). */
  readonly mode: ViewName;
  /** Members whose pane shows the agent's output log instead of its inbox. */
  readonly logMembers: ReadonlySet<string>;
  readonly filters: MessageFilters;
  readonly showInternal: boolean;
  readonly showCleared: boolean;
  readonly help: boolean;
  readonly helpScroll: number;
  /** Why the last key did nothing, for the footer until the next one (null when it did what it says). */
  readonly note: Note | null;
  /** The search is being typed (`/`): keys go to its text (`filters.search`) until ⏎ or esc. */
  readonly searching: boolean;
  readonly sort: Sorting;
  /** No key pressed yet: the footer says how to move. */
  readonly fresh: boolean;
}

export const initialViewState: ViewState = {
  team: null,
  pane: null,
  paneIn: new Map(),
  selected: [],
  opened: null,
  detailScroll: 0,
  mode: DASHBOARD,
  logMembers: new Set(),
  filters: NO_FILTERS,
  showInternal: false,
  showCleared: false,
  help: false,
  helpScroll: 0,
  note: null,
  searching: false,
  sort: { tasks: 'default', handshakes: 'default' },
  fresh: true,
};

/** The chosen pane if still there, else the same member's (in another view), else the first. */
function focusAmong<T>(chosen: PaneId | null, panes: readonly T[], idOf: (pane: T) => PaneId): T | undefined {
  if (chosen === null) return panes[0];
  const member = chosen.member;
  return (
    panes.find((pane) => samePane(idOf(pane), chosen)) ??
    (member === undefined ? undefined : panes.find((pane) => idOf(pane).member === member)) ??
    panes[0]
  );
}

export const focusedPane = (view: ViewState, panes: readonly PaneId[]): PaneId | undefined => focusAmong(view.pane, panes, (pane) => pane);

export const focusedList = (view: ViewState, navigation: Navigation): PaneNavigation | undefined =>
  focusAmong(view.pane, navigation.panes, (pane) => pane.id);

export const selectedIn = (view: ViewState, pane: PaneId): ItemKey | undefined =>
  view.selected.find((selection) => samePane(selection.pane, pane))?.item;

/** The selected item's index in `items`, else the anchor's (-1 when the list is empty). */
export function selectedIndex(view: ViewState, pane: PaneId, items: Keys, anchor: 'start' | 'end'): number {
  if (items.length === 0) return -1;
  const key = selectedIn(view, pane);
  const index = key === undefined ? -1 : items.indexOf(key);
  if (index >= 0) return index;
  return anchor === 'end' ? items.length - 1 : 0;
}

/** What a member's pane opens to show the member itself rather than one of its messages. */
export const memberDetails = (member: string): ItemKey => ({ kind: 'member', id: member });

export function focusedMember(view: ViewState, navigation: Navigation): PaneId | undefined {
  const pane = focusedList(view, navigation)?.id;
  return pane?.member !== undefined ? pane : undefined;
}

/** A key that works on a member pane, pressed elsewhere: say why nothing happened. */
export const onlyOnMemberPanes = (view: ViewState, command: Command): ViewState => ({
  ...view,
  note: { command, why: view.opened ? 'close-first' : 'not-a-member-pane' },
});

/** What a key does to the view state, on the navigation of the frame it is pressed on (`text`: the character typed). */
export type KeyHandler = (view: ViewState, navigation: Navigation, text: string) => ViewState;

/** What a frame's navigation does not depend on (a page is a pane's rows, wherever its selection is). */
const MOVES: ReadonlySet<keyof ViewState> = new Set<keyof ViewState>([
  'selected',
  'detailScroll',
  'helpScroll',
  'note',
  'paneIn',
  'pane',
  'searching',
  'fresh',
]);

/** Whether `view` has `known`'s navigation: a key that only moved a selection or a scroll leaves it as it was. */
export function navigatesAlike(view: ViewState, known: ViewState, navigation: Navigation): boolean {
  if (view === known) return true;
  const focus = focusedList(view, navigation);
  if (focus !== focusedList(known, navigation)) return false;
  return (Object.keys(view) as (keyof ViewState)[]).every((field) => MOVES.has(field) || Object.is(view[field], known[field]));
}

/**
 * What the user is looking at: the team, the focused pane, the selection in each
 * pane, what is open, the filters. A pure reducer over commands; what it needs to
 * know about the screen (the panes, the items in the focused one, the page size)
 * comes with each command, so it is tested without a terminal.
 */
import type { Command } from './keymap.js';
import { NO_FILTERS, type MessageFilters } from '../src/domain/message-filter.js';
import { samePane, type ItemKey, type Keys, type PaneId } from './pane.js';
import { scrollOpen, SCROLLS } from './scroll-open.js';

/** The dashboard: the view every other one goes back to. */
export const DASHBOARD = 'dashboard';

/** An item chosen in a pane. */
export interface Selection {
  readonly pane: PaneId;
  readonly item: ItemKey;
}

/** Why the last key did nothing: the footer says it in words until the next key. */
export interface Note {
  readonly command: Command;
  /** Something is open: close it first. Or the key works on a member's pane, and none has focus. */
  readonly why: 'close-first' | 'not-a-member-pane';
}

export interface ViewState {
  /** The team the user picked; null until they pick one (the most active is shown). */
  readonly team: string | null;
  /** The focused pane. */
  readonly pane: PaneId | null;
  /** The focus each view had when another was shown over it: going back finds it there. */
  readonly paneIn: ReadonlyMap<string, PaneId | null>;
  /** The item chosen in each pane; a pane with none rests on its anchor (newest message, first task). */
  readonly selected: readonly Selection[];
  /** The item opened full screen. */
  readonly opened: Selection | null;
  readonly detailScroll: number;
  /** The view on screen: the dashboard, or one of the views its keys show (views.ts). */
  readonly mode: string;
  /** Members whose pane shows the agent's output log instead of its inbox. */
  readonly logMembers: ReadonlySet<string>;
  readonly filters: MessageFilters;
  readonly showInternal: boolean;
  /** The diagnoses pane also lists the incidents that cleared. */
  readonly showCleared: boolean;
  readonly help: boolean;
  /** Lines of the help scrolled past. */
  readonly helpScroll: number;
  /** Why the last key did nothing, for the footer until the next one (null when it did what it says). */
  readonly note: Note | null;
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
};

export interface ViewContext {
  readonly teams: readonly string[];
  /** The team on screen. */
  readonly team: string | undefined;
  /** Its members, for the member filter to cycle through. */
  readonly members: readonly string[];
  /** The panes on screen, in tab order. */
  readonly panes: readonly PaneId[];
  /** The focused pane's item keys, in display order. */
  readonly items: Keys;
  /** Which items open (all, when absent): the workflow view's connector and text lines do not. */
  readonly opens?: (key: ItemKey) => boolean;
  /** Which end a pane rests on: inboxes follow the newest message, lists start at the top. */
  readonly anchor: 'start' | 'end';
  /** Rows the focused list (or the open item) shows at once. */
  readonly page: number;
  /** Lines of what is open over the screen (the help, else an item), for scrolling it. */
  readonly detailLines: number;
  /** What was opened is no longer there (a diagnosis that cleared): the keys work the dashboard again. */
  readonly openedGone?: boolean;
}

export type ViewAction =
  | {
      readonly type: 'command';
      readonly command: Command;
      /**
       * What the screen holds, or how to work it out for the view state the command
       * applies to: two keys in one read must not see the screen as it was before
       * the first of them.
       */
      readonly context: ViewContext | ((view: ViewState) => ViewContext);
    }
  | { readonly type: 'select-team'; readonly team: string };

/** The focused pane: the one chosen if it is still there, else the first. */
export function focusedPane(view: ViewState, panes: readonly PaneId[]): PaneId | undefined {
  const chosen = view.pane;
  return (chosen !== null && panes.find((pane) => samePane(pane, chosen))) || panes[0];
}

/** The item chosen in a pane, if any. */
export const selectedIn = (view: ViewState, pane: PaneId): ItemKey | undefined =>
  view.selected.find((selection) => samePane(selection.pane, pane))?.item;

/** The selected item's index in `items` (-1 when the list is empty). */
export function selectedIndex(view: ViewState, pane: PaneId, items: Keys, anchor: 'start' | 'end'): number {
  if (items.length === 0) return -1;
  const key = selectedIn(view, pane);
  const index = key === undefined ? -1 : items.indexOf(key);
  if (index >= 0) return index;
  return anchor === 'end' ? items.length - 1 : 0;
}

function moveSelection(view: ViewState, context: ViewContext, to: (index: number) => number): ViewState {
  const pane = focusedPane(view, context.panes);
  if (pane === undefined || context.items.length === 0) return view;
  const last = context.items.length - 1;
  const index = Math.max(0, Math.min(last, to(selectedIndex(view, pane, context.items, context.anchor))));
  const others = view.selected.filter((selection) => !samePane(selection.pane, pane));
  // Resting on the anchor means following it: an inbox keeps showing the newest message.
  const selected = index === (context.anchor === 'end' ? last : 0) ? others : [...others, { pane, item: context.items.at(index)! }];
  return { ...view, pane, selected };
}

/** Another team on screen: focus, the open item and the member filter were about the last one. */
const showTeam = (view: ViewState, team: string): ViewState => ({
  ...view,
  team,
  pane: null,
  paneIn: new Map(),
  opened: null,
  filters: { ...view.filters, member: null },
});

function switchTeam(view: ViewState, context: ViewContext, step: number): ViewState {
  const { teams } = context;
  if (teams.length === 0) return view;
  const current = context.team === undefined ? -1 : teams.indexOf(context.team);
  const team = teams[(current + step + teams.length) % teams.length]!;
  return team === context.team ? view : showTeam(view, team);
}

/** What a member's pane opens to show the member itself rather than one of its messages. */
export const memberDetails = (member: string): ItemKey => ({ kind: 'member', id: member });

/** The focused pane, when it is a member's. */
function focusedMember(view: ViewState, context: ViewContext): PaneId | undefined {
  const pane = focusedPane(view, context.panes);
  return pane?.member !== undefined ? pane : undefined;
}

/** A key that works on a member pane, pressed elsewhere: say why nothing happened. */
const onlyOnMemberPanes = (view: ViewState, command: Command): ViewState => ({
  ...view,
  note: { command, why: view.opened ? 'close-first' : 'not-a-member-pane' },
});

function command(shown: ViewState, name: Command, context: ViewContext): ViewState {
  const view = shown.opened && context.openedGone ? { ...shown, opened: null, detailScroll: 0 } : shown;
  const by = typeof name === 'string' && (view.help || view.opened) ? SCROLLS[name]?.(context) : undefined;
  if (by !== undefined) return scrollOpen(view, context, by);
  if (view.help) {
    return name === 'help' || name === 'close' || name === 'open' ? { ...view, help: false, helpScroll: 0 } : view;
  }
  if (view.opened) {
    switch (name) {
      case 'open':
      case 'close':
        return { ...view, opened: null, detailScroll: 0 };
      case 'help':
        return { ...view, help: true };
      case 'toggleLog':
      case 'memberDetails':
        return onlyOnMemberPanes(view, name);
      default:
        return view;
    }
  }
  if (typeof name === 'object') return showView(view, name.view);
  const page = Math.max(1, context.page - 1);
  switch (name) {
    case 'nextPane':
    case 'prevPane': {
      const { panes } = context;
      if (panes.length === 0) return view;
      const focused = focusedPane(view, panes)!;
      const current = panes.findIndex((pane) => samePane(pane, focused));
      const step = name === 'nextPane' ? 1 : -1;
      return { ...view, pane: panes[(current + step + panes.length) % panes.length]! };
    }
    case 'up':
      return moveSelection(view, context, (index) => index - 1);
    case 'down':
      return moveSelection(view, context, (index) => index + 1);
    case 'pageUp':
      return moveSelection(view, context, (index) => index - page);
    case 'pageDown':
      return moveSelection(view, context, (index) => index + page);
    case 'top':
      return moveSelection(view, context, () => 0);
    case 'bottom':
      return moveSelection(view, context, () => Number.MAX_SAFE_INTEGER);
    case 'open': {
      const pane = focusedPane(view, context.panes);
      if (pane === undefined) return view;
      const index = selectedIndex(view, pane, context.items, context.anchor);
      const item = index < 0 ? undefined : context.items.at(index)!;
      if (item === undefined || (context.opens && !context.opens(item))) return view;
      return { ...view, pane, opened: { pane, item }, detailScroll: 0 };
    }
    case 'close':
      return view;
    case 'nextTeam':
      return switchTeam(view, context, 1);
    case 'prevTeam':
      return switchTeam(view, context, -1);
    case 'toggleIdle':
      return { ...view, filters: { ...view.filters, showIdle: !view.filters.showIdle } };
    case 'toggleProtocol':
      return { ...view, filters: { ...view.filters, protocolOnly: !view.filters.protocolOnly } };
    case 'toggleUnread':
      return { ...view, filters: { ...view.filters, unreadOnly: !view.filters.unreadOnly } };
    case 'cycleMember': {
      // all → each member in turn → all
      const { members } = context;
      const current = view.filters.member === null ? -1 : members.indexOf(view.filters.member);
      const member = current + 1 < members.length ? members[current + 1]! : null;
      return { ...view, filters: { ...view.filters, member } };
    }
    case 'toggleLog': {
      const pane = focusedMember(view, context);
      if (pane === undefined) return onlyOnMemberPanes(view, name);
      const logMembers = new Set(view.logMembers);
      if (!logMembers.delete(pane.member!)) logMembers.add(pane.member!);
      // The selection was a message's (or a line's): the other list rests on its newest end.
      const selected = view.selected.filter((selection) => !samePane(selection.pane, pane));
      return { ...view, pane, logMembers, selected };
    }
    case 'memberDetails': {
      const pane = focusedMember(view, context);
      return pane === undefined
        ? onlyOnMemberPanes(view, name)
        : { ...view, pane, opened: { pane, item: memberDetails(pane.member!) }, detailScroll: 0 };
    }
    case 'toggleInternal':
      return { ...view, showInternal: !view.showInternal };
    case 'toggleCleared':
      return { ...view, showCleared: !view.showCleared };
    case 'help':
      return { ...view, help: true };
    case 'quit':
    case 'replayToggle':
    case 'replayStep':
    case 'replayFaster':
    case 'replaySlower':
    case 'replayStart':
    case 'replayEnd':
      // Handled outside the view: quitting and the replay's transport.
      return view;
  }
}

/** Show a view, or go back to the dashboard from it, with the focus it had (its first pane, the first time). */
function showView(view: ViewState, name: string): ViewState {
  const mode = view.mode === name ? DASHBOARD : name;
  const paneIn = new Map(view.paneIn).set(view.mode, view.pane);
  return { ...view, mode, pane: paneIn.get(mode) ?? null, paneIn };
}

export function viewReducer(view: ViewState, action: ViewAction): ViewState {
  switch (action.type) {
    case 'command': {
      const context = typeof action.context === 'function' ? action.context(view) : action.context;
      // A note answers the key before: the next one takes it away.
      return command(view.note === null ? view : { ...view, note: null }, action.command, context);
    }
    case 'select-team':
      return view.team === action.team ? view : showTeam(view, action.team);
  }
}

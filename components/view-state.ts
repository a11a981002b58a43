/**
 * What the user is looking at: the team, the focused pane, the selection in each
 * pane, what is open, the filters. A pure reducer over commands; what it needs to
 * know about the screen (the panes, the items in the focused one, the page size)
 * comes with each command, so it is tested without a terminal.
 */
import { keyOf, type Command } from './keymap.js';
import { NO_FILTERS, type MessageFilters } from '../src/domain/message-filter.js';

export interface ViewState {
  /** The team the user picked; null until they pick one (the most active is shown). */
  readonly team: string | null;
  /** The focused pane's id. */
  readonly pane: string | null;
  /** Pane id → selected item key; absent means the pane's anchor (newest message, first task). */
  readonly selected: ReadonlyMap<string, string>;
  /** The item opened full screen. */
  readonly opened: { readonly pane: string; readonly key: string } | null;
  readonly detailScroll: number;
  /** The member panes and lists, every message of the team in time order, or the declared workflow. */
  readonly mode: 'dashboard' | 'timeline' | 'workflow';
  /** Member panes showing the agent's output log instead of its inbox. */
  readonly logPanes: ReadonlySet<string>;
  readonly filters: MessageFilters;
  readonly showInternal: boolean;
  readonly help: boolean;
  /** Why the last key did nothing, for the footer until the next one (null when it did what it says). */
  readonly note: string | null;
}

export const initialViewState: ViewState = {
  team: null,
  pane: null,
  selected: new Map(),
  opened: null,
  detailScroll: 0,
  mode: 'dashboard',
  logPanes: new Set(),
  filters: NO_FILTERS,
  showInternal: false,
  help: false,
  note: null,
};

export interface ViewContext {
  readonly teams: readonly string[];
  /** The team on screen. */
  readonly team: string | undefined;
  /** Its members, for the member filter to cycle through. */
  readonly members: readonly string[];
  readonly panes: readonly string[];
  /** The panes that are members' (their details can be opened, their log shown). */
  readonly memberPanes: readonly string[];
  /** The focused pane's item keys, in display order. */
  readonly items: Keys;
  /** Which items open (all, when absent): the workflow view's connector and text lines do not. */
  readonly opens?: (key: string) => boolean;
  /** Which end a pane rests on: inboxes follow the newest message, lists start at the top. */
  readonly anchor: 'start' | 'end';
  /** Rows the focused list (or the open item) shows at once. */
  readonly page: number;
  /** Lines of the open item, for scrolling it. */
  readonly detailLines: number;
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

/**
 * Item keys in display order: an array, or a view of a list's keys that does
 * not copy them (an inbox can hold 10,000 messages, and this is asked for on
 * every frame).
 */
export interface Keys {
  readonly length: number;
  at(index: number): string | undefined;
  indexOf(key: string): number;
}

/** The focused pane: the one chosen if it is still there, else the first. */
export function focusedPane(view: ViewState, panes: readonly string[]): string | undefined {
  return view.pane !== null && panes.includes(view.pane) ? view.pane : panes[0];
}

/** The selected item's index in `items` (-1 when the list is empty). */
export function selectedIndex(view: ViewState, pane: string, items: Keys, anchor: 'start' | 'end'): number {
  if (items.length === 0) return -1;
  const key = view.selected.get(pane);
  const index = key === undefined ? -1 : items.indexOf(key);
  if (index >= 0) return index;
  return anchor === 'end' ? items.length - 1 : 0;
}

function moveSelection(view: ViewState, context: ViewContext, to: (index: number) => number): ViewState {
  const pane = focusedPane(view, context.panes);
  if (pane === undefined || context.items.length === 0) return view;
  const last = context.items.length - 1;
  const index = Math.max(0, Math.min(last, to(selectedIndex(view, pane, context.items, context.anchor))));
  const selected = new Map(view.selected);
  // Resting on the anchor means following it: an inbox keeps showing the newest message.
  if (index === (context.anchor === 'end' ? last : 0)) selected.delete(pane);
  else selected.set(pane, context.items.at(index)!);
  return { ...view, pane, selected };
}

function scrollDetail(view: ViewState, context: ViewContext, by: number): ViewState {
  const max = Math.max(0, context.detailLines - context.page);
  const detailScroll = Math.max(0, Math.min(max, view.detailScroll + by));
  return detailScroll === view.detailScroll ? view : { ...view, detailScroll };
}

/** Another team on screen: focus, the open item and the member filter were about the last one. */
const showTeam = (view: ViewState, team: string): ViewState => ({
  ...view,
  team,
  pane: null,
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

/** The key that opens a member's details rather than one of its messages. */
export const MEMBER_DETAILS_KEY = '\u0000member';

/** The focused pane, when it is a member's. */
function focusedMember(view: ViewState, context: ViewContext): string | undefined {
  const pane = focusedPane(view, context.panes);
  return pane !== undefined && context.memberPanes.includes(pane) ? pane : undefined;
}

/** A key that works on a member pane, pressed elsewhere: say where it works instead of doing nothing. */
function onlyOnMemberPanes(view: ViewState, name: Command): ViewState {
  const key = keyOf(name);
  if (view.opened) return { ...view, note: `${key}: close this first (${keyOf('close')})` };
  if (view.mode === 'dashboard') return { ...view, note: `${key}: focus a member pane first (${keyOf('nextPane')})` };
  return {
    ...view,
    note: `${key}: member panes are on the dashboard (${keyOf(view.mode === 'timeline' ? 'toggleTimeline' : 'toggleWorkflow')})`,
  };
}

function command(view: ViewState, name: Command, context: ViewContext): ViewState {
  if (view.help) {
    return name === 'help' || name === 'close' || name === 'open' ? { ...view, help: false } : view;
  }
  if (view.opened) {
    switch (name) {
      case 'up':
        return scrollDetail(view, context, -1);
      case 'down':
        return scrollDetail(view, context, 1);
      case 'pageUp':
        return scrollDetail(view, context, -context.page);
      case 'pageDown':
        return scrollDetail(view, context, context.page);
      case 'top':
        return scrollDetail(view, context, -Number.MAX_SAFE_INTEGER);
      case 'bottom':
        return scrollDetail(view, context, Number.MAX_SAFE_INTEGER);
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
  const page = Math.max(1, context.page - 1);
  switch (name) {
    case 'nextPane':
    case 'prevPane': {
      const { panes } = context;
      if (panes.length === 0) return view;
      const current = panes.indexOf(focusedPane(view, panes)!);
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
      const key = index < 0 ? undefined : context.items.at(index)!;
      if (key === undefined || (context.opens && !context.opens(key))) return view;
      return { ...view, pane, opened: { pane, key }, detailScroll: 0 };
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
    case 'toggleTimeline':
      return { ...view, mode: view.mode === 'timeline' ? 'dashboard' : 'timeline', pane: null };
    case 'toggleWorkflow':
      return { ...view, mode: view.mode === 'workflow' ? 'dashboard' : 'workflow', pane: null };
    case 'toggleLog': {
      const pane = focusedMember(view, context);
      if (pane === undefined) return onlyOnMemberPanes(view, name);
      const logPanes = new Set(view.logPanes);
      if (!logPanes.delete(pane)) logPanes.add(pane);
      // The selection was a message's (or a line's): the other list rests on its newest end.
      const selected = new Map(view.selected);
      selected.delete(pane);
      return { ...view, pane, logPanes, selected };
    }
    case 'memberDetails': {
      const pane = focusedMember(view, context);
      return pane === undefined
        ? onlyOnMemberPanes(view, name)
        : { ...view, pane, opened: { pane, key: MEMBER_DETAILS_KEY }, detailScroll: 0 };
    }
    case 'toggleInternal':
      return { ...view, showInternal: !view.showInternal };
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

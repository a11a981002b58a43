import type { Command } from './keymap.js';
import type { Navigation } from './navigation.js';
import { samePane } from '../panes/pane.js';
import { DASHBOARD, type ViewName } from '../views/names.js';
import { focusedList, selectedIndex, type KeyHandler, type ViewState } from './view-state.js';

function moveSelection(view: ViewState, navigation: Navigation, to: (index: number, page: number) => number): ViewState {
  const list = focusedList(view, navigation);
  if (list === undefined || list.items.length === 0) return view;
  const { id: pane, items, anchor } = list;
  const last = items.length - 1;
  // A page keeps a row of the last one in view.
  const index = Math.max(0, Math.min(last, to(selectedIndex(view, pane, items, anchor), Math.max(1, list.page - 1))));
  const others = view.selected.filter((selection) => !samePane(selection.pane, pane));
  // Resting on the anchor means following it: an inbox keeps showing the newest message.
  const selected = index === (anchor === 'end' ? last : 0) ? others : [...others, { pane, item: items.at(index)! }];
  return { ...view, pane, selected };
}

function cycleFocus(view: ViewState, navigation: Navigation, step: number): ViewState {
  const { panes } = navigation;
  if (panes.length === 0) return view;
  const current = panes.indexOf(focusedList(view, navigation)!);
  return { ...view, pane: panes[(current + step + panes.length) % panes.length]!.id };
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

function switchTeam(view: ViewState, navigation: Navigation, step: number): ViewState {
  const { teams } = navigation;
  if (teams.length <= 1) return { ...view, note: { command: step > 0 ? 'nextTeam' : 'prevTeam', why: 'one-team' } };
  const current = navigation.team === undefined ? -1 : teams.indexOf(navigation.team);
  const team = teams[(current + step + teams.length) % teams.length]!;
  return team === navigation.team ? view : showTeam(view, team);
}

/** Show a view, or go back to the dashboard, with the focus it had; a member focused goes along to its pane there. */
export function showView(view: ViewState, name: ViewName): ViewState {
  const mode = view.mode === name ? DASHBOARD : name;
  const paneIn = new Map(view.paneIn).set(view.mode, view.pane);
  const member = view.pane?.member !== undefined ? view.pane : null;
  return { ...view, mode, pane: member ?? paneIn.get(mode) ?? null, paneIn };
}

/** `1`–`9`: the member of that number, in the order the panes show them, focused in the view on screen. */
function focusMember(view: ViewState, navigation: Navigation, key: string): ViewState {
  const member = navigation.members[Number(key) - 1];
  if (member === undefined) return { ...view, note: { why: 'no-member', key, members: navigation.members.length } };
  const pane = navigation.panes.find((candidate) => candidate.id.member === member)?.id ?? { kind: 'member', member };
  return { ...view, pane };
}

export const MOVING = {
  focusMember,
  nextPane: (view, navigation) => cycleFocus(view, navigation, 1),
  prevPane: (view, navigation) => cycleFocus(view, navigation, -1),
  up: (view, navigation) => moveSelection(view, navigation, (index) => index - 1),
  down: (view, navigation) => moveSelection(view, navigation, (index) => index + 1),
  pageUp: (view, navigation) => moveSelection(view, navigation, (index, page) => index - page),
  pageDown: (view, navigation) => moveSelection(view, navigation, (index, page) => index + page),
  top: (view, navigation) => moveSelection(view, navigation, () => 0),
  bottom: (view, navigation) => moveSelection(view, navigation, () => Number.MAX_SAFE_INTEGER),
  nextTeam: (view, navigation) => switchTeam(view, navigation, 1),
  prevTeam: (view, navigation) => switchTeam(view, navigation, -1),
} satisfies Readonly<Partial<Record<Extract<Command, string>, KeyHandler>>>;

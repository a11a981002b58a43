// The keys that change what the panes list: filters, trackers, a member's output log, the incidents that cleared.
import type { MessageFilters } from '../../core/model/message-filter.js';
import type { Command } from './keymap.js';
import { samePane } from '../panes/pane.js';
import { focusedList, focusedMember, onlyOnMemberPanes, SORT_ORDERS, type KeyHandler, type Sorting, type ViewState } from './view-state.js';

const filtered = (view: ViewState, change: Partial<MessageFilters>): ViewState => ({ ...view, filters: { ...view.filters, ...change } });

export const FILTERING = {
  toggleIdle: (view) => filtered(view, { showIdle: !view.filters.showIdle }),
  toggleProtocol: (view) => filtered(view, { protocolOnly: !view.filters.protocolOnly }),
  toggleUnread: (view) => filtered(view, { unreadOnly: !view.filters.unreadOnly }),
  cycleMember: (view, { members }) => {
    // all → each member in turn → all
    const current = view.filters.member === null ? -1 : members.indexOf(view.filters.member);
    return filtered(view, { member: current + 1 < members.length ? members[current + 1]! : null });
  },
  // The trackers are listed last, often below the fold: the footer says how many came or went.
  toggleInternal: (view, { trackers }) => ({
    ...view,
    showInternal: !view.showInternal,
    note: { why: 'trackers', shown: !view.showInternal, count: trackers },
  }),
  sort: (view, navigation) => {
    const kind = focusedList(view, navigation)?.id.kind;
    if (kind !== 'tasks' && kind !== 'handshakes') return { ...view, note: { command: 'sort', why: 'not-sortable' } };
    const list: keyof Sorting = kind;
    const next = SORT_ORDERS[(SORT_ORDERS.indexOf(view.sort[list]) + 1) % SORT_ORDERS.length]!;
    return { ...view, sort: { ...view.sort, [list]: next } };
  },
  toggleCleared: (view) => ({ ...view, showCleared: !view.showCleared }),
  toggleLog: (view, navigation) => {
    const pane = focusedMember(view, navigation);
    if (pane === undefined) return onlyOnMemberPanes(view, 'toggleLog');
    const logMembers = new Set(view.logMembers);
    if (!logMembers.delete(pane.member!)) logMembers.add(pane.member!);
    // The selection was a message's (or a line's): the other list rests on its newest end.
    const selected = view.selected.filter((selection) => !samePane(selection.pane, pane));
    return { ...view, pane, logMembers, selected };
  },
} satisfies Readonly<Partial<Record<Extract<Command, string>, KeyHandler>>>;

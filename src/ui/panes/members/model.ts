// A member's pane: its inbox (through the filters) or its output log (`o`), what it waits on, its runner's figures.
import { agentFigures, figuresLine } from '../../../core/model/agent.js';
import { formatSince } from '../../../core/model/time.js';
import type { InboxMessage } from '../../../core/model/inbox.js';
import { positionOf, type AgentLog } from '../../../core/facts/index.js';
import { memoize, sameList, shallowEqual } from '../../../core/select/memo.js';
import { keeper } from '../../widgets/keep.js';
import type { MemberView } from '../../../core/select/members.js';
import { selectInboxMessages } from '../../../core/select/messages.js';
import type { PaneLayout } from '../../screen/layout.js';
import { messageDetail } from '../../widgets/message-detail.js';
import { markerOf, type HandshakeMarker } from './marker.js';
import { keysOf, listWindow, type Detail, type ItemKey, type Keys, type ListWindow, type PaneId, type PaneList } from '../pane.js';
import type { Frame } from '../../views/view.js';
import { selectedIndex } from '../../keys/view-state.js';
import { UNREAD_MARK } from '../../widgets/message-line.js';
import { memberMark, type DiagnosisMark } from '../diagnoses/marks.js';
import { logLineDetail, memberOpened, statusLabel } from './detail.js';
import { activityNote, usageNote, type PaneNote } from './work.js';

export type { PaneNote } from './work.js';

export const memberPaneId = (member: string): PaneId => ({ kind: 'member', member });

export const messageKey = (key: string): ItemKey => ({ kind: 'message', id: key });

/** Unread mail older than this says how long the oldest waited: 2.1.330 delivers within seconds, so longer is a stuck member. */
export const LONG_WAIT_MS = 10_000;

export interface LogView {
  /** The lines kept, oldest first, the line being written last. */
  readonly lines: readonly string[];
  /** The number of `lines[0]` among all the lines the log ever had. */
  readonly first: number;
  readonly total: number;
  readonly present: boolean;
}

interface MemberContent {
  readonly id: PaneId;
  readonly member: MemberView;
  readonly messages: readonly InboxMessage[];
  /** Messages of its inbox the filters leave out. */
  readonly hidden: number;
  /** Showing the output log instead of the inbox (`o`): its lines, else null. */
  readonly log: LogView | null;
  /** Figures and errors from the agent's status file (as many as fit are drawn). */
  readonly notes: readonly PaneNote[];
  readonly items: Keys;
}

/** What a member's pane draws: the same object while it says the same (`keep`), not drawn again when another inbox changes. */
export interface MemberPaneModel {
  readonly member: MemberView;
  readonly messages: readonly InboxMessage[];
  /** Messages of its inbox the filters leave out: an empty list says a filter hides them, not that none came. */
  readonly hidden: number;
  readonly log: LogView | null;
  readonly notes: readonly PaneNote[];
  /** Rows for the list (messages or log lines), after the notes. */
  readonly rows: number;
  readonly window: ListWindow;
  readonly focused: boolean;
  readonly layout: PaneLayout;
  readonly marker: HandshakeMarker | null;
  readonly diagnosed: DiagnosisMark | null;
  /** Words as of the frame's time (`idle 3s`): the pane takes no clock, so a tick redraws only panes whose words changed. */
  readonly status: string;
  readonly unread: string;
}

const EMPTY: readonly InboxMessage[] = [];
const NO_LOG: LogView = { lines: [], first: 0, total: 0, present: false };

/** A list's keys without a copy of them; a selection is looked for from the newest end, where it usually is. */
const messageKeys = memoize((messages: readonly InboxMessage[]) => keysOf(messages, 'message', (message) => message.key, 'end'));

/** A log as its pane lists it: the line being written last, keyed by line number so a selection stays put. */
const logView = memoize((log: AgentLog): LogView => ({
  lines: log.partial === '' ? log.lines : [...log.lines, log.partial],
  first: log.total - log.lines.length,
  total: log.total,
  present: log.present,
}));
const logKeys = memoize((log: LogView): Keys => ({
  length: log.lines.length,
  at: (index) => (index >= 0 && index < log.lines.length ? { kind: 'log-line', id: log.first + index } : undefined),
  indexOf: (key) => {
    const index = key.kind === 'log-line' && typeof key.id === 'number' ? key.id - log.first : -1;
    return index >= 0 && index < log.lines.length ? index : -1;
  },
}));

const NO_NOTES: readonly PaneNote[] = [];

/** Its agent's error (where only one note fits, it is the one to see), what it does now and what it used (its transcript), its agent's figures. */
function notesOf(frame: Frame, member: MemberView): readonly PaneNote[] {
  const status = member.agent?.status;
  const figures = status ? agentFigures(status, frame.team.config?.metadata?.budget_tokens) : undefined;
  const line = figures ? figuresLine(figures) : '';
  const notes = [
    status?.status === 'error' ? { text: `error: ${status.errorMessage ?? 'no message given'}`, tone: 'danger' as const } : null,
    activityNote(frame.work.activity.get(member.name), frame.now),
    usageNote(frame.work.usage.members.get(member.name), frame.now),
    line ? { text: line, tone: (figures?.budgetShare ?? 0) > 1 ? ('danger' as const) : ('info' as const) } : null,
  ].filter((note) => note !== null);
  return notes.length === 0 ? NO_NOTES : notes;
}

/** Notes in the rows the list gives up: an error always, the figures only while a row is left for the newest message. */
function notesThatFit(notes: readonly PaneNote[], rows: number, listLength: number): readonly PaneNote[] {
  let left = rows;
  return notes.filter((note) => {
    const keep = note.tone === 'danger' || note.activity === true ? 0 : Math.min(1, listLength);
    if (left - keep <= 0) return false;
    left--;
    return true;
  });
}

export function memberContent(frame: Frame, member: MemberView): MemberContent {
  const { team, view } = frame;
  const inbox = team.inboxes.get(member.name);
  const messages = inbox ? selectInboxMessages(inbox, view.filters) : EMPTY;
  const hidden = (inbox?.messages.length ?? 0) - messages.length;
  const agentLog = member.agent?.log;
  const log = view.logMembers.has(member.name) ? (agentLog ? logView(agentLog) : NO_LOG) : null;
  return {
    id: memberPaneId(member.name),
    member,
    messages,
    hidden,
    log,
    notes: notesOf(frame, member),
    items: log ? logKeys(log) : messageKeys(messages),
  };
}

function opener(frame: Frame, { member, log }: MemberContent): PaneList['open'] {
  return (key): Detail | null => {
    const { team } = frame;
    if (key.kind === 'member') return memberOpened(frame, member);
    if (log) {
      const line = logKeys(log).indexOf(key);
      return line < 0 ? null : logLineDetail(member, log.first + line + 1, log.lines[line]!);
    }
    const inbox = team.inboxes.get(member.name);
    const position = inbox && key.kind === 'message' ? positionOf(inbox, String(key.id)) : undefined;
    if (!inbox || position === undefined) return null;
    const message = inbox.messages[position]!;
    return messageDetail(message, [message.to]);
  };
}

/** `● 2 unread`, and `● 2 unread 3m` once the oldest has waited long. */
function unreadLabel(member: MemberView, now: number): string {
  if (member.unread === 0) return 'all read';
  const waited = now - member.waitingSince;
  return `${UNREAD_MARK} ${member.unread} unread${waited >= LONG_WAIT_MS ? ` ${formatSince(waited)}` : ''}`;
}

const samePaneModel = (a: MemberPaneModel, b: MemberPaneModel): boolean =>
  a.status === b.status &&
  a.unread === b.unread &&
  a.messages === b.messages &&
  a.hidden === b.hidden &&
  a.log === b.log &&
  a.rows === b.rows &&
  a.focused === b.focused &&
  shallowEqual(a.member, b.member) &&
  shallowEqual(a.window, b.window) &&
  shallowEqual(a.layout, b.layout) &&
  shallowEqual(a.marker, b.marker) &&
  shallowEqual(a.diagnosed, b.diagnosed) &&
  sameList(a.notes, b.notes, shallowEqual);

/** The last model of each pane of the team on screen: a new one that says the same is not a new one. */
const keep = keeper(samePaneModel);
/** And its window, kept apart: a pane whose title changed (an age) lists what it listed, and its list is not drawn again. */
const keepWindow = keeper<ListWindow>(shallowEqual);

export function memberList(frame: Frame, content: MemberContent, page: number): PaneList {
  return { id: content.id, items: content.items, anchor: 'end', page, open: opener(frame, content) };
}

export function memberPane(frame: Frame, content: MemberContent, layout: PaneLayout, bordered: boolean, focused: boolean): MemberPaneModel {
  const { member, items } = content;
  const notes = bordered ? notesThatFit(content.notes, layout.rows, items.length) : content.notes;
  const rows = layout.rows - (bordered ? notes.length : 0);
  const window = keepWindow(
    frame.team.name,
    member.name,
    listWindow(items.length, rows, selectedIndex(frame.view, content.id, items, 'end')),
  );
  const model = {
    member,
    messages: content.messages,
    hidden: content.hidden,
    log: content.log,
    notes,
    rows,
    window,
    focused,
    layout,
    marker: markerOf(member.name, frame.handshakes, frame.now),
    diagnosed: memberMark(member.name, frame.diagnoses.diagnoses),
    status: statusLabel(member, frame.now),
    unread: unreadLabel(member, frame.now),
  };
  return keep(frame.team.name, member.name, model);
}

/**
 * Everything one frame shows, computed from the store's state, the view state and
 * the terminal size. Pure: the interactive app, `--once` and the tests all draw
 * from the same model, and the key handler reads its context from it.
 */
import type { InboxMessage } from '../src/domain/inbox.js';
import type { TaskNode } from '../src/domain/task-graph.js';
import type { InboxHistory } from '../src/store/inbox-history.js';
import {
  memoize,
  selectColors,
  selectMembers,
  selectMostRecentTeam,
  selectTaskGraph,
  selectTeamSummaries,
  type MemberView,
  type TeamSummary,
} from '../src/store/selectors.js';
import type { AppState, Problem, TeamState } from '../src/store/state.js';
import { messageLines, taskLines } from './detail-content.js';
import { computeLayout, FOOTER_LINES, HEADER_LINES, type Layout, type PaneLayout } from './layout.js';
import { focusedPane, selectedIndex, type ViewContext, type ViewState } from './view-state.js';

export const TASKS_PANE = 'tasks';
export const memberPane = (name: string): string => `member:${name}`;

export interface ListWindow {
  readonly start: number;
  readonly end: number;
  /** Index of the selected item, -1 when none. */
  readonly selected: number;
}

export interface PaneModel {
  readonly id: string;
  readonly member: MemberView;
  /** The member's inbox history after filters, oldest first. */
  readonly messages: readonly InboxMessage[];
  readonly window: ListWindow;
  readonly focused: boolean;
  readonly layout: PaneLayout;
}

export interface TaskListModel {
  readonly nodes: readonly TaskNode[];
  readonly internalHidden: number;
  readonly internalCount: number;
  readonly window: ListWindow;
  readonly focused: boolean;
}

export type OpenedItem =
  | { readonly kind: 'message'; readonly message: InboxMessage }
  | { readonly kind: 'task'; readonly task: TaskNode };

/** Lines of the detail view that are not its body: borders, two lines of facts, a hint. */
export const DETAIL_CHROME = 5;

export interface DetailModel {
  readonly item: OpenedItem;
  /** The body, wrapped to the width. */
  readonly lines: readonly string[];
  /** Body lines shown at once. */
  readonly page: number;
  readonly scroll: number;
}

export interface DashboardModel {
  readonly claudeDir: string;
  readonly now: number;
  readonly width: number;
  readonly teams: readonly TeamSummary[];
  readonly team: TeamState | undefined;
  readonly members: readonly MemberView[];
  readonly colors: ReadonlyMap<string, string | null>;
  readonly panes: readonly PaneModel[];
  readonly tasks: TaskListModel;
  readonly layout: Layout;
  readonly problems: readonly Problem[];
  readonly detail: DetailModel | null;
  readonly help: boolean;
  readonly showIdle: boolean;
  readonly context: ViewContext;
}

export interface DashboardInput {
  readonly state: AppState;
  readonly view: ViewState;
  readonly claudeDir: string;
  readonly width: number;
  /** Terminal rows; undefined when drawing once with no height to fit. */
  readonly height: number | undefined;
  readonly now: number;
}

const withoutIdle = memoize((messages: readonly InboxMessage[]) =>
  messages.filter((message) => message.kind !== 'idle_notification'),
);

const EMPTY: readonly InboxMessage[] = [];

function visibleMessages(inbox: InboxHistory | undefined, showIdle: boolean): readonly InboxMessage[] {
  if (!inbox) return EMPTY;
  return showIdle ? inbox.messages : withoutIdle(inbox.messages);
}

const messageKeys = memoize((messages: readonly InboxMessage[]) => messages.map((message) => message.key));

const withoutInternal = memoize((nodes: readonly TaskNode[]) => nodes.filter((node) => !node.internal));

const taskIds = memoize((nodes: readonly TaskNode[]) => nodes.map((node) => node.id));

/** The slice of a list that fits `rows`, keeping the selected item on screen. */
export function listWindow(total: number, rows: number, selected: number): ListWindow {
  if (rows <= 0 || total === 0) return { start: 0, end: 0, selected };
  const start = Math.max(0, Math.min(selected - rows + 1, total - rows));
  return { start, end: Math.min(total, start + rows), selected };
}

/** The team on screen: the user's pick, else the most recently active one. */
export function currentTeam(state: AppState, view: ViewState): TeamState | undefined {
  const teams = selectTeamSummaries(state.teams);
  const name = view.team !== null && teams.some((team) => team.name === view.team) ? view.team : selectMostRecentTeam(state);
  return name === undefined ? undefined : state.teams.get(name);
}

export function buildDashboard(input: DashboardInput): DashboardModel {
  const { state, view, width, height, now } = input;
  const teams = selectTeamSummaries(state.teams);
  const team = currentTeam(state, view);
  const members = team ? selectMembers(team) : [];
  const colors = team ? selectColors(team) : new Map<string, string | null>();

  const allTasks = team ? selectTaskGraph(team.tasks) : [];
  const workTasks = withoutInternal(allTasks);
  const nodes = view.showInternal ? allTasks : workTasks;

  const memberIds = members.map((member) => memberPane(member.name));
  const paneIds = [...memberIds, TASKS_PANE];
  const focused = team ? focusedPane(view, paneIds) : undefined;
  const lists = members.map((member) => visibleMessages(team?.inboxes.get(member.name), view.showIdle));
  // The newest problem first: it is the one the user has not seen yet.
  const problems = [...state.problems.values()].sort((a, b) => b.since - a.since || a.path.localeCompare(b.path));

  const layout = computeLayout({
    width,
    height,
    messageCounts: lists.map((list) => list.length),
    focusedMember: focused === undefined ? -1 : memberIds.indexOf(focused),
    taskCount: nodes.length,
    problemLines: problems.length > 0 ? 1 : 0,
  });

  const panes: PaneModel[] = [];
  for (const row of layout.grid) {
    for (const paneLayout of row) {
      const member = members[paneLayout.member]!;
      const id = memberIds[paneLayout.member]!;
      const messages = lists[paneLayout.member]!;
      const selected = selectedIndex(view, id, messageKeys(messages), 'end');
      panes.push({
        id,
        member,
        messages,
        window: listWindow(messages.length, paneLayout.rows, selected),
        focused: focused === id,
        layout: paneLayout,
      });
    }
  }

  const taskSelected = selectedIndex(view, TASKS_PANE, taskIds(nodes), 'start');
  const tasks: TaskListModel = {
    nodes,
    internalCount: allTasks.length - workTasks.length,
    internalHidden: view.showInternal ? 0 : allTasks.length - workTasks.length,
    window: listWindow(nodes.length, layout.taskRows, taskSelected),
    focused: focused === TASKS_PANE,
  };

  const focusedIsTasks = focused === TASKS_PANE;
  const focusedIndex = focused === undefined ? -1 : memberIds.indexOf(focused);
  const items = focusedIsTasks ? taskIds(nodes) : focusedIndex >= 0 ? messageKeys(lists[focusedIndex]!) : [];
  const focusedPaneModel = panes.find((pane) => pane.focused);

  const detail = detailOf(openedItem(team, view, nodes, members), view, width, height, problems.length > 0 ? 1 : 0);

  return {
    claudeDir: input.claudeDir,
    now,
    width,
    teams,
    team,
    members,
    colors,
    panes,
    tasks,
    layout,
    problems,
    detail,
    help: view.help,
    showIdle: view.showIdle,
    context: {
      teams: teams.map((summary) => summary.name),
      team: team?.name,
      panes: team ? paneIds : [],
      items,
      anchor: focusedIsTasks ? 'start' : 'end',
      page: detail ? detail.page : focusedIsTasks ? layout.taskRows : (focusedPaneModel?.layout.rows ?? 1),
      detailLines: detail?.lines.length ?? 0,
    },
  };
}

function openedItem(
  team: TeamState | undefined,
  view: ViewState,
  nodes: readonly TaskNode[],
  members: readonly MemberView[],
): OpenedItem | null {
  if (!team || !view.opened) return null;
  const { pane, key } = view.opened;
  if (pane === TASKS_PANE) {
    const task = nodes.find((node) => node.id === key);
    return task ? { kind: 'task', task } : null;
  }
  const member = members.find((candidate) => memberPane(candidate.name) === pane);
  const inbox = member ? team.inboxes.get(member.name) : undefined;
  const position = inbox?.index.get(key);
  return inbox && position !== undefined ? { kind: 'message', message: inbox.messages[position]! } : null;
}

function detailOf(
  item: OpenedItem | null,
  view: ViewState,
  width: number,
  height: number | undefined,
  problemLines: number,
): DetailModel | null {
  if (!item) return null;
  const textWidth = width - 4;
  const lines = item.kind === 'message' ? messageLines(item.message, textWidth) : taskLines(item.task, textWidth);
  const body = height === undefined ? lines.length : height - 1 - HEADER_LINES - FOOTER_LINES - problemLines - DETAIL_CHROME;
  const page = Math.max(1, body);
  return { item, lines, page, scroll: Math.min(view.detailScroll, Math.max(0, lines.length - page)) };
}

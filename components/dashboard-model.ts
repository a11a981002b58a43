/**
 * Everything one frame shows, computed from the store's state, the view state and
 * the terminal size. Pure: the interactive app, `--once` and the tests all draw
 * from the same model, and the key handler reads its context from it.
 */
import { DEFAULT_STALL_AFTER_MS, isOpen, type Handshake } from '../src/domain/handshakes.js';
import type { InboxMessage } from '../src/domain/inbox.js';
import type { TaskNode } from '../src/domain/task-graph.js';
import type { TimelineEntry } from '../src/domain/timeline.js';
import type { ReplayStatus } from '../src/journal/replay-controller.js';
import { positionOf } from '../src/store/inbox-history.js';
import { memoize } from '../src/store/selectors/memo.js';
import { selectColors, selectMembersAt, type MemberView } from '../src/store/selectors/members.js';
import { selectHandshakes, selectStalledCounts } from '../src/store/selectors/handshakes.js';
import { selectCurrentTeam, selectTeamSummaries, type TeamSummary } from '../src/store/selectors/teams.js';
import { selectTaskGraph, selectWorkTasks } from '../src/store/selectors/tasks.js';
import { selectInboxMessages, selectTimeline, selectTimelineEntries } from '../src/store/selectors/messages.js';
import { selectProblems } from '../src/store/selectors/problems.js';
import { selectWorkflow } from '../src/store/selectors/workflow.js';
import type { AgentLog, AppState, Problem, TeamState } from '../src/store/state.js';
import { handshakeLines, memberLines, messageLines, stepLines, taskLines } from './detail-content.js';
import { drawWorkflowGraph, type GraphRow } from '../src/domain/workflow/graph-drawing.js';
import type { WorkflowSpec } from '../src/domain/workflow/spec.js';
import { DEFAULT_QUIET_AFTER_MS } from '../src/domain/member-status.js';
import type { StepStatus, WorkflowStatus } from '../src/domain/workflow/evaluate.js';
import { wrapBlock } from './text.js';
import { bodyRowsOf, computeLayout, type Layout, type PaneLayout } from './layout.js';
import type { MessageFilters } from '../src/domain/message-filter.js';
import { untilAgeChanges } from '../src/domain/time.js';
import { focusedPane, MEMBER_DETAILS_KEY, selectedIndex, type Keys, type ViewContext, type ViewState } from './view-state.js';
import { agentFigures, figuresLine } from '../src/domain/agent.js';
import { append } from '../src/domain/lists.js';

export const TASKS_PANE = 'tasks';
export const HANDSHAKES_PANE = 'handshakes';
export const TIMELINE_PANE = 'timeline';
export const WORKFLOW_PANE = 'workflow';
export const memberPane = (name: string): string => `member:${name}`;

/**
 * Unread mail older than this says how long the oldest has waited: 2.1.330
 * delivers within a few seconds, so mail that sits longer is a stuck member.
 */
export const LONG_WAIT_MS = 10_000;

export interface ListWindow {
  readonly start: number;
  readonly end: number;
  /** Index of the selected item, -1 when none. */
  readonly selected: number;
}

/** A line under a pane's info line: the agent's figures, or its error. */
export interface PaneNote {
  readonly text: string;
  readonly tone: 'info' | 'danger';
}

/** The end of an agent's output log as a pane shows it. */
export interface LogView {
  /** The lines kept, oldest first, the line being written last. */
  readonly lines: readonly string[];
  /** The number of `lines[0]` among all the lines the log ever had. */
  readonly first: number;
  /** Lines ever seen. */
  readonly total: number;
  /** The file is there. */
  readonly present: boolean;
}

export interface PaneModel {
  readonly id: string;
  readonly member: MemberView;
  /** The member's inbox history after filters, oldest first. */
  readonly messages: readonly InboxMessage[];
  /** Showing the output log instead of the inbox (`o`): its lines, else null. */
  readonly log: LogView | null;
  /** Figures and errors from the agent's status file, drawn under the info line (as many as fit). */
  readonly notes: readonly PaneNote[];
  /** Rows for the list (messages or log lines), after the notes. */
  readonly rows: number;
  readonly window: ListWindow;
  readonly focused: boolean;
  readonly layout: PaneLayout;
  /** Open handshakes the member asked for and waits on. */
  readonly waitingOn: readonly Handshake[];
  /** Open handshakes the member was asked and owes an answer to. */
  readonly owes: readonly Handshake[];
}

export interface TaskListModel {
  readonly nodes: readonly TaskNode[];
  readonly internalHidden: number;
  readonly internalCount: number;
  readonly window: ListWindow;
  readonly focused: boolean;
  /** Lines the section has, its title included. */
  readonly lines: number;
}

export interface HandshakeListModel {
  readonly items: readonly Handshake[];
  readonly open: number;
  readonly stalled: number;
  /** Open, but nobody is left to answer or to wait (see isAbandoned). */
  readonly abandoned: number;
  readonly window: ListWindow;
  readonly focused: boolean;
  readonly lines: number;
  readonly stallAfterMs: number;
}

export interface TimelineModel {
  readonly entries: readonly TimelineEntry[];
  readonly total: number;
  readonly window: ListWindow;
}

/** One line of the workflow view: a graph row (a step, or lanes joining), or a line of text. */
export type WorkflowLine =
  | { readonly kind: 'graph'; readonly row: GraphRow; readonly step: StepStatus | null }
  | { readonly kind: 'text'; readonly text: string; readonly tone: 'heading' | 'warning' | 'plain' };

export interface WorkflowModel {
  readonly spec: WorkflowSpec;
  readonly status: WorkflowStatus;
  readonly lines: readonly WorkflowLine[];
  /** The lines on screen, keeping the selected step's in view. */
  readonly window: ListWindow;
}

export type OpenedItem =
  | { readonly kind: 'message'; readonly message: InboxMessage; readonly recipients: readonly string[] }
  | { readonly kind: 'step'; readonly step: StepStatus; readonly spec: WorkflowSpec }
  | { readonly kind: 'member'; readonly member: MemberView; readonly lines: readonly string[] }
  | { readonly kind: 'log-line'; readonly member: MemberView; readonly number: number; readonly line: string }
  | { readonly kind: 'task'; readonly task: TaskNode }
  | { readonly kind: 'handshake'; readonly handshake: Handshake };

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
  /** Rows for the body (between header and footer); undefined when drawing once. */
  readonly bodyRows: number | undefined;
  readonly teams: readonly TeamSummary[];
  /** Stalled handshakes per team, and across all teams. */
  readonly stalled: ReadonlyMap<string, number>;
  readonly stalledTotal: number;
  readonly team: TeamState | undefined;
  readonly members: readonly MemberView[];
  readonly colors: ReadonlyMap<string, string | null>;
  readonly mode: ViewState['mode'];
  readonly panes: readonly PaneModel[];
  readonly tasks: TaskListModel;
  readonly handshakes: HandshakeListModel;
  readonly timeline: TimelineModel | null;
  /** The workflow view (`w`): null unless it is shown and a spec was given. */
  readonly workflow: WorkflowModel | null;
  /** A spec was given (`--spec`). */
  readonly hasSpec: boolean;
  readonly layout: Layout;
  readonly problems: readonly Problem[];
  readonly detail: DetailModel | null;
  readonly help: boolean;
  /** Why the last key did nothing (the footer says it until the next key). */
  readonly note: string | null;
  readonly filters: MessageFilters;
  readonly replay: ReplayStatus | null;
  /** How long until a time on screen shows something else (an age, a handshake stalling): when to redraw. */
  readonly nextChangeMs: number;
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
  readonly stallAfterMs?: number;
  /** A member shown working with no sign of life for this long is quiet (`--quiet-after`). */
  readonly quietAfterMs?: number;
  /** Replaying a journal: its progress, shown above the footer. */
  readonly replay?: ReplayStatus;
  /** The declared workflow (`--spec`), for the workflow view. */
  readonly spec?: WorkflowSpec | undefined;
}

const EMPTY: readonly InboxMessage[] = [];

/** A list's keys without a copy of them; a selection is looked for from the newest end, where it usually is. */
const messageKeys = memoize((messages: readonly InboxMessage[]): Keys => ({
  length: messages.length,
  at: (index) => messages[index]?.key,
  indexOf: (key) => messages.findLastIndex((message) => message.key === key),
}));
const entryKeys = memoize((entries: readonly TimelineEntry[]) => entries.map((entry) => entry.message.key));
/** A log as its pane lists it: the line being written last, keyed by line number so a selection stays put. */
const logView = memoize((log: AgentLog): LogView => ({
  lines: log.partial === '' ? log.lines : [...log.lines, log.partial],
  first: log.total - log.lines.length,
  total: log.total,
  present: log.present,
}));
const LOG_KEY = 'log:';
const logKeys = memoize((log: LogView): Keys => ({
  length: log.lines.length,
  at: (index) => (index >= 0 && index < log.lines.length ? `${LOG_KEY}${log.first + index}` : undefined),
  indexOf: (key) => {
    const index = key.startsWith(LOG_KEY) ? Number(key.slice(LOG_KEY.length)) - log.first : -1;
    return Number.isInteger(index) && index >= 0 && index < log.lines.length ? index : -1;
  },
}));
const NO_LOG: LogView = { lines: [], first: 0, total: 0, present: false };

/** The agent's figures and error, as lines for its pane. */
function notesOf(member: MemberView, budgetTokens: number | undefined): PaneNote[] {
  const status = member.agent?.status;
  if (!status) return [];
  const notes: PaneNote[] = [];
  // The error first: where only one note fits, it is the one to see.
  if (status.status === 'error') notes.push({ text: `error: ${status.errorMessage ?? 'no message given'}`, tone: 'danger' });
  const figures = agentFigures(status, budgetTokens);
  const line = figuresLine(figures);
  if (line) notes.push({ text: line, tone: figures.budgetShare !== null && figures.budgetShare > 1 ? 'danger' : 'info' });
  return notes;
}

/**
 * The notes a bordered pane draws under its info line, in rows its list gives
 * up: an error always, when there is a row at all; the figures only while a row
 * is left for the newest message.
 */
function notesThatFit(notes: readonly PaneNote[], rows: number, listLength: number): readonly PaneNote[] {
  let left = rows;
  return notes.filter((note) => {
    const keep = note.tone === 'danger' ? 0 : Math.min(1, listLength);
    if (left - keep <= 0) return false;
    left--;
    return true;
  });
}

const taskIds = memoize((nodes: readonly TaskNode[]) => nodes.map((node) => node.id));

/** The workflow view's lines: worked out again only when the evaluation changed. */
const workflowLines = memoize((status: WorkflowStatus): WorkflowLine[] => {
  const byName = new Map(status.steps.map((step) => [step.name, step]));
  const lines: WorkflowLine[] = status.mismatches.map((text) => ({ kind: 'text', text: `⚠ ${text}`, tone: 'warning' }));
  if (lines.length > 0) lines.push({ kind: 'text', text: '', tone: 'plain' });
  for (const row of drawWorkflowGraph(status.steps))
    lines.push({ kind: 'graph', row, step: row.step === null ? null : (byName.get(row.step) ?? null) });
  if (status.steps.length === 0) lines.push({ kind: 'text', text: 'no steps declared', tone: 'plain' });
  append(lines, extrasLines(status.extras));
  return lines;
});

const crewMember = ({ name, status }: { name: string; status: string | null }): string => `${name} (${status ?? 'not on the team'})`;

/** What a self-directed workflow adds below its graph. */
function extrasLines(extras: WorkflowStatus['extras']): WorkflowLine[] {
  const heading = (text: string): WorkflowLine => ({ kind: 'text', text, tone: 'heading' });
  const plain = (text: string): WorkflowLine => ({ kind: 'text', text, tone: 'plain' });
  switch (extras.type) {
    case 'crew':
      return [
        plain(''),
        heading('Crew'),
        plain(`lead: ${extras.lead ? crewMember(extras.lead) : 'none declared'}`),
        plain(`specialists: ${extras.specialists.length > 0 ? extras.specialists.map(crewMember).join(', ') : 'none'}`),
      ];
    case 'swarm':
      return [
        plain(''),
        heading(`Shared queue · ${extras.queue.length} ready task${extras.queue.length === 1 ? '' : 's'} nobody owns`),
        ...(extras.queue.length > 0 ? extras.queue.map((task) => plain(`#${task.id} ${task.subject}`)) : [plain('empty')]),
      ];
    case 'council':
      return [plain(''), heading('Council'), plain(`agreement: ${extras.rule}`)];
    default:
      return [];
  }
}

const STEP_KEY = 'step:';
/**
 * Every line of the workflow view can be selected, so that all of it can be
 * scrolled to (mismatches above the graph, a queue below it). A step's line is
 * keyed by the step, so a selection stays on it as the lines around it change.
 */
const lineKeys = memoize((lines: readonly WorkflowLine[]): string[] =>
  lines.map((line, i) => (line.kind === 'graph' && line.step ? `${STEP_KEY}${line.step.name}` : `line:${i}`)),
);
const isStepKey = (key: string): boolean => key.startsWith(STEP_KEY);

/** The slice of a list that fits `rows`, keeping the selected item on screen. */
export function listWindow(total: number, rows: number, selected: number): ListWindow {
  if (rows <= 0 || total === 0) return { start: 0, end: 0, selected };
  const start = Math.max(0, Math.min(selected - rows + 1, total - rows));
  return { start, end: Math.min(total, start + rows), selected };
}

export function buildDashboard(input: DashboardInput): DashboardModel {
  const { state, view, width, height, now } = input;
  const stallAfterMs = input.stallAfterMs ?? DEFAULT_STALL_AFTER_MS;
  const quietAfterMs = input.quietAfterMs ?? DEFAULT_QUIET_AFTER_MS;
  const { filters } = view;
  const teams = selectTeamSummaries(state.teams);
  const team = selectCurrentTeam(state, view.team);
  const members = team ? selectMembersAt(team, now, quietAfterMs) : [];
  const colors = team ? selectColors(team) : new Map<string, string | null>();

  // Every team's stalled handshakes are counted for the header; only the team on screen's are judged in full.
  const { byTeam: stalled, total: stalledTotal } = selectStalledCounts(state, now, stallAfterMs);
  const handshakes: Handshake[] = team ? selectHandshakes(team, now, stallAfterMs) : [];

  const allTasks = team ? selectTaskGraph(team.tasks) : [];
  const workTasks = selectWorkTasks(allTasks);
  const nodes = view.showInternal ? allTasks : workTasks;

  const memberIds = members.map((member) => memberPane(member.name));
  const timelineMode = view.mode === 'timeline';
  const workflowMode = view.mode === 'workflow';
  const paneIds = timelineMode ? [TIMELINE_PANE] : workflowMode ? [WORKFLOW_PANE] : [...memberIds, HANDSHAKES_PANE, TASKS_PANE];
  const focused = team ? focusedPane(view, paneIds) : undefined;
  const lists = members.map((member) => {
    const inbox = team?.inboxes.get(member.name);
    return inbox ? selectInboxMessages(inbox, filters) : EMPTY;
  });
  // Panes switched to the agent's output log (`o`) list its lines instead.
  const logs = members.map((member, i) => {
    if (!view.logPanes.has(memberIds[i]!)) return null;
    const log = member.agent?.log;
    return log ? logView(log) : NO_LOG;
  });
  const budgetTokens = team?.config?.metadata?.budget_tokens;
  const paneNotes = members.map((member) => notesOf(member, budgetTokens));
  const problems = selectProblems(state.problems);
  const statusLines = (problems.length > 0 ? 1 : 0) + (input.replay ? 1 : 0);
  const bodyRows = bodyRowsOf(height, statusLines);

  const layout = computeLayout({
    width,
    height,
    // A pane's notes are lines too: a pane drawn at its natural height makes room for them.
    messageCounts: lists.map((list, i) => (logs[i]?.lines.length ?? list.length) + paneNotes[i]!.length),
    focusedMember: focused === undefined ? -1 : memberIds.indexOf(focused),
    taskCount: nodes.length,
    handshakeCount: handshakes.length,
    statusLines,
  });

  const panes: PaneModel[] = [];
  for (const row of layout.grid) {
    for (const paneLayout of row) {
      const member = members[paneLayout.member]!;
      const id = memberIds[paneLayout.member]!;
      const messages = lists[paneLayout.member]!;
      const log = logs[paneLayout.member]!;
      const keys = log ? logKeys(log) : messageKeys(messages);
      const selected = selectedIndex(view, id, keys, 'end');
      const allNotes = paneNotes[paneLayout.member]!;
      const notes = layout.bordered ? notesThatFit(allNotes, paneLayout.rows, keys.length) : allNotes;
      const rows = paneLayout.rows - (layout.bordered ? notes.length : 0);
      panes.push({
        id,
        member,
        messages,
        log,
        notes,
        rows,
        window: listWindow(keys.length, rows, selected),
        focused: focused === id,
        layout: paneLayout,
        waitingOn: handshakes.filter((handshake) => isOpen(handshake) && handshake.from === member.name),
        owes: handshakes.filter((handshake) => isOpen(handshake) && handshake.to === member.name),
      });
    }
  }

  const tasks: TaskListModel = {
    nodes,
    internalCount: allTasks.length - workTasks.length,
    internalHidden: view.showInternal ? 0 : allTasks.length - workTasks.length,
    window: listWindow(nodes.length, layout.taskRows, selectedIndex(view, TASKS_PANE, taskIds(nodes), 'start')),
    focused: focused === TASKS_PANE,
    lines: layout.taskRows + 1,
  };

  const handshakeIds = handshakes.map((handshake) => handshake.requestId);
  const handshakeList: HandshakeListModel = {
    items: handshakes,
    open: handshakes.filter(isOpen).length,
    abandoned: handshakes.filter((handshake) => handshake.state === 'abandoned').length,
    stalled: stalled.get(team?.name ?? '') ?? 0,
    window: listWindow(handshakes.length, layout.handshakeRows, selectedIndex(view, HANDSHAKES_PANE, handshakeIds, 'start')),
    focused: focused === HANDSHAKES_PANE,
    lines: layout.handshakeRows + 1,
    stallAfterMs,
  };

  let timeline: TimelineModel | null = null;
  if (team && timelineMode) {
    const all = selectTimeline(team.inboxes);
    const entries = selectTimelineEntries(team.inboxes, filters);
    const rows = bodyRows === undefined ? entries.length : Math.max(0, bodyRows - 1);
    timeline = {
      entries,
      total: all.length,
      window: listWindow(entries.length, rows, selectedIndex(view, TIMELINE_PANE, entryKeys(entries), 'end')),
    };
  }

  let workflow: WorkflowModel | null = null;
  if (team && workflowMode && input.spec) {
    const status = selectWorkflow(team, input.spec, now, quietAfterMs);
    const lines = workflowLines(status);
    const selectedLine = selectedIndex(view, WORKFLOW_PANE, lineKeys(lines), 'start');
    const rows = bodyRows === undefined ? lines.length : Math.max(0, bodyRows - 1);
    workflow = { spec: input.spec, status, lines, window: listWindow(lines.length, rows, selectedLine) };
  }

  let items: Keys = [];
  let opens: ViewContext['opens'];
  let anchor: ViewContext['anchor'] = 'start';
  let page = 1;
  if (focused === TASKS_PANE) {
    items = taskIds(nodes);
    page = layout.taskRows;
  } else if (focused === HANDSHAKES_PANE) {
    items = handshakeIds;
    page = layout.handshakeRows;
  } else if (focused === WORKFLOW_PANE && workflow) {
    items = lineKeys(workflow.lines);
    page = workflow.window.end - workflow.window.start;
    opens = isStepKey;
  } else if (focused === TIMELINE_PANE && timeline) {
    items = entryKeys(timeline.entries);
    anchor = 'end';
    page = timeline.window.end - timeline.window.start;
  } else if (focused !== undefined) {
    const index = memberIds.indexOf(focused);
    if (index >= 0) {
      const log = logs[index];
      items = log ? logKeys(log) : messageKeys(lists[index]!);
      anchor = 'end';
      const pane = panes.find((candidate) => candidate.id === focused);
      page = pane ? pane.window.end - pane.window.start : 1;
    }
  }

  const opened = openedItem(team, view, { nodes, handshakes, timeline, workflow, members, logs, now, width, budgetTokens });
  const detail = detailOf(opened, view, width, bodyRows);

  return {
    claudeDir: input.claudeDir,
    now,
    width,
    bodyRows,
    teams,
    stalled,
    stalledTotal,
    team,
    members,
    colors,
    mode: view.mode,
    panes,
    tasks,
    handshakes: handshakeList,
    timeline,
    workflow,
    hasSpec: input.spec !== undefined,
    layout,
    problems,
    detail,
    help: view.help,
    note: view.note,
    filters,
    replay: input.replay ?? null,
    nextChangeMs: nextChange({ now, teams, members, handshakes, stallAfterMs, quietAfterMs, detail }),
    context: {
      teams: teams.map((summary) => summary.name),
      team: team?.name,
      members: members.map((member) => member.name),
      panes: team ? paneIds : [],
      memberPanes: timelineMode || workflowMode ? [] : memberIds,
      items,
      ...(opens ? { opens } : {}),
      anchor,
      page: detail ? detail.page : Math.max(1, page),
      detailLines: detail?.lines.length ?? 0,
    },
  };
}

interface Openable {
  readonly nodes: readonly TaskNode[];
  readonly handshakes: readonly Handshake[];
  readonly timeline: TimelineModel | null;
  readonly workflow: WorkflowModel | null;
  readonly members: readonly MemberView[];
  readonly logs: readonly (LogView | null)[];
  readonly now: number;
  readonly width: number;
  readonly budgetTokens: number | undefined;
}

function openedItem(team: TeamState | undefined, view: ViewState, from: Openable): OpenedItem | null {
  if (!team || !view.opened) return null;
  const { pane, key } = view.opened;
  if (pane === TASKS_PANE) {
    const task = from.nodes.find((node) => node.id === key);
    return task ? { kind: 'task', task } : null;
  }
  if (pane === HANDSHAKES_PANE) {
    const handshake = from.handshakes.find((candidate) => candidate.requestId === key);
    return handshake ? { kind: 'handshake', handshake } : null;
  }
  if (pane === WORKFLOW_PANE) {
    const step = isStepKey(key) ? from.workflow?.status.steps.find((candidate) => `${STEP_KEY}${candidate.name}` === key) : undefined;
    return step && from.workflow ? { kind: 'step', step, spec: from.workflow.spec } : null;
  }
  if (pane === TIMELINE_PANE) {
    const entry = from.timeline?.entries.find((candidate) => candidate.message.key === key);
    return entry ? { kind: 'message', message: entry.message, recipients: entry.recipients } : null;
  }
  const index = from.members.findIndex((candidate) => memberPane(candidate.name) === pane);
  const member = from.members[index];
  if (member && key === MEMBER_DETAILS_KEY) {
    const info = team.members.get(member.name)?.info ?? null;
    return { kind: 'member', member, lines: memberLines(member, info, from.budgetTokens, from.width - 4, from.now) };
  }
  const log = from.logs[index];
  if (member && log) {
    const line = logKeys(log).indexOf(key);
    return line < 0 ? null : { kind: 'log-line', member, number: log.first + line + 1, line: log.lines[line]! };
  }
  const inbox = member ? team.inboxes.get(member.name) : undefined;
  const position = inbox ? positionOf(inbox, key) : undefined;
  if (!inbox || position === undefined) return null;
  const message = inbox.messages[position]!;
  return { kind: 'message', message, recipients: [message.to] };
}

function linesOf(item: OpenedItem, width: number): readonly string[] {
  switch (item.kind) {
    case 'message':
      return messageLines(item.message, width);
    case 'task':
      return taskLines(item.task, width);
    case 'handshake':
      return handshakeLines(item.handshake, width);
    case 'member':
      return item.lines;
    case 'log-line':
      return wrapBlock(item.line, width);
    case 'step':
      return stepLines(item.step, item.spec, width);
  }
}

function detailOf(item: OpenedItem | null, view: ViewState, width: number, bodyRows: number | undefined): DetailModel | null {
  if (!item) return null;
  const textWidth = width - 4;
  const lines = linesOf(item, textWidth);
  const page = Math.max(1, bodyRows === undefined ? lines.length : bodyRows - DETAIL_CHROME);
  return { item, lines, page, scroll: Math.min(view.detailScroll, Math.max(0, lines.length - page)) };
}

interface Clocked {
  readonly now: number;
  readonly teams: readonly TeamSummary[];
  readonly members: readonly MemberView[];
  readonly handshakes: readonly Handshake[];
  readonly stallAfterMs: number;
  readonly quietAfterMs: number;
  readonly detail: DetailModel | null;
}

/**
 * The soonest moment a time-dependent string on screen changes: team ages and
 * member status ages (one unit), open and abandoned handshake ages (two units), a pending
 * handshake turning stalled, a working member turning quiet, an open message's age. Redrawing only then keeps
 * an idle dashboard idle.
 */
function nextChange({ now, teams, members, handshakes, stallAfterMs, quietAfterMs, detail }: Clocked): number {
  let next = Number.POSITIVE_INFINITY;
  const age = (since: number, units: 1 | 2) => {
    if (Number.isFinite(since)) next = Math.min(next, untilAgeChanges(now - since, units));
  };
  for (const team of teams) age(team.lastActivity, 1);
  for (const member of members) {
    if (member.status !== 'lead') age(member.statusSince, 1);
    const quietIn = member.lastSignOfLife + quietAfterMs - now;
    if (member.status === 'working' && quietIn > 0) next = Math.min(next, quietIn);
    // Its unread count says how long the oldest waited, from LONG_WAIT_MS on.
    if (member.unread > 0 && Number.isFinite(member.waitingSince)) {
      const waited = now - member.waitingSince;
      next = Math.min(next, waited < LONG_WAIT_MS ? LONG_WAIT_MS - waited : untilAgeChanges(waited, 1));
    }
  }
  for (const handshake of handshakes) {
    const open = isOpen(handshake);
    // An abandoned one shows its age too, and never stalls.
    if ((!open && handshake.state !== 'abandoned') || handshake.requestedAt === null) continue;
    age(handshake.requestedAt, 2);
    const stallsIn = handshake.requestedAt + stallAfterMs - now;
    if (open && stallsIn > 0) next = Math.min(next, stallsIn);
  }
  if (detail?.item.kind === 'message') age(detail.item.message.time, 2);
  return next;
}

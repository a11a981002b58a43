/**
 * Everything one frame shows, computed from the store's state, the view state
 * and the terminal size. Pure: the interactive app, `--once` and the tests all
 * draw from the same model, and the key handler reads its context from it.
 * It only composes: the header's teams, the view on screen (views.ts) and its
 * panes, what is open, the footer's words.
 */
import { DEFAULT_STALL_AFTER_MS } from '../src/domain/handshakes.js';
import { DEFAULT_QUIET_AFTER_MS } from '../src/domain/member-status.js';
import { describeFilters } from '../src/domain/message-filter.js';
import type { WorkflowSpec } from '../src/domain/workflow/spec.js';
import type { ReplayStatus } from '../src/journal/replay-controller.js';
import { HEALTHY, selectDiagnoses } from '../src/store/selectors/diagnoses.js';
import { selectHandshakes, selectStalledCounts } from '../src/store/selectors/handshakes.js';
import { selectColors, selectMembersAt, type MemberView } from '../src/store/selectors/members.js';
import { selectProblems } from '../src/store/selectors/problems.js';
import { selectCurrentTeam, selectTeamSummaries } from '../src/store/selectors/teams.js';
import { selectActivity, selectUsage } from '../src/store/selectors/work.js';
import type { AppState, Problem, TeamState } from '../src/store/state.js';
import type { HeaderProps } from './header.js';
import { helpModel, type HelpModel } from './help-screen.js';
import { bodyRowsOf } from './layout.js';
import { nextChange } from './next-change.js';
import { teamUsageText } from './panes/members/work.js';
import { samePane, type Detail, type Keys, type PaneId } from './pane.js';
import type { BuiltView, Frame, FrameWork } from './view.js';
import { DASHBOARD, focusedPane, type ViewContext, type ViewState } from './view-state.js';
import { describeNote, viewNamed, VIEWS } from './views.js';

/** Lines of the detail view that are not its body: borders, two lines of facts, a hint. */
export const DETAIL_CHROME = 5;

export interface DetailModel {
  readonly item: Detail;
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
  /** The header: every team, the one on screen, what is wrong where. */
  readonly header: HeaderProps;
  readonly team: TeamState | undefined;
  readonly members: readonly MemberView[];
  readonly colors: ReadonlyMap<string, string | null>;
  /** The view on screen, as built for this frame; null without a team. */
  readonly body: BuiltView | null;
  readonly problems: readonly Problem[];
  readonly detail: DetailModel | null;
  /** The help, when it is open. */
  readonly help: HelpModel | null;
  /** Why the last key did nothing (the footer says it until the next key). */
  readonly note: string | null;
  /** What the footer says is in force: filters, more than fits, a team that ended, another view to see. */
  readonly notes: readonly string[];
  readonly replay: ReplayStatus | null;
  /** Keys work: the footer lists them (a frame printed once has only its notes there). */
  readonly interactive: boolean;
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
  /** Keys work (the default): the frame names them. A frame printed once (`--once`) names none. */
  readonly interactive?: boolean;
}

const NO_WORK: FrameWork = { activity: new Map(), usage: { members: new Map(), team: null } };
const NO_KEYS: Keys = { length: 0, at: () => undefined, indexOf: () => -1 };

function detailOf(item: Detail | null, view: ViewState, width: number, bodyRows: number | undefined): DetailModel | null {
  if (!item) return null;
  const lines = item.lines(width - 4);
  const page = Math.max(1, bodyRows === undefined ? lines.length : bodyRows - DETAIL_CHROME);
  return { item, lines, page, scroll: Math.min(view.detailScroll, Math.max(0, lines.length - page)) };
}

export function buildDashboard(input: DashboardInput): DashboardModel {
  const { state, view, width, height, now, spec } = input;
  const interactive = input.interactive ?? true;
  const stallAfterMs = input.stallAfterMs ?? DEFAULT_STALL_AFTER_MS;
  const quietAfterMs = input.quietAfterMs ?? DEFAULT_QUIET_AFTER_MS;
  const teams = selectTeamSummaries(state.teams);
  const team = selectCurrentTeam(state, view.team);
  const members = team ? selectMembersAt(team, now, quietAfterMs) : [];
  const colors = team ? selectColors(team) : new Map<string, string | null>();
  // Every team's stalled handshakes are counted for the header; only the team on screen's are judged in full.
  const { byTeam: stalled, total: stalledTotal } = selectStalledCounts(state, now, stallAfterMs);
  const handshakes = team ? selectHandshakes(team, now, stallAfterMs) : [];
  // Only the team on screen is judged: its pane, its members' marks and the header's count say what it has.
  const diagnoses = team ? selectDiagnoses(team, now, stallAfterMs, quietAfterMs) : HEALTHY;
  const work = team ? { activity: selectActivity(team, now), usage: selectUsage(team) } : NO_WORK;
  const problems = selectProblems(state.problems);
  const statusLines = (problems.length > 0 ? 1 : 0) + (input.replay ? 1 : 0);
  const bodyRows = bodyRowsOf(height, statusLines);

  let body: BuiltView | null = null;
  let panes: readonly PaneId[] = [];
  let focused: PaneId | undefined;
  if (team) {
    const frame: Frame = {
      state,
      view,
      team,
      members,
      colors,
      handshakes,
      diagnoses,
      work,
      now,
      width,
      height,
      bodyRows,
      statusLines,
      stallAfterMs,
      quietAfterMs,
      spec,
      interactive,
    };
    const shown = viewNamed(view.mode);
    panes = shown.paneIds(frame);
    focused = focusedPane(view, panes);
    body = shown.build(frame, focused);
  }
  const list = (id: PaneId | undefined) => (id === undefined ? undefined : body?.panes.find((pane) => samePane(pane.id, id)));
  const focusedList = list(focused);
  const opened = view.opened ? (list(view.opened.pane)?.open(view.opened.item) ?? null) : null;
  const detail = detailOf(opened, view, width, bodyRows);
  const help = view.help ? helpModel(width, bodyRows, input.replay !== undefined, view.helpScroll) : null;
  // What is open over the screen (the help, or an item) is what the keys scroll.
  const open = help ?? detail;

  const notes = [...describeFilters(view.filters), ...(body?.notes ?? [])];
  if (team && !team.present) notes.push('team ended');
  if (view.mode === DASHBOARD && interactive) {
    for (const other of VIEWS) {
      const hint = other.hint?.({ spec });
      if (hint) notes.push(hint);
    }
  }

  return {
    claudeDir: input.claudeDir,
    now,
    width,
    bodyRows,
    header: {
      claudeDir: input.claudeDir,
      teams,
      selected: team?.name,
      problems: problems.length,
      stalled,
      stalledTotal,
      diagnoses: diagnoses.diagnoses,
      usage: teamUsageText(work.usage.team),
      now,
      width,
      interactive,
    },
    team,
    members,
    colors,
    body,
    problems,
    detail,
    help,
    note: view.note ? describeNote(view.note, view.mode) : null,
    notes,
    replay: input.replay ?? null,
    interactive,
    nextChangeMs: nextChange({ now, teams, members, handshakes, diagnoses, work, stallAfterMs, quietAfterMs, detail }),
    context: {
      teams: teams.map((summary) => summary.name),
      team: team?.name,
      members: members.map((member) => member.name),
      panes,
      items: focusedList?.items ?? NO_KEYS,
      ...(focusedList?.opens ? { opens: focusedList.opens } : {}),
      anchor: focusedList?.anchor ?? 'start',
      page: open ? Math.max(1, open.page) : Math.max(1, focusedList?.page ?? 1),
      detailLines: open?.lines.length ?? 0,
      ...(view.opened && !detail ? { openedGone: true } : {}),
    },
  };
}

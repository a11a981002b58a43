/**
 * Everything one frame shows, from the store's state, the view state and the terminal size. Pure: the app,
 * `--once` and the tests all draw from this model, and the keys move through its navigation.
 */
import type { Thresholds } from '../../core/model/settings.js';
import { describeFilters } from '../../core/model/message-filter.js';
import type { WorkflowSpec } from '../../core/workflow/spec.js';
import type { ReplayStatus } from '../../core/model/replay.js';
import { HEALTHY, selectDiagnoses, clearedIncidents, selectIncidents } from '../../core/judge/index.js';
import { selectHandshakes, selectStalledCounts } from '../../core/select/handshakes.js';
import { selectMembersAt, type MemberView } from '../../core/select/members.js';
import { selectProblems } from '../../core/select/problems.js';
import { selectCurrentTeam, selectTeamSummaries } from '../../core/select/teams.js';
import { selectActivity, selectUsage } from '../../core/select/work.js';
import type { Problem, TeamState } from '../../core/facts/index.js';
import type { HeaderProps } from './header.js';
import { helpModel, type HelpModel } from './help.js';
import { bodyRowsOf, HEADER_LINES } from './layout.js';
import { colorsOf } from '../widgets/member-colors.js';
import { navigationOf, type Navigation, type Region } from '../keys/navigation.js';
import { nextChange } from './next-change.js';
import { samePane, type Detail } from '../panes/pane.js';
import { teamUsageText } from '../panes/members/work.js';
import { formatCost } from '../../core/report/format.js';
import type { BuiltView, Frame, FrameWork } from '../views/view.js';
import { DASHBOARD } from '../views/names.js';
import { focusedPane, type ViewState } from '../keys/view-state.js';
import { describeNote, howToMove, KEYMAP, viewNamed, VIEWS } from '../views/registry.js';
import type { Keymap } from '../keys/keymap.js';
import { selectTaskGraph } from '../../core/select/tasks.js';
import { plural } from '../../core/text/words.js';
import type { AppState } from '../../core/app-state.js';
import { selectLeadDead } from '../../core/select/liveness.js';
import type { ConfigDirLook } from '../../core/model/config-dir.js';

/** Lines of the detail view that are not its body: borders, two lines of facts, a hint. */
const DETAIL_CHROME = 5;

export interface DetailModel {
  readonly item: Detail;
  readonly lines: readonly string[];
  /** Body lines shown at once. */
  readonly page: number;
  readonly scroll: number;
}

export interface ScreenModel {
  readonly claudeDir: string;
  /** What the config dir holds, for the empty screen to say (undefined: not looked at). */
  readonly look: ConfigDirLook | undefined;
  readonly now: number;
  readonly width: number;
  /** Rows for the body (between header and footer); undefined when drawing once. */
  readonly bodyRows: number | undefined;
  readonly header: HeaderProps;
  readonly team: TeamState | undefined;
  readonly members: readonly MemberView[];
  readonly colors: ReadonlyMap<string, string | null>;
  /** The view on screen, as built for this frame; null without a team. */
  readonly body: BuiltView | null;
  readonly problems: readonly Problem[];
  readonly detail: DetailModel | null;
  readonly help: HelpModel | null;
  /** Why the last key did nothing (the footer says it until the next key); before the first key, how to move. */
  readonly note: string | null;
  /** The note is how to move, said before the first key: a hint, not a warning. */
  readonly hint: boolean;
  /** The note is what teamtop says as it starts (a settings file it could not read): the whole footer, until the first key. */
  readonly notice: boolean;
  /** The keys, as the footer and the help name them. */
  readonly keymap: Keymap;
  /** The search (`/`): its text, whether it is being typed, and how many items match; null when there is none. */
  readonly search: SearchModel | null;
  /** What the footer says is in force: filters, more than fits, a team that ended, another view to see. */
  readonly notes: readonly string[];
  readonly replay: ReplayStatus | null;
  /** Keys work: the footer lists them (a frame printed once has only its notes there). */
  readonly interactive: boolean;
  /** How long until a time on screen shows something else (an age, a handshake stalling): when to redraw. */
  readonly nextChangeMs: number;
  readonly navigation: Navigation;
}

export interface SearchModel {
  readonly text: string;
  readonly typing: boolean;
  readonly matches: number;
}

export interface ScreenInput {
  readonly thresholds: Thresholds;
  readonly state: AppState;
  readonly view: ViewState;
  readonly claudeDir: string;
  readonly width: number;
  /** Terminal rows; undefined when drawing once with no height to fit. */
  readonly height: number | undefined;
  readonly now: number;
  readonly replay?: ReplayStatus;
  readonly spec?: WorkflowSpec | undefined;
  /** Keys work (the default): the frame names them. A frame printed once (`--once`) names none. */
  readonly interactive?: boolean;
  readonly transcripts?: boolean;
  /** What the config dir holds, looked at when there was no team (the empty screen says it). */
  readonly look?: ConfigDirLook | undefined;
  /** The keys (default: teamtop's own, before a config file binds others). */
  readonly keymap?: Keymap;
}

const NO_COLORS: ReadonlyMap<string, string | null> = new Map();
const NO_WORK: FrameWork = { activity: new Map(), usage: { members: new Map(), team: null } };

function detailOf(item: Detail | null, view: ViewState, width: number, bodyRows: number | undefined): DetailModel | null {
  if (!item) return null;
  const lines = item.lines(width - 4);
  const page = Math.max(1, bodyRows === undefined ? lines.length : bodyRows - DETAIL_CHROME);
  return { item, lines, page, scroll: Math.min(view.detailScroll, Math.max(0, lines.length - page)) };
}

const statusLinesOf = (input: ScreenInput): number => (selectProblems(input.state.problems).length > 0 ? 1 : 0) + (input.replay ? 1 : 0);

/** What every view of the frame shares, worked out once; undefined when there is no team to show. */
export function frameOf(input: ScreenInput): Frame | undefined {
  const { state, view, now } = input;
  const team = selectCurrentTeam(state, view.team);
  if (!team) return undefined;
  const { thresholds } = input;
  const statusLines = statusLinesOf(input);
  return {
    state,
    view,
    team,
    members: selectMembersAt(team, now, thresholds),
    colors: colorsOf(team),
    handshakes: selectHandshakes(team, now, thresholds),
    // Only the team on screen is diagnosed: its pane, its members' marks and the header's count say what it has.
    diagnoses: selectDiagnoses(team, now, thresholds),
    work: { activity: selectActivity(team, now), usage: selectUsage(team) },
    cleared: view.showCleared ? clearedIncidents(selectIncidents(state, team, now, thresholds), team, now) : [],
    now,
    width: input.width,
    height: input.height,
    bodyRows: bodyRowsOf(input.height, statusLines),
    statusLines,
    thresholds,
    spec: input.spec,
    transcripts: input.transcripts ?? true,
    interactive: input.interactive ?? true,
  };
}

interface Screen {
  readonly frame: Frame | undefined;
  readonly bodyRows: number | undefined;
  readonly body: BuiltView | null;
  readonly detail: DetailModel | null;
  readonly help: HelpModel | null;
  readonly navigation: Navigation;
}

/** A region of the body, on the screen: below the header. */
const atBody = (region: Region): Region => ({ ...region, y: region.y + HEADER_LINES, rowsFrom: region.rowsFrom + HEADER_LINES });

/** The team's teammate-tracker tasks, shown or not. */
const trackersOf = (team: TeamState): number => selectTaskGraph(team.tasks).filter((task) => task.internal).length;

/** The search on screen, and how many items of the lists it left. */
function searchOf(view: ViewState, navigation: Navigation): SearchModel | null {
  if (view.filters.search === '' && !view.searching) return null;
  const matches = navigation.panes.reduce((sum, pane) => sum + pane.items.length, 0);
  return { text: view.filters.search, typing: view.searching, matches };
}

/** What the footer says of the last key: why it did nothing, what it did out of sight, or, before the first, how to move. */
function noteOf(input: ScreenInput, keymap: Keymap): string | null {
  const { view } = input;
  if (view.note) return describeNote(view.note, view.mode, keymap);
  return view.fresh && (input.interactive ?? true) ? howToMove(keymap) : null;
}

function screenOf(input: ScreenInput): Screen {
  const { state, view, width } = input;
  const frame = frameOf(input);
  const bodyRows = frame ? frame.bodyRows : bodyRowsOf(input.height, statusLinesOf(input));
  let body: BuiltView | null = null;
  if (frame) {
    const shown = viewNamed(view.mode);
    body = shown.build(frame, focusedPane(view, shown.paneIds(frame)));
  }
  const lists = body?.panes ?? [];
  const opened = view.opened ? (lists.find((pane) => samePane(pane.id, view.opened!.pane))?.open(view.opened.item) ?? null) : null;
  const detail = detailOf(opened, view, width, bodyRows);
  const help = view.help ? helpModel(width, bodyRows, input.replay !== undefined, view.helpScroll, input.keymap ?? KEYMAP) : null;
  // What is open over the screen (the help, or an item) is what the keys scroll.
  const open = help ?? detail;
  const navigation = navigationOf(lists, {
    teams: selectTeamSummaries(state.teams).map((summary) => summary.name),
    team: frame?.team.name,
    members: (frame?.members ?? []).map((member) => member.name),
    open: open ? { lines: open.lines.length, page: Math.max(1, open.page) } : null,
    openedGone: view.opened !== null && !detail,
    trackers: frame ? trackersOf(frame.team) : 0,
    // The body starts below the header; nothing under what is open over it is pointed at.
    ...(body?.regions && !open ? { regions: body.regions.map((region) => atBody(region)) } : {}),
  });
  return { frame, bodyRows, body, detail, help, navigation };
}

/** The navigation of the frame `input` would draw, without the rest of it: for a key that follows another in one terminal read. */
export const navigationAt = (input: ScreenInput): Navigation => screenOf(input).navigation;

export function buildScreen(input: ScreenInput): ScreenModel {
  const { state, view, width, now, spec } = input;
  const interactive = input.interactive ?? true;
  const { thresholds } = input;
  const { frame, body, detail, help, navigation, bodyRows } = screenOf(input);
  const team = frame?.team;
  const members = frame?.members ?? [];
  const handshakes = frame?.handshakes ?? [];
  const diagnoses = frame?.diagnoses ?? HEALTHY;
  const work = frame?.work ?? NO_WORK;
  const teams = selectTeamSummaries(state.teams);
  const problems = selectProblems(state.problems);
  // Every team's stalled handshakes are counted for the header; only the team on screen's are diagnosed in full.
  const { byTeam: stalled, total: stalledTotal } = selectStalledCounts(state, now, thresholds);

  const search = searchOf(view, navigation);
  const notes = [
    ...(search && !search.typing
      ? [`/${search.text}: ${search.matches === 0 ? 'no match' : plural(search.matches, 'match', 'matches')}`]
      : []),
    ...describeFilters(view.filters),
    ...(body?.notes ?? []),
  ];
  if (team && !team.present) notes.push('team ended');
  else if (team && selectLeadDead(team)) notes.push("team ended: the lead's process is gone");
  if (view.mode === DASHBOARD && interactive) {
    for (const other of VIEWS) {
      const hint = other.hint?.({ spec });
      if (hint) notes.push(hint);
    }
  }

  return {
    claudeDir: input.claudeDir,
    look: input.look,
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
      cost: work.usage.team ? formatCost(work.usage.team) : '',
      now,
      width,
      interactive,
    },
    team,
    members,
    colors: frame?.colors ?? NO_COLORS,
    body,
    problems,
    detail,
    help,
    note: noteOf(input, input.keymap ?? KEYMAP),
    hint: view.note === null && view.fresh && interactive,
    notice: view.note?.why === 'notice',
    keymap: input.keymap ?? KEYMAP,
    search,
    notes,
    replay: input.replay ?? null,
    interactive,
    nextChangeMs: nextChange({ now, teams, members, handshakes, diagnoses, work, thresholds, detail }, body ?? undefined),
    navigation,
  };
}

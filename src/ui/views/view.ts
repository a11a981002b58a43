// A view: what the body of the screen shows, made of panes. Adding one: docs/internals/views.md.
import type { Thresholds } from '../../core/model/settings.js';
import type { ReactNode } from 'react';
import type { TeamState } from '../../core/facts/index.js';
import type { Handshake } from '../../core/model/handshakes.js';
import type { WorkflowSpec } from '../../core/workflow/spec.js';
import type { Judgement } from '../../core/judge/index.js';
import type { MemberView } from '../../core/select/members.js';
import type { selectUsage } from '../../core/select/work.js';
import type { Binding } from '../keys/keymap.js';
import type { Region } from '../keys/navigation.js';
import type { ViewName } from './names.js';
import { listWindow, type Keys, type ListWindow, type PaneId, type PaneList } from '../panes/pane.js';
import { selectedIndex, type ViewState } from '../keys/view-state.js';
import type { Incident } from '../../core/model/diagnosis.js';
import type { AppState } from '../../core/app-state.js';
import type { ActivityNow } from '../../core/model/activity.js';

export interface Frame {
  readonly state: AppState;
  readonly view: ViewState;
  readonly team: TeamState;
  readonly members: readonly MemberView[];
  /** Member name → colour name, for drawing senders and owners. */
  readonly colors: ReadonlyMap<string, string | null>;
  readonly handshakes: readonly Handshake[];
  /** What is wrong with the team as of `now`, worst first, and when that would change with no file changing. */
  readonly diagnoses: Judgement;
  /** What each member does as of `now` and what it used, from the transcripts (a member none matches has no entry). */
  readonly work: FrameWork;
  /** The incidents that cleared, most recent first, while the diagnoses pane lists them (`c`); else none. */
  readonly cleared: readonly Incident[];
  readonly now: number;
  readonly width: number;
  /** Terminal rows; undefined (and `bodyRows` too) when drawing once with no height to fit. */
  readonly height: number | undefined;
  readonly bodyRows: number | undefined;
  readonly statusLines: number;
  readonly thresholds: Thresholds;
  readonly spec: WorkflowSpec | undefined;
  readonly transcripts: boolean;
  /** Keys work: what is drawn may name them. A frame printed once (`--once`) names none. */
  readonly interactive: boolean;
}

export interface FrameWork {
  readonly activity: ReadonlyMap<string, ActivityNow>;
  readonly usage: ReturnType<typeof selectUsage>;
}

export interface BuiltView {
  readonly panes: readonly PaneList[];
  /** Words for the footer: what more there is than fits. */
  readonly notes: readonly string[];
  draw(): ReactNode;
  /** Instants whose age (one unit: `42s`, `3m`) the body shows beyond the frame's: the frame is drawn again as they change. */
  readonly ages?: readonly number[];
  /** Instants whose age in two units (`3m30s`) the body shows: open handshakes and diagnoses in the rows on screen, a member's marker. */
  readonly longAges?: readonly number[];
  /** Where its panes are drawn, rows counted from the body's first (the mouse finds a pane and a row by them). */
  readonly regions?: readonly Region[];
}

export interface View {
  readonly name: ViewName;
  /** The key that shows it, and goes back from it to the dashboard (which has none). */
  readonly key?: Omit<Binding, 'command'>;
  /** A word for the dashboard's footer when this view has something to show. */
  hint?(options: Pick<Frame, 'spec'>): string | undefined;
  /** Its panes, before they are built: which one has focus decides how the dashboard is laid out. */
  paneIds(frame: Frame): readonly PaneId[];
  build(frame: Frame, focused: PaneId | undefined): BuiltView;
}

/** A view that is one list under its title line, as the mouse finds it: the whole width, its rows from the second line. */
export const bodyRegion = (frame: Pick<Frame, 'width'>, pane: PaneId, window: ListWindow): Region => ({
  pane,
  x: 0,
  y: 0,
  width: frame.width,
  height: 1 + window.end - window.start,
  rowsFrom: 1,
  rows: window.end - window.start,
  first: window.start,
});

/** A one-pane view's list under its title line: every item when drawing once, else what the body has rows for. */
export function bodyList(
  frame: Pick<Frame, 'view' | 'bodyRows'>,
  id: PaneId,
  items: Keys,
  anchor: 'start' | 'end',
): { readonly window: ListWindow; readonly list: Omit<PaneList, 'open' | 'opens'> } {
  const rows = frame.bodyRows === undefined ? items.length : Math.max(0, frame.bodyRows - 1);
  const window = listWindow(items.length, rows, selectedIndex(frame.view, id, items, anchor));
  return { window, list: { id, items, anchor, page: window.end - window.start } };
}

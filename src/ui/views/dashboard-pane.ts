/**
 * A pane of the dashboard's own, below the member panes: a list under a title
 * line (the diagnoses, the handshakes, the tasks). Adding one is its module in
 * `panes/<name>/` and a line in `DASHBOARD_PANES` (dashboard-view.tsx): the
 * layout gives it lines, the keys a tab stop, the dashboard a place.
 */
import type { ReactNode } from 'react';
import type { ListWindow, PaneId, PaneList } from '../panes/pane.js';
import type { Frame } from './view.js';

/** What every dashboard pane's model holds: the slice of its list on screen, its focus, its lines. */
export interface PaneFrame {
  readonly window: ListWindow;
  readonly focused: boolean;
  /** Lines the pane has, its title included. */
  readonly lines: number;
}

/** A dashboard pane as built for one frame. */
export interface BuiltPane {
  /** What the keys move through, and what ⏎ opens. */
  readonly list: PaneList;
  /** The items shown, for the mouse to find the one clicked. */
  readonly window: ListWindow;
  /** The pane drawn `width` columns wide, in the lines the layout gave it. */
  draw(width: number): ReactNode;
}

export interface DashboardPane {
  readonly id: PaneId;
  /** Items it lists in this frame. */
  count(frame: Frame): number;
  /** With nothing to list it takes no line and no tab stop (else its title says so). */
  readonly hiddenWhenEmpty?: boolean;
  /**
   * The most item rows it shows with `bodyRows` lines for the body; it takes
   * them before the panes without a most share the rest. Drawing once, every item shows.
   */
  mostRows?(bodyRows: number): number;
  /** Beside the next pane where the terminal is wide enough (layout.ts). */
  readonly beside?: boolean;
  /** The pane with `rows` lines for its items. */
  build(frame: Frame, rows: number, focused: boolean): BuiltPane;
}

/** Whether the pane is on the dashboard in this frame. */
export const isShown = (pane: DashboardPane, frame: Frame): boolean => !pane.hiddenWhenEmpty || pane.count(frame) > 0;

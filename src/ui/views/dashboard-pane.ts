// A pane of the dashboard's own, below the member panes. Adding one: docs/internals/views.md.
import type { ReactNode } from 'react';
import type { ListWindow, PaneId, PaneList } from '../panes/pane.js';
import type { Frame } from './view.js';

/** What every dashboard pane's model holds: the slice of its list on screen, its focus, its lines. */
export interface PaneFrame {
  readonly window: ListWindow;
  readonly focused: boolean;
  readonly lines: number;
}

export interface BuiltPane {
  readonly list: PaneList;
  /** The items shown, for the mouse to find the one clicked. */
  readonly window: ListWindow;
  /** The pane drawn `width` columns wide, in the lines the layout gave it. */
  draw(width: number): ReactNode;
  /** Instants whose age in two units its rows on screen show (see BuiltView). */
  readonly longAges?: readonly number[];
}

export interface DashboardPane {
  readonly id: PaneId;
  count(frame: Frame): number;
  /** With nothing to list it takes no line and no tab stop (else its title says so). */
  readonly hiddenWhenEmpty?: boolean;
  /** The most item rows it takes from `bodyRows`, before the panes without a most share the rest. */
  mostRows?(bodyRows: number): number;
  readonly beside?: boolean;
  build(frame: Frame, rows: number, focused: boolean): BuiltPane;
}

export const isShown = (pane: DashboardPane, frame: Frame): boolean => !pane.hiddenWhenEmpty || pane.count(frame) > 0;

// What the keys need to know of a frame, taken from its pane lists once: a key is applied with no frame built for it.
import type { PaneId, PaneList } from '../panes/pane.js';

/** A pane as the keys move through it: its items, where it rests, how far a page goes, which items open. */
export type PaneNavigation = Omit<PaneList, 'open'>;

/**
 * Where a pane is drawn, for the mouse: its box on screen (0-based cells, the
 * screen's top left at 0,0), the row its first item shown is on, and which
 * item that is.
 */
export interface Region {
  readonly pane: PaneId;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** The screen row of the first item shown. */
  readonly rowsFrom: number;
  /** Items shown, from `first`. */
  readonly rows: number;
  readonly first: number;
}

/** What is open over the screen (the help, else an item), as the keys scroll it. */
export interface OpenNavigation {
  readonly lines: number;
  /** Lines shown at once (at least one). */
  readonly page: number;
}

export interface Navigation {
  readonly teams: readonly string[];
  readonly team: string | undefined;
  /** Its members, for the member filter to cycle through. */
  readonly members: readonly string[];
  readonly panes: readonly PaneNavigation[];
  readonly open: OpenNavigation | null;
  /** What was opened is no longer there (a diagnosis that cleared): the keys work the screen under it again. */
  readonly openedGone: boolean;
  /** The teammate-tracker tasks of the team on screen, shown or not (`a` says how many). */
  readonly trackers: number;
  /** Where the panes are drawn, for the mouse; none where a view does not say. */
  readonly regions?: readonly Region[];
}

/** A frame's navigation, from its pane lists in tab order: what each holds and how it moves, not what it opens to. */
export function navigationOf(lists: readonly PaneList[], screen: Omit<Navigation, 'panes'>): Navigation {
  const panes = lists.map(({ id, items, anchor, page, opens }): PaneNavigation => ({
    id,
    items,
    anchor,
    page,
    ...(opens ? { opens } : {}),
  }));
  return { ...screen, panes };
}

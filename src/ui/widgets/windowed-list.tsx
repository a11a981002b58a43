import React, { type ReactNode } from 'react';
import type { ListWindow } from '../panes/pane.js';

export interface WindowedListProps<T> {
  readonly items: readonly T[];
  readonly window: ListWindow;
  /** Whether the selection shows: a list shows it while it has focus. */
  readonly focused?: boolean;
  /** One row: the item, its index in the whole list, and whether it is shown selected. */
  readonly row: (item: T, index: number, selected: boolean) => ReactNode;
}

/** The rows of a list that its window shows: a list of 10,000 draws the few on screen. */
export function WindowedList<T>({ items, window, focused = true, row }: WindowedListProps<T>) {
  const rows: ReactNode[] = [];
  for (let index = window.start; index < window.end && index < items.length; index++)
    rows.push(row(items[index]!, index, focused && index === window.selected));
  return <>{rows}</>;
}

/** The items a window shows, for what is measured over the visible rows only (a column's width). */
export const visibleItems = <T,>(items: readonly T[], window: ListWindow): readonly T[] => items.slice(window.start, window.end);

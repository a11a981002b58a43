/**
 * A dashboard pane's list (the diagnoses, the handshakes, the tasks): a title
 * line, then the rows its window shows, in the lines the layout gave it.
 */
import { Box, Text } from 'ink';
import React, { type ReactNode } from 'react';
import type { PaneFrame } from '../views/dashboard-pane.js';
import type { ListWindow } from '../panes/pane.js';
import { palette, useTheme } from './theme.js';
import { WindowedList } from './windowed-list.js';

interface ListTitleProps {
  /** ` Tasks `, ` Handshakes `: drawn inverse when the list has focus. */
  readonly label: string;
  readonly focused: boolean;
  /** The label's colour when the list does not have focus. */
  readonly color?: string;
  /** What the list holds, in a few words. */
  readonly summary: string;
  readonly window: ListWindow;
  readonly total: number;
}

/** A list's title line: its label, a summary, and how much is scrolled off above and below. */
function ListTitle({ label, focused, color = palette.accent, summary, window, total }: ListTitleProps) {
  const { paint, dim } = useTheme();
  const more = total - window.end;
  return (
    <Text wrap="truncate-end">
      <Text bold inverse={focused} color={focused ? undefined : paint(color)}>
        {label}
      </Text>
      <Text dimColor={dim}>
        {' '}
        {summary}
        {window.start > 0 ? ` · ↑ ${window.start} above` : ''}
        {more > 0 ? ` · ↓ ${more} below` : ''}
      </Text>
    </Text>
  );
}

interface TitledListProps<T> {
  /** The pane's window on its items, its focus and its lines. */
  readonly pane: PaneFrame;
  readonly label: string;
  readonly color?: string;
  readonly summary: string;
  readonly items: readonly T[];
  readonly width: number;
  /** One row: the item, its index in the whole list, and whether it is shown selected. */
  readonly row: (item: T, index: number, selected: boolean) => ReactNode;
}

export function TitledList<T>({ pane, label, color, summary, items, width, row }: TitledListProps<T>) {
  const { window, focused } = pane;
  return (
    <Box flexDirection="column" width={width} height={pane.lines} overflowY="hidden">
      <ListTitle label={label} focused={focused} color={color} summary={summary} window={window} total={items.length} />
      <WindowedList items={items} window={window} focused={focused} row={row} />
    </Box>
  );
}

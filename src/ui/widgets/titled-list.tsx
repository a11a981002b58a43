// A dashboard pane's list: a title line, then the rows its window shows, in the lines the layout gave it.
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
  readonly summary: string;
  readonly window: ListWindow;
  readonly total: number;
}

/** The same title: the window is made anew each frame. */
const sameTitle = (a: ListTitleProps, b: ListTitleProps): boolean =>
  a.label === b.label &&
  a.focused === b.focused &&
  a.color === b.color &&
  a.summary === b.summary &&
  a.total === b.total &&
  a.window.start === b.window.start &&
  a.window.end === b.window.end;

/** A list's title line: its label, a summary, and how much is scrolled off above and below; drawn again only when one of them changed. */
const ListTitle = React.memo(function ListTitle({ label, focused, color = palette.accent, summary, window, total }: ListTitleProps) {
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
}, sameTitle);

interface TitledListProps<T> {
  readonly pane: PaneFrame;
  readonly label: string;
  readonly color?: string;
  readonly summary: string;
  readonly items: readonly T[];
  readonly width: number;
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

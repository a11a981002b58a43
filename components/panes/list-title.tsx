import { Text } from 'ink';
import React from 'react';
import type { ListWindow } from '../pane.js';
import { palette, useTheme } from '../theme.js';

export interface ListTitleProps {
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
export function ListTitle({ label, focused, color = palette.accent, summary, window, total }: ListTitleProps) {
  const { paint } = useTheme();
  const more = total - window.end;
  return (
    <Text wrap="truncate-end">
      <Text bold inverse={focused} color={focused ? undefined : paint(color)}>
        {label}
      </Text>
      <Text dimColor>
        {' '}
        {summary}
        {window.start > 0 ? ` · ↑ ${window.start} above` : ''}
        {more > 0 ? ` · ↓ ${more} below` : ''}
      </Text>
    </Text>
  );
}

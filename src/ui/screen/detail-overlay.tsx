import { Box, Text } from 'ink';
import React from 'react';
import type { DetailModel } from './frame.js';
import { FittedLine } from '../widgets/fitted-line.js';
import { palette, useTheme } from '../widgets/theme.js';

interface DetailOverlayProps {
  readonly detail: DetailModel;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly width: number;
  readonly now: number;
}

/** What ⏎ opened, full width: two lines of facts, then its body, scrollable. */
export function DetailOverlay({ detail, colors, width, now }: DetailOverlayProps) {
  const { paint } = useTheme();
  const { lines, page, scroll } = detail;
  const [first, second] = detail.item.facts({ paint, colors, now });
  const shown = lines.slice(scroll, scroll + page);
  const position = lines.length > page ? ` ${scroll + 1}-${Math.min(lines.length, scroll + page)} of ${lines.length} lines ` : '';
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={paint(palette.accent)} width={width} paddingX={1}>
      <FittedLine parts={first} width={width - 4} />
      <FittedLine parts={second} width={width - 4} />
      {shown.map((line, i) => (
        // Lines were wrapped to the width already: nothing here is cut.
        <Text key={scroll + i} wrap="truncate-end">
          {line === '' ? ' ' : line}
        </Text>
      ))}
      <FittedLine
        parts={[{ text: `esc close${position ? ` · ↑↓ PgUp PgDn scroll ·${position}` : ''}`, dimColor: true }]}
        width={width - 4}
      />
    </Box>
  );
}

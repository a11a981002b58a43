import { Box, Text } from 'ink';
import React from 'react';
import type { Problem } from '../src/store/state.js';
import { footerFor } from './keymap.js';
import { palette, useTheme } from './theme.js';
import { fit, stringWidth } from './text.js';

export function Footer({ width, notes, replay }: { readonly width: number; readonly notes: readonly string[]; readonly replay: boolean }) {
  const { paint } = useTheme();
  const note = notes.length > 0 ? fit(notes.join(' · '), Math.floor(width / 2)) : '';
  return (
    <Box width={width}>
      <Box width={width - (note ? stringWidth(note) + 2 : 0)}>
        <Text wrap="truncate-end">
          {footerFor(replay).map(({ keys, what }, i) => (
            <Text key={what}>
              {i > 0 ? '  ' : ''}
              <Text bold color={paint(palette.accent)}>
                {keys}
              </Text>
              <Text dimColor> {what}</Text>
            </Text>
          ))}
        </Text>
      </Box>
      {note ? <Text dimColor>{`  ${note}`}</Text> : null}
    </Box>
  );
}

/** The first problem, with its file (the config dir's own say which dir), and how many more there are. */
export function ProblemsLine({ problems, width }: { readonly problems: readonly Problem[]; readonly width: number }) {
  const { paint } = useTheme();
  const [first] = problems;
  if (!first) return null;
  const more = problems.length > 1 ? `  (+${problems.length - 1} more, see --json)` : '';
  return (
    <Text wrap="truncate-end" color={paint(palette.warning)}>
      ⚠ {fit(first.path === '.' ? first.message : `${first.path}: ${first.message}`, Math.max(10, width - more.length - 3))}
      {more}
    </Text>
  );
}

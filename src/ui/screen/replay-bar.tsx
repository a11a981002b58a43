import { Text } from 'ink';
import React from 'react';
import type { ReplayStatus } from '../../core/model/replay.js';
import { formatAge, isInstant } from '../../core/model/time.js';
import { palette, useTheme } from '../widgets/theme.js';

const BAR = 20;

/** `▶ replay ━━━━━━──── 1m23s / 1m30s  ×4  entry 120/300`: the replay clock against the run's length. */
export function ReplayBar({ status }: { readonly status: ReplayStatus }) {
  const { paint, dim } = useTheme();
  const length = Math.max(0, status.end - status.start);
  const elapsed = Math.max(0, Math.min(length, status.clock - status.start));
  const filled = length === 0 ? BAR : Math.round((elapsed / length) * BAR);
  const done = status.position >= status.total;
  const state = status.playing ? '▶ playing' : done ? '■ end' : '❚❚ paused';
  return (
    <Text wrap="truncate-end">
      <Text bold inverse color={paint(palette.accent)}>
        {` ${state} `}
      </Text>
      <Text color={paint(palette.accent)}> {'━'.repeat(filled)}</Text>
      <Text dimColor={dim}>{'─'.repeat(BAR - filled)} </Text>
      <Text bold>
        {formatAge(elapsed)} / {formatAge(length)}
      </Text>
      <Text dimColor={dim}>
        {'  '}×{status.speed}
        {'  '}entry {status.position}/{status.total}
        {'  '}
        {isInstant(status.clock) ? `${new Date(status.clock).toISOString().replace('T', ' ').slice(0, 19)}Z` : '—'}
      </Text>
    </Text>
  );
}

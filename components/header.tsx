import { Box, Text } from 'ink';
import React from 'react';
import { formatAge } from '../src/domain/time.js';
import type { TeamSummary } from '../src/store/selectors.js';
import { palette, useTheme } from './theme.js';
import { fit, stringWidth, tildify } from './text.js';

export interface HeaderProps {
  readonly claudeDir: string;
  readonly teams: readonly TeamSummary[];
  readonly selected: string | undefined;
  readonly problems: number;
  readonly now: number;
  readonly width: number;
}

/** ` name (members) 3m ago ` */
function teamLabel(team: TeamSummary, now: number): string {
  const age = Number.isFinite(team.lastActivity) ? ` ${formatAge(Math.max(0, now - team.lastActivity), 1)} ago` : '';
  return ` ${fit(team.name, 40)} (${team.memberCount})${age}${team.ended ? ' ended' : ''} `;
}

/** The labels that fit in `width`, always including the selected one. */
export function fitAround(widths: readonly number[], selected: number, width: number): [number, number] {
  let start = Math.max(0, selected);
  let end = start;
  let used = 0;
  while (end < widths.length && used + widths[end]! <= width) used += widths[end++]!;
  while (start > 0 && used + widths[start - 1]! <= width) used += widths[--start]!;
  return [start, Math.max(end, start + 1)];
}

export function Header({ claudeDir, teams, selected, problems, now, width }: HeaderProps) {
  const { paint } = useTheme();
  const labels = teams.map((team) => teamLabel(team, now));
  const selectedIndex = teams.findIndex((team) => team.name === selected);
  const room = width - 4;
  const [start, end] = fitAround(
    labels.map((label) => stringWidth(label) + 1),
    selectedIndex,
    room,
  );
  const right = `${problems > 0 ? `⚠ ${problems} problem${problems === 1 ? '' : 's'}  ` : ''}? help`;
  return (
    <Box flexDirection="column" width={width}>
      <Box justifyContent="space-between" width={width}>
        <Text wrap="truncate-end">
          <Text bold color={paint(palette.accent)}>
            teamtop
          </Text>
          <Text dimColor>
            {' '}
            · {fit(tildify(claudeDir), Math.max(10, width - stringWidth(right) - 12))} · {teams.length} team
            {teams.length === 1 ? '' : 's'}
          </Text>
        </Text>
        <Text>
          {problems > 0 ? (
            <Text color={paint(palette.warning)}>{`⚠ ${problems} problem${problems === 1 ? '' : 's'}  `}</Text>
          ) : null}
          <Text dimColor>? help</Text>
        </Text>
      </Box>
      <Text wrap="truncate-end">
        {start > 0 ? <Text dimColor>‹ </Text> : null}
        {teams.slice(start, end).map((team, i) => {
          const isSelected = team.name === selected;
          return (
            <Text key={team.name}>
              {i > 0 ? ' ' : ''}
              <Text inverse={isSelected} bold={isSelected} dimColor={team.ended && !isSelected}>
                {labels[start + i]}
              </Text>
            </Text>
          );
        })}
        {end < teams.length ? <Text dimColor> ›</Text> : null}
      </Text>
    </Box>
  );
}

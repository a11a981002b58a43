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
  /** Stalled handshakes per team, and in all. */
  readonly stalled: ReadonlyMap<string, number>;
  readonly stalledTotal: number;
  readonly now: number;
  readonly width: number;
}

/** ` name (members) 3m ago ⚠2 ` */
function teamLabel(team: TeamSummary, now: number, stalled: number): string {
  const age = Number.isFinite(team.lastActivity) ? ` ${formatAge(Math.max(0, now - team.lastActivity), 1)} ago` : '';
  return ` ${fit(team.name, 40)} (${team.memberCount})${age}${team.ended ? ' ended' : ''}${stalled > 0 ? ` ⚠${stalled}` : ''} `;
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

export function Header({ claudeDir, teams, selected, problems, stalled, stalledTotal, now, width }: HeaderProps) {
  const { paint } = useTheme();
  const labels = teams.map((team) => teamLabel(team, now, stalled.get(team.name) ?? 0));
  const selectedIndex = teams.findIndex((team) => team.name === selected);
  const room = width - 4;
  const [start, end] = fitAround(
    labels.map((label) => stringWidth(label) + 1),
    selectedIndex,
    room,
  );
  const stalledText = stalledTotal > 0 ? `⚠ ${stalledTotal} stalled  ` : '';
  const problemText = problems > 0 ? `⚠ ${problems} problem${problems === 1 ? '' : 's'}  ` : '';
  const right = `${stalledText}${problemText}? help`;
  const count = `${teams.length} team${teams.length === 1 ? '' : 's'}`;
  // `teamtop · <dir> · <count>`, at least one space, then the right side: a
  // line that overflows would wrap and push the whole frame down.
  const dirRoom = Math.max(10, width - stringWidth(`teamtop ·  · ${count} ${right}`));
  return (
    <Box flexDirection="column" width={width}>
      <Box justifyContent="space-between" width={width}>
        <Text wrap="truncate-end">
          <Text bold color={paint(palette.accent)}>
            teamtop
          </Text>
          <Text dimColor>
            {' '}
            · {fit(tildify(claudeDir), dirRoom)} · {count}
          </Text>
        </Text>
        <Text>
          {stalledText ? (
            <Text bold color={paint(palette.danger)}>
              {stalledText}
            </Text>
          ) : null}
          {problemText ? <Text color={paint(palette.warning)}>{problemText}</Text> : null}
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
              <Text
                inverse={isSelected}
                bold={isSelected}
                dimColor={team.ended && !isSelected}
                color={!isSelected && (stalled.get(team.name) ?? 0) > 0 ? paint(palette.danger) : undefined}
              >
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

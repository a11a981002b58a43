import { Box, Text } from 'ink';
import React from 'react';
import { formatAge } from '../src/domain/time.js';
import type { TeamSummary } from '../src/store/selectors/teams.js';
import { FittedLine, type Part } from './fitted-line.js';
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

/** Columns the first row keeps for its left end: the name, whatever else gives way. */
const NAME = 'teamtop';
/** Narrower than this, the config dir is left out rather than cut to a stub. */
const MIN_DIR = 10;

/**
 * The first row: `teamtop · <dir> · <count>` on the left, what is wrong and where
 * help is on the right, always one row (the layout counts on it: a second one
 * would push the frame down over the last pane's border). The right side keeps
 * its warnings whole; the help hint goes first, then the dir, then the count.
 */
function TitleRow({
  claudeDir,
  count,
  problems,
  stalledTotal,
  width,
}: {
  claudeDir: string;
  count: string;
  problems: number;
  stalledTotal: number;
  width: number;
}) {
  const { paint } = useTheme();
  const warnings: Part[] = [];
  if (stalledTotal > 0) warnings.push({ text: `⚠ ${stalledTotal} stalled`, bold: true, color: paint(palette.danger) });
  if (problems > 0) warnings.push({ text: `⚠ ${problems} problem${problems === 1 ? '' : 's'}`, color: paint(palette.warning) });
  const spaced = (parts: readonly Part[]): Part[] => parts.flatMap((part, i) => (i === 0 ? [part] : [{ text: '  ' }, part]));
  const columns = (parts: readonly Part[]) => stringWidth(parts.map((part) => part.text).join(''));
  const withHelp = spaced([...warnings, { text: '? help', dimColor: true }]);
  const right = columns(withHelp) + 1 + stringWidth(NAME) <= width ? withHelp : spaced(warnings);
  const room = width - columns(right) - 1;
  const dirRoom = room - stringWidth(`${NAME} ·  · ${count}`);
  let detail = '';
  if (dirRoom >= MIN_DIR) detail = ` · ${fit(tildify(claudeDir), dirRoom)} · ${count}`;
  else if (stringWidth(`${NAME} · ${count}`) <= room) detail = ` · ${count}`;
  const gap = Math.max(1, width - stringWidth(NAME) - stringWidth(detail) - columns(right));
  const parts: Part[] = [
    { text: NAME, bold: true, color: paint(palette.accent) },
    { text: detail, dimColor: true },
    { text: ' '.repeat(gap) },
    ...right,
  ];
  return <FittedLine parts={parts} width={width} />;
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
  const count = `${teams.length} team${teams.length === 1 ? '' : 's'}`;
  return (
    <Box flexDirection="column" width={width}>
      <TitleRow claudeDir={claudeDir} count={count} problems={problems} stalledTotal={stalledTotal} width={width} />
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

import { Box, Text } from 'ink';
import React from 'react';
import { formatAge } from '../../core/model/time.js';
import type { TeamSummary } from '../../core/select/teams.js';
import { FittedLine, type Part } from '../widgets/fitted-line.js';
import { countMark, SEVERITIES } from '../panes/diagnoses/marks.js';
import { palette, useTheme } from '../widgets/theme.js';
import { fit, stringWidth, tildify } from '../../core/text/fit.js';
import type { Diagnosis } from '../../core/model/diagnosis.js';
import { Faint } from '../widgets/faint.js';

export interface HeaderProps {
  readonly claudeDir: string;
  readonly teams: readonly TeamSummary[];
  readonly selected: string | undefined;
  readonly problems: number;
  /** Stalled handshakes per team, and in all. */
  readonly stalled: ReadonlyMap<string, number>;
  readonly stalledTotal: number;
  readonly diagnoses: readonly Diagnosis[];
  /** The team's tokens and cost, from its transcripts ('' when none was read). */
  readonly usage: string;
  /** Its cost alone, said instead where the tokens and cost do not fit ('' when none was read). */
  readonly cost?: string;
  readonly now: number;
  readonly width: number;
  /** Keys work: the title row says where help is. */
  readonly interactive: boolean;
}

/** ` name (members) 3m ago ⚠2 `, and the team on screen's tokens and cost: ` · 12K in · 2K out · ~$0.03 `. */
function teamLabel(team: TeamSummary, now: number, stalled: number, usage: string): string {
  const age = Number.isFinite(team.lastActivity) ? ` ${formatAge(Math.max(0, now - team.lastActivity), 1)} ago` : '';
  return ` ${fit(team.name, 40)} (${team.memberCount})${age}${team.ended ? ' ended' : ''}${stalled > 0 ? ` ⚠${stalled}` : ''}${usage ? ` · ${usage}` : ''} `;
}

/** The labels that fit in `width`, always including the selected one. */
function fitAround(widths: readonly number[], selected: number, width: number): [number, number] {
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

/** The first row, always one (the layout counts on it); the help hint gives way first, then the dir, then the count. */
const TitleRow = React.memo(function TitleRow({
  claudeDir,
  count,
  problems,
  stalledTotal,
  diagnoses,
  width,
  interactive,
}: Pick<HeaderProps, 'claudeDir' | 'problems' | 'stalledTotal' | 'diagnoses' | 'width' | 'interactive'> & { count: string }) {
  const { paint } = useTheme();
  const stalled: Part[] = stalledTotal > 0 ? [{ text: `⚠ ${stalledTotal} stalled`, bold: true, color: paint(palette.danger) }] : [];
  const diagnosed = countMark(diagnoses);
  const counted: Part[] = diagnosed ? [{ text: diagnosed.text, bold: true, color: paint(SEVERITIES[diagnosed.severity].color) }] : [];
  const unreadable: Part[] =
    problems > 0 ? [{ text: `⚠ ${problems} problem${problems === 1 ? '' : 's'}`, color: paint(palette.warning) }] : [];
  const spaced = (parts: readonly Part[]): Part[] => parts.flatMap((part, i) => (i === 0 ? [part] : [{ text: '  ' }, part]));
  const columns = (parts: readonly Part[]) => stringWidth(parts.map((part) => part.text).join(''));
  const fits = (parts: readonly Part[]) => columns(parts) + 1 + stringWidth(NAME) <= width;
  // The help hint gives way first, then the diagnoses' count (their pane says it too).
  const right =
    [
      ...(interactive ? [spaced([...stalled, ...counted, ...unreadable, { text: '? help', dimColor: true }])] : []),
      spaced([...stalled, ...counted, ...unreadable]),
    ].find(fits) ?? spaced([...stalled, ...unreadable]);
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
});

/** One team's tab: what the second row draws of it. */
interface Tab {
  readonly name: string;
  readonly label: string;
  readonly selected: boolean;
  readonly ended: boolean;
  readonly stalled: boolean;
}

interface TabsProps {
  readonly tabs: readonly Tab[];
  readonly before: boolean;
  readonly after: boolean;
}

const sameTab = (a: Tab, b: Tab): boolean =>
  a.name === b.name && a.label === b.label && a.selected === b.selected && a.ended === b.ended && a.stalled === b.stalled;

/** The teams that fit, as tabs; drawn again only when one of them reads otherwise (tabs are made anew each frame). */
const TeamTabs = React.memo(
  function TeamTabs({ tabs, before, after }: TabsProps) {
    const { paint, dim } = useTheme();
    return (
      <Text wrap="truncate-end">
        {before ? <Faint>‹ </Faint> : null}
        {tabs.map((tab, i) => (
          <Text key={tab.name}>
            {i > 0 ? ' ' : ''}
            <Text
              inverse={tab.selected}
              bold={tab.selected}
              dimColor={dim && tab.ended && !tab.selected}
              color={!tab.selected && tab.stalled ? paint(palette.danger) : undefined}
            >
              {tab.label}
            </Text>
          </Text>
        ))}
        {after ? <Faint> ›</Faint> : null}
      </Text>
    );
  },
  (a, b) =>
    a.before === b.before && a.after === b.after && a.tabs.length === b.tabs.length && a.tabs.every((tab, i) => sameTab(tab, b.tabs[i]!)),
);

export function Header(props: HeaderProps) {
  const { teams, selected, stalled, now, width } = props;
  const room = width - 4;
  // The team on screen's tokens and cost; where they do not fit, its cost alone (what a narrow terminal cut).
  const usageOf = (team: TeamSummary): string => {
    if (team.name !== selected || !props.usage) return '';
    const full = teamLabel(team, now, stalled.get(team.name) ?? 0, props.usage);
    return stringWidth(full) + 1 <= room || !props.cost ? props.usage : props.cost;
  };
  const labels = teams.map((team) => teamLabel(team, now, stalled.get(team.name) ?? 0, usageOf(team)));
  const selectedIndex = teams.findIndex((team) => team.name === selected);
  const [start, end] = fitAround(
    labels.map((label) => stringWidth(label) + 1),
    selectedIndex,
    room,
  );
  const count = `${teams.length} team${teams.length === 1 ? '' : 's'}`;
  const tabs = teams.slice(start, end).map((team, i): Tab => ({
    name: team.name,
    label: labels[start + i]!,
    selected: team.name === selected,
    ended: team.ended,
    stalled: (stalled.get(team.name) ?? 0) > 0,
  }));
  return (
    <Box flexDirection="column" width={width}>
      <TitleRow
        claudeDir={props.claudeDir}
        count={count}
        problems={props.problems}
        stalledTotal={props.stalledTotal}
        diagnoses={props.diagnoses}
        width={width}
        interactive={props.interactive}
      />
      <TeamTabs tabs={tabs} before={start > 0} after={end < teams.length} />
    </Box>
  );
}

// The dashboard: a pane per member in a grid, then its own panes (DASHBOARD_PANES). Every other view goes back to it.
import { Box } from 'ink';
import React, { type ReactNode } from 'react';
import { isShown, type BuiltPane, type DashboardPane } from './dashboard-pane.js';
import { computeLayout, splitWidth, type Layout } from '../screen/layout.js';
import { samePane, type PaneId, type PaneList } from '../panes/pane.js';
import { diagnosesPane } from '../panes/diagnoses/index.js';
import { handshakesPane } from '../panes/handshakes/index.js';
import { memberContent, memberList, memberPane, memberPaneId, type MemberPaneModel } from '../panes/members/model.js';
import { MemberPane } from '../panes/members/view.js';
import { tasksPane } from '../panes/tasks/index.js';
import type { Frame, View } from './view.js';
import type { Region } from '../keys/navigation.js';
import { DASHBOARD } from './names.js';
import { plural } from '../../core/text/words.js';

const DASHBOARD_PANES: readonly DashboardPane[] = [diagnosesPane, handshakesPane, tasksPane];

interface DashboardViewModel {
  readonly layout: Layout;
  /** The member panes drawn, row by row as the layout's grid has them. */
  readonly grid: readonly (readonly MemberPaneModel[])[];
}

interface BodyProps {
  readonly model: DashboardViewModel;
  /** The dashboard's own panes, row by row as the layout puts them. */
  readonly rows: readonly (readonly BuiltPane[])[];
  readonly colors: ReadonlyMap<string, string | null>;
  readonly width: number;
}

function ListRow({ panes, width }: { panes: readonly BuiltPane[]; width: number }): ReactNode {
  if (panes.length === 1) return panes[0]!.draw(width);
  const widths = splitWidth(width, panes.length);
  return (
    <Box flexDirection="row">
      {panes.map((pane, i) => (
        <React.Fragment key={pane.list.id.kind}>{pane.draw(widths[i]!)}</React.Fragment>
      ))}
    </Box>
  );
}

function Body({ model, rows, colors, width }: BodyProps) {
  return (
    <>
      {model.grid.map((row, r) => (
        <Box key={r} flexDirection="row">
          {row.map((pane) => (
            <MemberPane key={pane.member.name} pane={pane} bordered={model.layout.bordered} colors={colors} />
          ))}
        </Box>
      ))}
      {rows.map((row) => (
        // Keyed by its panes: a pane that comes or goes above leaves the others mounted.
        <ListRow key={row.map((pane) => pane.list.id.kind).join(' ')} panes={row} width={width} />
      ))}
    </>
  );
}

const shownPanes = (frame: Frame) => DASHBOARD_PANES.filter((pane) => isShown(pane, frame));

/**
 * Where each pane is drawn, for the mouse: the member panes row by row (a
 * bordered one's list under its title bar, info line and notes; a compact
 * one's under its head line), then the lists, side by side where the layout
 * puts them, each under its title line.
 */
function regionsOf(
  layout: Layout,
  grid: readonly (readonly MemberPaneModel[])[],
  rows: readonly (readonly BuiltPane[])[],
  width: number,
): Region[] {
  const regions: Region[] = [];
  let y = 0;
  for (const row of grid) {
    let x = 0;
    for (const pane of row) {
      const { width: paneWidth, height } = pane.layout;
      const above = layout.bordered ? 2 + pane.notes.length : 1;
      regions.push({
        pane: memberPaneId(pane.member.name),
        x,
        y,
        width: paneWidth,
        height,
        rowsFrom: y + above,
        rows: pane.window.end - pane.window.start,
        first: pane.window.start,
      });
      x += paneWidth;
    }
    y += row[0]?.layout.height ?? 0;
  }
  for (const [r, row] of rows.entries()) {
    const widths = splitWidth(width, row.length);
    const lines = layout.lists[layout.listRows[r]![0]!]!;
    let x = 0;
    for (const [i, pane] of row.entries()) {
      const { window } = pane;
      regions.push({
        pane: pane.list.id,
        x,
        y,
        width: widths[i]!,
        height: lines,
        rowsFrom: y + 1,
        rows: window.end - window.start,
        first: window.start,
      });
      x += widths[i]!;
    }
    y += lines;
  }
  return regions;
}

export const dashboardView: View = {
  name: DASHBOARD,
  paneIds: (frame) => [...frame.members.map((member) => memberPaneId(member.name)), ...shownPanes(frame).map((pane) => pane.id)],
  build(frame: Frame, focused: PaneId | undefined) {
    const isFocused = (id: PaneId) => focused !== undefined && samePane(focused, id);
    const contents = frame.members.map((member) => memberContent(frame, member));
    const shown = shownPanes(frame);
    const { bodyRows } = frame;
    const layout = computeLayout({
      width: frame.width,
      height: frame.height,
      // A pane's notes are lines too: a pane drawn at its natural height makes room for them.
      messageCounts: contents.map((content) => (content.log?.lines.length ?? content.messages.length) + content.notes.length),
      focusedMember: focused?.member === undefined ? -1 : contents.findIndex((content) => content.member.name === focused.member),
      lists: shown.map((pane) => ({
        lines: 1 + pane.count(frame),
        ...(pane.mostRows && bodyRows !== undefined ? { most: 1 + pane.mostRows(bodyRows) } : {}),
        ...(pane.beside ? { beside: true } : {}),
      })),
      statusLines: frame.statusLines,
    });
    const grid = layout.grid.map((row) =>
      row.map((paneLayout) => {
        const content = contents[paneLayout.member]!;
        return memberPane(frame, content, paneLayout, layout.bordered, isFocused(content.id));
      }),
    );
    const drawn = new Map(grid.flat().map((pane) => [pane.member.name, pane]));
    const built = shown.map((pane, i) => pane.build(frame, Math.max(0, layout.lists[i]! - 1), isFocused(pane.id)));
    const model: DashboardViewModel = { layout, grid };
    // Members the layout has no room for are still a tab away; a page of theirs is a row.
    const members: PaneList[] = contents.map((content) => {
      const pane = drawn.get(content.member.name);
      return memberList(frame, content, pane ? pane.window.end - pane.window.start : 1);
    });
    const rows = layout.listRows.map((row) => row.map((i) => built[i]!));
    // The ages on screen, and only those: a team with thousands of open requests shows a few of them.
    const longAges: number[] = [];
    for (const pane of drawn.values()) if (pane.marker) longAges.push(pane.marker.waitingSince, pane.marker.owesSince);
    for (const pane of built) for (const since of pane.longAges ?? []) longAges.push(since);
    return {
      panes: [...members, ...built.map((pane) => pane.list)],
      longAges,
      regions: regionsOf(layout, grid, rows, frame.width),
      notes: layout.hiddenMembers > 0 ? [`${plural(layout.hiddenMembers, 'more member')}${frame.interactive ? ': tab' : ''}`] : [],
      draw: () => <Body model={model} rows={rows} colors={frame.colors} width={frame.width} />,
    };
  },
};

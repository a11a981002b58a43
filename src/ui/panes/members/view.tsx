// A member's pane: bordered, or where bordered panes do not fit, compact (name, status and details on one line).
import { Box } from 'ink';
import React from 'react';
import { FittedLine, type Part } from '../../widgets/fitted-line.js';
import { fit, stringWidth } from '../../../core/text/fit.js';
import { memberColor, palette, useTheme } from '../../widgets/theme.js';
import { InfoLine, infoPieces, infoText, partsOf, sameInfoLine, statusParts, type InfoPiece, type StatusParts } from './info-line.js';
import { MemberList, sameListed } from './list.js';
import type { MemberPaneModel } from './model.js';
import { Notes, sameNotes } from './notes.js';
import { diagnosedPart, TitleBar } from './title-bar.js';

export interface MemberPaneProps {
  readonly pane: MemberPaneModel;
  readonly bordered: boolean;
  readonly colors: ReadonlyMap<string, string | null>;
}

export const MemberPane = React.memo(function MemberPane({ pane, bordered, colors }: MemberPaneProps) {
  const { paint } = useTheme();
  const { member, layout } = pane;
  const color = paint(memberColor(member.color));
  const status = statusParts(pane, paint);
  if (!bordered) {
    const mark = diagnosedPart(pane.diagnosed, layout.width, paint);
    const head: Part[] = [
      { text: pane.focused ? '▸ ' : '  ', bold: true },
      { text: `${member.isLead ? '★ ' : ''}${fit(member.name, 30)}`, color, bold: true, inverse: pane.focused },
      ...(mark ? [mark] : []),
      { text: ` ${pane.status}`, dimColor: member.departed, color: member.status === 'dead' ? paint(palette.danger) : undefined },
    ];
    // The details give way first, then the rest is cut at the pane's edge.
    const room = layout.width - stringWidth([...head, ...partsOf(status)].map((part) => part.text).join('')) - 6;
    // No room for lines of their own: the figures and an error follow the details.
    // What it does now first, then what it is.
    const notes = (activity: boolean) =>
      pane.notes.filter((note) => (note.activity === true) === activity).map((note) => `${note.text}${note.tail ?? ''}`);
    const info = room > 0 ? fit([...notes(true), infoText(pane), ...notes(false)].filter(Boolean).join(' · '), Math.min(80, room)) : '';
    return (
      <Box flexDirection="column" width={layout.width} height={layout.height} overflowY="hidden">
        <FittedLine parts={[...head, { text: info ? ` · ${info} · ` : ' · ', dimColor: true }, ...partsOf(status)]} width={layout.width} />
        <Box flexDirection="column" paddingLeft={4}>
          <MemberList pane={pane} colors={colors} width={layout.width - 4} />
        </Box>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={layout.width} height={layout.height}>
      <TitleBar member={member} diagnosed={pane.diagnosed} focused={pane.focused} width={layout.width} statusText={pane.status} />
      <PaneBody pane={pane} info={infoPieces(pane)} status={status} color={color} colors={colors} />
    </Box>
  );
});

interface PaneBodyProps {
  readonly pane: MemberPaneModel;
  readonly info: readonly InfoPiece[];
  readonly status: StatusParts;
  readonly color: string | undefined;
  readonly colors: ReadonlyMap<string, string | null>;
}

/** Drawn again only when its lines would change: a tick that moves only the title's age (`idle 3s`) leaves it as it was. */
const sameBody = (a: PaneBodyProps, b: PaneBodyProps): boolean =>
  a.color === b.color &&
  a.pane.focused === b.pane.focused &&
  a.pane.layout.width === b.pane.layout.width &&
  a.pane.layout.height === b.pane.layout.height &&
  sameInfoLine(infoProps(a), infoProps(b)) &&
  sameNotes(a.pane.notes, b.pane.notes) &&
  a.colors === b.colors &&
  sameListed(a.pane, b.pane);

const infoProps = ({ info, status, pane }: PaneBodyProps) => ({ info, status, width: pane.layout.width - 4 });

/** A bordered pane under its title: the info line, the notes, the list. */
const PaneBody = React.memo(function PaneBody({ pane, info, status, color, colors }: PaneBodyProps) {
  const { layout } = pane;
  const inner = layout.width - 4;
  return (
    <Box
      // Ink applies only changed style props: a new borderStyle alone turns the top border back on. Remount on focus change.
      key={pane.focused ? 'focused' : 'unfocused'}
      flexDirection="column"
      borderStyle={pane.focused ? 'bold' : 'round'}
      borderTop={false}
      borderColor={color}
      width={layout.width}
      height={layout.height - 1}
      paddingX={1}
      overflowY="hidden"
    >
      <InfoLine info={info} status={status} width={inner} />
      {pane.notes.length > 0 ? <Notes notes={pane.notes} width={inner} /> : null}
      <MemberList pane={pane} colors={colors} width={inner} />
    </Box>
  );
}, sameBody);

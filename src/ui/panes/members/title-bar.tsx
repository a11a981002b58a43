// A bordered member pane's top line: the member's name and the marks of what is wrong with it, its status on the right.
import { Text } from 'ink';
import React from 'react';
import type { MemberView } from '../../../core/select/members.js';
import type { Part } from '../../widgets/fitted-line.js';
import { displayWidth, fit, stringWidth } from '../../../core/text/fit.js';
import { memberColor, palette, useTheme, type Theme } from '../../widgets/theme.js';
import { SEVERITIES, type DiagnosisMark } from '../diagnoses/marks.js';
import { Faint } from '../../widgets/faint.js';

const CORNERS = {
  round: { left: '╭', line: '─', right: '╮' },
  bold: { left: '┏', line: '━', right: '┓' },
} as const;

/** The diagnoses naming the member, after its name: ` ⚠ ignored-shutdown`, or only ` ⚠` where the title has no room. */
export function diagnosedPart(diagnosed: DiagnosisMark | null, room: number, paint: Theme['paint']): Part | undefined {
  if (!diagnosed) return undefined;
  const severity = SEVERITIES[diagnosed.severity];
  const text = stringWidth(diagnosed.text) + 1 <= room ? ` ${diagnosed.text}` : ` ${severity.mark}`;
  return { text, bold: true, color: paint(severity.color) };
}

interface TitleBarProps {
  readonly member: MemberView;
  readonly diagnosed: DiagnosisMark | null;
  readonly focused: boolean;
  readonly width: number;
  /** What the pane says of the member's status (`idle 3s`). */
  readonly statusText: string;
}

/** Drawn again only when what it shows changed: the member's view is made anew each frame, its age moving. */
const sameTitle = (a: TitleBarProps, b: TitleBarProps): boolean =>
  a.focused === b.focused &&
  a.width === b.width &&
  a.statusText === b.statusText &&
  a.diagnosed?.text === b.diagnosed?.text &&
  a.diagnosed?.severity === b.diagnosed?.severity &&
  a.member.name === b.member.name &&
  a.member.isLead === b.member.isLead &&
  a.member.color === b.member.color &&
  a.member.status === b.member.status &&
  a.member.departed === b.member.departed;

export const TitleBar = React.memo(function TitleBar({ member, diagnosed, focused, width, statusText }: TitleBarProps) {
  const { paint } = useTheme();
  const corners = focused ? CORNERS.bold : CORNERS.round;
  const color = paint(memberColor(member.color));
  const status = ` ${statusText} `;
  const title = `${member.isLead ? '★ ' : ''}${member.name}`;
  // The mark gives way to the name's first columns; the name to the mark after that.
  const mark = diagnosedPart(diagnosed, width - 7 - stringWidth(status) - displayWidth(title, 12), paint);
  const name = fit(title, Math.max(4, width - 7 - stringWidth(status) - stringWidth(mark?.text ?? '')));
  // `╭─ ` name mark ` ` fill status `─╮`
  const fill = Math.max(0, width - 6 - stringWidth(name) - stringWidth(mark?.text ?? '') - stringWidth(status));
  return (
    <Text wrap="truncate-end">
      <Text color={color} bold={focused}>{`${corners.left}${corners.line} `}</Text>
      <Text color={color} bold>
        {name}
      </Text>
      {mark ? (
        <Text color={mark.color} bold>
          {mark.text}
        </Text>
      ) : null}
      <Text color={color} bold={focused}>{` ${corners.line.repeat(fill)}`}</Text>
      {member.status === 'dead' ? (
        <Text color={paint(palette.danger)} bold>
          {status}
        </Text>
      ) : (
        <Faint when={member.departed}>{status}</Faint>
      )}
      <Text color={color} bold={focused}>{`${corners.line}${corners.right}`}</Text>
    </Text>
  );
}, sameTitle);

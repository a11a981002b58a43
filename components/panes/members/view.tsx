import { Box, Text } from 'ink';
import React from 'react';
import type { InboxMessage } from '../../../src/domain/inbox.js';
import { maxOf } from '../../../src/domain/lists.js';
import type { MemberView } from '../../../src/store/selectors/members.js';
import { FittedLine, type Part } from '../../fitted-line.js';
import { MessageLine } from '../../message-line.js';
import type { ListWindow } from '../../pane.js';
import { displayWidth, fit, stringWidth } from '../../text.js';
import { memberColor, palette, useTheme, type Theme } from '../../theme.js';
import { visibleItems, WindowedList } from '../../windowed-list.js';
import { SEVERITIES, type DiagnosisMark } from '../diagnoses/marks.js';
import { InfoLine, infoText, partsOf, statusParts } from './info-line.js';
import type { LogView, MemberPaneModel, PaneNote } from './model.js';

const CORNERS = {
  round: { left: '╭', line: '─', right: '╮' },
  bold: { left: '┏', line: '━', right: '┓' },
} as const;

export interface MemberPaneProps {
  readonly pane: MemberPaneModel;
  readonly bordered: boolean;
  readonly colors: ReadonlyMap<string, string | null>;
}

/** The diagnoses naming the member, after its name: ` ⚠ ignored-shutdown`, or only ` ⚠` where the title has no room. */
function diagnosedPart(diagnosed: DiagnosisMark | null, room: number, paint: Theme['paint']): Part | undefined {
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

function TitleBar({ member, diagnosed, focused, width, statusText }: TitleBarProps) {
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
      <Text dimColor={member.departed}>{status}</Text>
      <Text color={color} bold={focused}>{`${corners.line}${corners.right}`}</Text>
    </Text>
  );
}

/** The end of the agent's output log, as `tail -F` shows it (text from disk: fitted and sanitised). */
function LogLines({
  log,
  window,
  rows,
  focused,
  width,
}: {
  log: LogView;
  window: ListWindow;
  rows: number;
  focused: boolean;
  width: number;
}) {
  if (window.end === window.start) return rows > 0 ? <Text dimColor>no output yet</Text> : null;
  // A removed log keeps its lines on screen, dimmed.
  const logLine = (line: string): Part[] => [{ text: fit(line, width) || ' ', dimColor: !log.present }];
  return (
    <WindowedList
      items={log.lines}
      window={window}
      focused={focused}
      row={(line, index, selected) => <FittedLine key={index} parts={logLine(line)} width={width} inverse={selected} />}
    />
  );
}

const NOTE_COLORS = { danger: palette.danger, warning: palette.warning, plain: undefined, info: undefined } as const;

/** A note fitted to the width, its tail (how long) kept whole. */
function noteText(note: PaneNote, width: number): string {
  const tail = note.tail ?? '';
  return `${fit(note.text, Math.max(0, width - stringWidth(tail)))}${tail}`;
}

function Notes({ pane, width }: { pane: MemberPaneModel; width: number }) {
  const { paint } = useTheme();
  return (
    <>
      {pane.notes.map((note, i) => {
        const color = NOTE_COLORS[note.tone];
        return (
          <FittedLine
            key={i}
            parts={[{ text: noteText(note, width), color: color ? paint(color) : undefined, dimColor: note.tone === 'info' }]}
            width={width}
          />
        );
      })}
    </>
  );
}

interface MessagesProps {
  readonly messages: readonly InboxMessage[];
  readonly log: LogView | null;
  readonly window: ListWindow;
  readonly rows: number;
  readonly focused: boolean;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly width: number;
}

/**
 * The pane's list: its messages, or its log. Drawn again only when what it
 * lists changed, not when the pane's title or info line did (an age ticking).
 */
const Messages = React.memo(function Messages({ messages, log, window, rows, focused, colors, width }: MessagesProps) {
  if (log) return <LogLines log={log} window={window} rows={rows} focused={focused} width={width} />;
  const visible = visibleItems(messages, window);
  if (rows > 0 && visible.length === 0) return <Text dimColor>no messages yet</Text>;
  const widest = Math.max(6, Math.floor(width * 0.28));
  const senderWidth = maxOf(
    visible.map((message) => displayWidth(message.from, widest)),
    4,
  );
  const columns = { senderWidth, width };
  return (
    <WindowedList
      items={messages}
      window={window}
      focused={focused}
      row={(message, _, selected) => (
        <MessageLine key={message.key} message={message} selected={selected} senderColor={colors.get(message.from) ?? null} {...columns} />
      )}
    />
  );
});

/** The pane's list, from its model. */
const listOf = (pane: MemberPaneModel, colors: ReadonlyMap<string, string | null>, width: number) => (
  <Messages
    messages={pane.messages}
    log={pane.log}
    window={pane.window}
    rows={pane.rows}
    focused={pane.focused}
    colors={colors}
    width={width}
  />
);

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
      { text: ` ${pane.status}`, dimColor: member.departed },
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
          {listOf(pane, colors, layout.width - 4)}
        </Box>
      </Box>
    );
  }
  const inner = layout.width - 4;
  return (
    <Box flexDirection="column" width={layout.width} height={layout.height}>
      <TitleBar member={member} diagnosed={pane.diagnosed} focused={pane.focused} width={layout.width} statusText={pane.status} />
      <Box
        // Ink applies only the changed style props on update, and a new borderStyle
        // alone turns the top border back on: remount on focus change instead.
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
        <InfoLine pane={pane} status={status} width={inner} />
        {pane.notes.length > 0 ? <Notes pane={pane} width={inner} /> : null}
        {listOf(pane, colors, inner)}
      </Box>
    </Box>
  );
});

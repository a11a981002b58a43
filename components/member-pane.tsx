import { Box, Text } from 'ink';
import React from 'react';
import type { Handshake } from '../src/domain/handshakes.js';
import { formatAge, formatSince } from '../src/domain/time.js';
import type { MemberView } from '../src/store/selectors.js';
import type { PaneModel } from './dashboard-model.js';
import { MessageLine, UNREAD_MARK } from './message-line.js';
import { memberColor, palette, useTheme } from './theme.js';
import { fit, stringWidth } from './text.js';

const CORNERS = {
  round: { left: '╭', line: '─', right: '╮' },
  bold: { left: '┏', line: '━', right: '┓' },
} as const;

export function statusLabel(member: MemberView, now: number): string {
  const since = Number.isFinite(member.statusSince) && member.status !== 'lead' ? ` ${formatSince(Math.max(0, now - member.statusSince))}` : '';
  return `${member.status}${since}${member.departed ? ' · departed' : ''}`;
}

function details(member: MemberView): string {
  return [member.agentType, member.model, member.backendType].filter(Boolean).join(' · ');
}

function unreadLabel(member: MemberView): string {
  return member.unread > 0 ? `${UNREAD_MARK} ${member.unread} unread` : 'all read';
}

function markerFor(arrow: string, verb: string, handshakes: readonly Handshake[], other: (handshake: Handshake) => string): string {
  if (handshakes.length === 0) return '';
  const oldest = Math.max(...handshakes.map((handshake) => handshake.ageSeconds));
  const whom = handshakes.length === 1 ? other(handshakes[0]!) : `${handshakes.length}`;
  return `${arrow} ${verb} ${fit(whom, 24)} ${formatAge(oldest * 1000)}`;
}

/** `⇢ waits on team-lead 3m30s` / `⇠ owes worker 40s`: the member's open handshakes. */
export function handshakeMarker(pane: Pick<PaneModel, 'waitingOn' | 'owes'>): { text: string; stalled: boolean } | null {
  const text = [
    markerFor('⇢', 'waits on', pane.waitingOn, (handshake) => handshake.to),
    markerFor('⇠', 'owes', pane.owes, (handshake) => handshake.from),
  ]
    .filter(Boolean)
    .join(' ');
  if (!text) return null;
  const stalled = [...pane.waitingOn, ...pane.owes].some((handshake) => handshake.state === 'stalled');
  return { text, stalled };
}

function Marker({ marker }: { marker: ReturnType<typeof handshakeMarker> }) {
  const { paint } = useTheme();
  if (!marker) return null;
  return (
    <Text bold={marker.stalled} color={paint(marker.stalled ? palette.danger : palette.warning)}>
      {marker.text}{' '}
    </Text>
  );
}

export interface MemberPaneProps {
  readonly pane: PaneModel;
  readonly bordered: boolean;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly now: number;
}

function TitleBar({ member, focused, width, now }: { member: MemberView; focused: boolean; width: number; now: number }) {
  const { paint } = useTheme();
  const corners = focused ? CORNERS.bold : CORNERS.round;
  const color = paint(memberColor(member.color));
  const status = ` ${statusLabel(member, now)} `;
  const name = fit(`${member.isLead ? '★ ' : ''}${member.name}`, Math.max(4, width - 7 - stringWidth(status)));
  // `╭─ ` name ` ` fill status `─╮`
  const fill = Math.max(0, width - 6 - stringWidth(name) - stringWidth(status));
  return (
    <Text wrap="truncate-end">
      <Text color={color} bold={focused}>{`${corners.left}${corners.line} `}</Text>
      <Text color={color} bold>
        {name}
      </Text>
      <Text color={color} bold={focused}>{` ${corners.line.repeat(fill)}`}</Text>
      <Text dimColor={member.departed}>{status}</Text>
      <Text color={color} bold={focused}>{`${corners.line}${corners.right}`}</Text>
    </Text>
  );
}

function Messages({ pane, colors, width }: { pane: PaneModel; colors: ReadonlyMap<string, string | null>; width: number }) {
  const { messages, window } = pane;
  const visible = messages.slice(window.start, window.end);
  if (pane.layout.rows > 0 && visible.length === 0) return <Text dimColor>no messages yet</Text>;
  const longest = Math.max(4, ...visible.map((message) => stringWidth(message.from)));
  const senderWidth = Math.min(longest, Math.max(6, Math.floor(width * 0.28)));
  return (
    <>
      {visible.map((message, i) => (
        <MessageLine
          key={message.key}
          message={message}
          senderColor={colors.get(message.from) ?? null}
          selected={pane.focused && window.start + i === window.selected}
          senderWidth={senderWidth}
        />
      ))}
    </>
  );
}

export const MemberPane = React.memo(function MemberPane({ pane, bordered, colors, now }: MemberPaneProps) {
  const { paint } = useTheme();
  const { member, layout } = pane;
  const color = paint(memberColor(member.color));
  const unread = unreadLabel(member);
  const marker = handshakeMarker(pane);
  if (!bordered) {
    return (
      <Box flexDirection="column" width={layout.width} height={layout.height} overflowY="hidden">
        <Text wrap="truncate-end">
          <Text bold>{pane.focused ? '▸ ' : '  '}</Text>
          <Text color={color} bold inverse={pane.focused}>
            {member.isLead ? '★ ' : ''}
            {fit(member.name, 30)}
          </Text>
          <Text dimColor={member.departed}> {statusLabel(member, now)}</Text>
          <Text dimColor> · {fit(details(member), 40)} · </Text>
          <Marker marker={marker} />
          <Text color={member.unread > 0 ? paint(palette.accent) : undefined} dimColor={member.unread === 0}>
            {unread}
          </Text>
        </Text>
        <Box flexDirection="column" paddingLeft={4}>
          <Messages pane={pane} colors={colors} width={layout.width - 4} />
        </Box>
      </Box>
    );
  }
  const inner = layout.width - 4;
  return (
    <Box flexDirection="column" width={layout.width} height={layout.height}>
      <TitleBar member={member} focused={pane.focused} width={layout.width} now={now} />
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
        <Box justifyContent="space-between" width={inner}>
          <Text dimColor wrap="truncate-end">
            {fit(details(member), Math.max(1, inner - stringWidth(unread) - stringWidth(marker?.text ?? '') - 2))}
          </Text>
          <Text wrap="truncate-start">
            <Marker marker={marker} />
            <Text color={member.unread > 0 ? paint(palette.accent) : undefined} dimColor={member.unread === 0}>
              {unread}
            </Text>
          </Text>
        </Box>
        <Messages pane={pane} colors={colors} width={inner} />
      </Box>
    </Box>
  );
});

import { Box, Text } from 'ink';
import React from 'react';
import type { InboxMessage } from '../src/domain/inbox.js';
import { formatAge, formatClock, formatWait } from '../src/domain/time.js';
import { answersText, CONTRADICTING } from './detail-content.js';
import type { DetailModel } from './dashboard-model.js';
import { memberColor, palette, useTheme } from './theme.js';
import { FittedLine, type Part } from './fitted-line.js';
import { fit } from './text.js';
import { statusLabel } from './member-pane.js';
import { STEP_COLORS } from './workflow-view.js';

export interface DetailViewProps {
  readonly detail: DetailModel;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly width: number;
  readonly now: number;
}

/** `delivered 14:45:48, 0.4s after it came`: when it left its inbox file, and how long it sat there. */
function deliveryText(message: InboxMessage): string {
  if (!Number.isFinite(message.deliveredAt)) return 'delivered (gone from the inbox file)';
  const came = Number.isFinite(message.seenAt) ? message.seenAt : message.time;
  const wait = Number.isFinite(came) ? `, ${formatWait(Math.max(0, message.deliveredAt - came))} after it came` : '';
  return `delivered ${formatClock(message.deliveredAt)}${wait} (gone from the inbox file)`;
}

/** Two lines of facts about the opened item, each fitted to `width`. */
function Facts({ detail, colors, now, width }: DetailViewProps) {
  const { paint } = useTheme();
  const name = (who: string): Part => ({ text: fit(who, 40), color: paint(memberColor(colors.get(who))), bold: true });
  const { item } = detail;
  let first: Part[];
  let second: Part[];
  if (item.kind === 'handshake') {
    const { handshake } = item;
    first = [
      { text: `${fit(handshake.kind, 40)} `, bold: true },
      name(handshake.from),
      { text: ' asked ', dimColor: true },
      name(handshake.to),
    ];
    second = [
      {
        text: answersText(handshake),
        bold: true,
        color: paint(
          handshake.state === 'approved' && !handshake.contradicting
            ? palette.ok
            : handshake.state === 'pending'
              ? palette.warning
              : palette.danger,
        ),
      },
      ...(handshake.contradicting ? [{ text: ` ${CONTRADICTING}`, bold: true, color: paint(palette.danger) }] : []),
      {
        text: `${handshake.response ? '' : ` for ${formatAge(handshake.ageSeconds * 1000)}`}${handshake.orphan ? ' · the request was never seen' : ''}`,
        dimColor: true,
      },
    ];
  } else if (item.kind === 'task') {
    const { task } = item;
    first = [{ text: `${fit(`#${task.id}`, 40)} ${fit(task.subject || '(no subject)', 200)}`, bold: true }];
    second = [
      { text: 'owner ', dimColor: true },
      task.owner ? { text: fit(task.owner, 40), color: paint(memberColor(colors.get(task.owner))) } : { text: '—' },
      { text: ` · ${task.state.replace('_', ' ')}${task.internal ? ' · teammate tracker' : ''}`, dimColor: true },
    ];
  } else if (item.kind === 'step') {
    const { step, spec } = item;
    first = [
      { text: `${fit(step.name, 60)} `, bold: true },
      { text: `step of ${fit(spec.name, 40)} · `, dimColor: true },
      name(step.agent),
    ];
    second = [{ text: step.state, bold: true, color: paint(STEP_COLORS[step.state]) }];
  } else if (item.kind === 'member' || item.kind === 'log-line') {
    const { member } = item;
    first = [{ ...name(member.name), text: `${member.isLead ? '★ ' : ''}${fit(member.name, 40)}` }];
    if (item.kind === 'log-line') {
      first.push({ text: ` · output.log line ${item.number}`, dimColor: true });
      second = [{ text: member.agent?.log?.present === false ? 'the file was removed' : 'output.log', dimColor: true }];
    } else {
      first.push({
        text: ` · ${fit([member.agentType, member.model, member.backendType].filter(Boolean).join(' · '), 120)}`,
        dimColor: true,
      });
      second = [
        { text: statusLabel(member, now), bold: true, color: member.status === 'failed' ? paint(palette.danger) : undefined },
        { text: member.unread > 0 ? ` · ${member.unread} unread` : '', dimColor: true },
      ];
    }
  } else {
    const { message, recipients } = item;
    const when = message.timestamp
      ? `${fit(message.timestamp, 40)}${Number.isFinite(message.time) ? ` (${formatAge(Math.max(0, now - message.time))} ago)` : ''}`
      : 'no timestamp';
    first = [
      { ...name(message.from), color: paint(memberColor(colors.get(message.from) ?? message.color)) },
      { text: ' → ', dimColor: true },
    ];
    recipients.forEach((recipient, i) => {
      if (i > 0) first.push({ text: ', ' });
      first.push(name(recipient));
    });
    first.push({ text: ` · ${message.kind === 'text' ? 'message' : fit(message.kind, 40)}`, dimColor: true });
    if (message.summary) first.push({ text: ` · ${fit(message.summary, 120)}` });
    second = [
      { text: `${when} · ${message.read ? 'read' : 'unread'}${message.delivered ? ` · ${deliveryText(message)}` : ''}`, dimColor: true },
    ];
  }
  return (
    <>
      <FittedLine parts={first} width={width} />
      <FittedLine parts={second} width={width} />
    </>
  );
}

/** An opened message or task, full width, scrollable. */
export function DetailView({ detail, colors, width, now }: DetailViewProps) {
  const { paint } = useTheme();
  const { lines, page, scroll } = detail;
  const shown = lines.slice(scroll, scroll + page);
  const position = lines.length > page ? ` ${scroll + 1}-${Math.min(lines.length, scroll + page)} of ${lines.length} lines ` : '';
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={paint(palette.accent)} width={width} paddingX={1}>
      <Facts detail={detail} colors={colors} now={now} width={width - 4} />
      {shown.map((line, i) => (
        // Lines were wrapped to the width already (detail-content.ts): nothing here is cut.
        <Text key={scroll + i} wrap="truncate-end">
          {line === '' ? ' ' : line}
        </Text>
      ))}
      <FittedLine
        parts={[{ text: `esc close${position ? ` · ↑↓ PgUp PgDn scroll ·${position}` : ''}`, dimColor: true }]}
        width={width - 4}
      />
    </Box>
  );
}
